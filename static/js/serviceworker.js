// okeycalc's service worker code, imported by /sw.js (scorer/shell/views/offline.py) after Workbox.
// self.okeycalc holds this deployment's release and URLs.
//
//  - Static files: from the cache (the ones every page uses are cached when the worker installs).
//  - Pages: from the network, or after a few seconds without an answer from the last copy this
//    device got; a page never opened here: the offline page. Caches are named after the release,
//    and a new release's worker takes over at once and deletes the old ones.
//  - A page marked no-store (one that carries an edit or organizer link) is never kept. The
//    scorekeeper's board names the copy to keep instead (the same board without the edit link),
//    which is fetched and kept before the board is shown.
//  - Boards' live polls: from the network; offline, the last answer, marked as such.
//  - A hand saved on a table's hand page when the server cannot be reached is kept on the
//    device in a Workbox background-sync queue, in order, and sent by itself later. The server
//    stores it at most once (hands_before and the page's request_id). A hand the server does
//    not take as it is (another phone saved meanwhile, something to fix) waits, with the
//    server's page, for the scorekeeper: "held", with that table's later hands behind it.
/* global workbox */
(() => {
  const config = self.okeycalc;
  const { release } = config;
  const CACHE = {
    pages: `okeycalc-pages-${release}`,
    static: `okeycalc-static-${release}`,
    live: `okeycalc-live-${release}`,
  };
  // Not versioned: what a held hand needs survives a new release, like the queues.
  const HELD_PAGES = "okeycalc-held-pages";
  const PAGE_TIMEOUT = 4; // seconds before a page comes from the cache instead
  const SAVE_TIMEOUT = 8000; // ms before a hand is kept on the device instead
  const REPLAY_TIMEOUT = 20000;
  const KEEP_MINUTES = 60 * 24 * 180; // like an edit grant: a hand waits up to 180 days
  const ID = "T".repeat(16);

  workbox.core.setCacheNameDetails({ prefix: "okeycalc", suffix: release });
  self.skipWaiting();
  workbox.core.clientsClaim();

  // --- URLs of a table ------------------------------------------------------------------------
  const patternOf = (template) => {
    const [head, tail] = template.split(ID);
    return new RegExp(`^${head}([A-Za-z0-9_-]{16,32})${tail}$`);
  };
  const BOARD = patternOf(config.board);
  const HAND_NEW = patternOf(config.handNew);
  const LIVE = patternOf(config.live);
  const boardUrl = (table) => config.board.replace(ID, table);
  const handNewUrl = (table) => config.handNew.replace(ID, table);
  const heldPageUrl = (table, rid) => `${handNewUrl(table)}?bekleyen=${encodeURIComponent(rid)}`;

  // --- caching --------------------------------------------------------------------------------
  workbox.precaching.precacheAndRoute(config.precache);

  const ok = new workbox.cacheableResponse.CacheableResponsePlugin({ statuses: [200] });
  const noStore = (response) => /no-store/.test(response.headers.get("Cache-Control") || "");
  const notStored = { cacheWillUpdate: async ({ response }) => (noStore(response) ? null : response) };
  // A page or poll answered from the cache says so: <html data-offline-copy="…"> for pages
  // (static/js/offline.js then stamps it with the time it was fetched), a header for polls.
  const markedCopy = {
    cachedResponseWillBeUsed: async ({ cachedResponse }) => {
      if (!cachedResponse) return cachedResponse;
      const fetched = cachedResponse.headers.get("Date") || "";
      const headers = new Headers(cachedResponse.headers);
      headers.set("X-Okeycalc-Offline-Copy", fetched || "1");
      const type = headers.get("Content-Type") || "";
      if (!type.startsWith("text/html")) return new Response(cachedResponse.body, { status: 200, headers });
      const html = (await cachedResponse.text()).replace(
        "<html ",
        `<html data-offline-copy="${fetched.replace(/[^\w ,:+-]/g, "")}" `,
      );
      headers.delete("Content-Length");
      return new Response(html, { status: 200, headers });
    },
  };

  workbox.routing.registerRoute(
    ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith(config.static),
    new workbox.strategies.CacheFirst({
      cacheName: CACHE.static,
      plugins: [ok, new workbox.expiration.ExpirationPlugin({ maxEntries: 80 })],
    }),
  );

  const cachedPage = (url) => config.noCache.every((part) => !url.pathname.includes(part));
  const pages = new workbox.strategies.NetworkFirst({
    cacheName: CACHE.pages,
    networkTimeoutSeconds: PAGE_TIMEOUT,
    matchOptions: { ignoreVary: true },
    plugins: [ok, notStored, markedCopy, new workbox.expiration.ExpirationPlugin({ maxEntries: 100 })],
  });
  const offlinePage = () => workbox.precaching.matchPrecache(config.offline);

  // Every page this code stores itself goes through here: a no-store page never, but the copy
  // the server names for it (X-Okeycalc-Offline-Version), if it is not no-store itself.
  const COPY_HEADER = "X-Okeycalc-Offline-Version";
  const keptCopies = new Map(); // page URL → the copy last kept for it, while this worker runs
  const keepPage = async (url, response) => {
    if (response.status !== 200) return;
    const cache = await caches.open(CACHE.pages);
    if (!noStore(response)) return cache.put(url, response.clone());
    const copy = response.headers.get(COPY_HEADER);
    if (!copy || keptCopies.get(url) === copy) return;
    const kept = await fetch(copy, { credentials: "same-origin", redirect: "error" }).catch(() => null);
    if (!kept || kept.status !== 200 || noStore(kept)) return;
    await cache.put(url, kept);
    keptCopies.set(url, copy);
  };

  // A held hand's page: what the server answered when the hand was sent (kept until it is decided).
  workbox.routing.registerRoute(
    ({ url, request }) => request.mode === "navigate" && HAND_NEW.test(url.pathname) && url.searchParams.has("bekleyen"),
    async ({ request }) => (await caches.open(HELD_PAGES)).match(request.url) || fetch(request),
  );
  workbox.routing.registerRoute(
    ({ url, request }) => request.mode === "navigate" && url.origin === self.location.origin && cachedPage(url),
    async (options) => {
      try {
        const response = await pages.handle(options);
        if (response && noStore(response)) await keepPage(options.request.url, response).catch(() => {});
        if (response) return response;
      } catch (error) {
        // neither the network nor the cache: below
      }
      return (await offlinePage()) || Response.error();
    },
  );
  workbox.routing.registerRoute(
    ({ url }) => url.origin === self.location.origin && LIVE.test(url.pathname),
    new workbox.strategies.NetworkFirst({
      cacheName: CACHE.live,
      networkTimeoutSeconds: PAGE_TIMEOUT,
      matchOptions: { ignoreVary: true },
      plugins: [ok, markedCopy, new workbox.expiration.ExpirationPlugin({ maxEntries: 30 })],
    }),
  );

  // Caches of other releases go when this worker takes over (the queues are kept).
  self.addEventListener("activate", (event) => {
    const current = new Set([...Object.values(CACHE), HELD_PAGES, workbox.core.cacheNames.precache]);
    event.waitUntil(
      caches.keys().then((names) =>
        Promise.all(names.filter((n) => n.startsWith("okeycalc-") && !current.has(n)).map((n) => caches.delete(n))),
      ),
    );
  });

  // --- the hands kept on the device -----------------------------------------------------------
  let running = null; // the one replay in progress
  let again = false;
  let lastProblem = ""; // "network" | "server" | "": why the last replay stopped
  const waiting = new workbox.backgroundSync.Queue("okeycalc-hands", {
    maxRetentionTime: KEEP_MINUTES,
    onSync: () => replay(),
  });
  // Held hands are never replayed by the browser: the scorekeeper decides (onSync does nothing).
  const held = new workbox.backgroundSync.Queue("okeycalc-hands-held", {
    maxRetentionTime: KEEP_MINUTES,
    onSync: async () => {},
  });

  // Every change of the two queues goes through this chain, one at a time.
  let chain = Promise.resolve();
  const locked = (work) => {
    const result = chain.then(work);
    chain = result.catch(() => {});
    return result;
  };

  const formRequest = (url, body) =>
    new Request(url, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      credentials: "same-origin",
      redirect: "follow",
    });

  const entriesOf = async (queue, table) =>
    (await queue.getAll()).filter((entry) => !table || entry.metadata?.table === table);

  const describe = async (entry, state) => ({
    rid: entry.metadata.rid,
    handsBefore: entry.metadata.handsBefore,
    at: entry.timestamp,
    state,
    status: entry.metadata.attention?.status ?? null,
    page: entry.metadata.attention ? heldPageUrl(entry.metadata.table, entry.metadata.rid) : null,
    body: await entry.request.clone().text(),
  });

  const tableState = async (table) => {
    const heldEntries = await entriesOf(held, table);
    const waitingEntries = await entriesOf(waiting, table);
    return {
      hands: [
        ...(await Promise.all(heldEntries.map((e) => describe(e, e.metadata.attention ? "attention" : "held")))),
        ...(await Promise.all(waitingEntries.map((e) => describe(e, "waiting")))),
      ],
      problem: waitingEntries.length ? lastProblem : "",
      sending: Boolean(running),
    };
  };

  const tell = async (table) => {
    for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: "window" })) {
      client.postMessage({ okeycalc: "queue", table });
    }
  };

  const withTimeout = (request, ms) => {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), ms);
    return fetch(request, { signal: abort.signal }).finally(() => clearTimeout(timer));
  };

  // What the server's answer to a kept hand means: "saved" (it redirected to the board: stored
  // now or already before), "retry" (the server is down or overloaded: nothing was stored), or
  // "attention" (a page about this hand: changed meanwhile, something to fix, no edit rights).
  const outcome = (response, table) => {
    if (response.redirected && new URL(response.url).pathname === boardUrl(table)) return "saved";
    if (response.status >= 500 || response.status === 429 || response.status === 408) return "retry";
    return "attention";
  };

  // Append first, then remove: a worker stopped in between leaves a copy, never a loss (the
  // request id makes the server store a hand once).
  const move = async (entry, to, metadata = entry.metadata) => {
    await to.pushRequest({ request: entry.request, metadata, timestamp: entry.timestamp });
  };

  const sendHead = async () => {
    const [entry] = await locked(() => waiting.getAll());
    if (!entry) return false;
    const { table } = entry.metadata;
    if ((await entriesOf(held, table)).length) {
      // the table waits for the scorekeeper: this hand waits behind the held one
      await locked(async () => {
        await move(entry, held);
        await waiting.shiftRequest();
      });
      await tell(table);
      return true;
    }
    let response;
    try {
      response = await withTimeout(entry.request.clone(), REPLAY_TIMEOUT);
    } catch (error) {
      lastProblem = "network";
      throw error;
    }
    const result = outcome(response, table);
    if (result === "retry") {
      lastProblem = "server";
      throw new Error(`server answered ${response.status}`);
    }
    if (result === "saved") await keepPage(boardUrl(table), response).catch(() => {});
    await locked(async () => {
      if (result === "attention") {
        await keepHeldPage(heldPageUrl(table, entry.metadata.rid), response);
        await move(entry, held, { ...entry.metadata, attention: { status: response.status } });
      }
      await waiting.shiftRequest();
    });
    lastProblem = "";
    await tell(table);
    return true;
  };

  // What the server answered about a held hand, for its page (never a no-store page).
  const keepHeldPage = async (url, response) => {
    if (!noStore(response)) await (await caches.open(HELD_PAGES)).put(url, response.clone());
  };

  const drain = async () => {
    while (await sendHead());
  };

  // One replay at a time; a request for another while one runs makes it go round once more.
  function replay() {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again);
      } finally {
        running = null;
        await tell("");
      }
    })();
    return running;
  }

  // --- saving a hand ----------------------------------------------------------------------------
  const keep = async (table, request, body, metadata, queue = waiting) => {
    await locked(() => queue.pushRequest({ request: formRequest(request.url, body), metadata }));
    await tell(table);
    replay().catch(() => {});
    return Response.redirect(boardUrl(table), 303);
  };

  // Later hands of a table that waited behind a decided one follow it: each one's hands_before
  // moves by as much as the decided hand's did.
  const release_ = async (table, shift) => {
    const followers = (await entriesOf(held, table)).filter((e) => !e.metadata.attention);
    for (const entry of followers) {
      const params = new URLSearchParams(await entry.request.clone().text());
      const handsBefore = entry.metadata.handsBefore + shift;
      params.set("hands_before", String(handsBefore));
      await waiting.pushRequest({
        request: formRequest(entry.request.url, params.toString()),
        metadata: { ...entry.metadata, handsBefore },
        timestamp: entry.timestamp,
      });
    }
    await dropHeld(table, () => true);
  };

  // The held queue rewritten: every entry appended again (or its replacement, or none), then the
  // old ones removed from the head; the order stays, and a stop in between leaves copies only.
  const rewriteHeld = async (change) => {
    const all = await held.getAll();
    const pages = await caches.open(HELD_PAGES);
    for (const entry of all) {
      const next = change(entry);
      if (next) await held.pushRequest(next === entry ? { ...entry } : next);
      else await pages.delete(heldPageUrl(entry.metadata.table, entry.metadata.rid));
    }
    for (let i = 0; i < all.length; i += 1) await held.shiftRequest();
  };

  const dropHeld = (table, which) =>
    rewriteHeld((entry) => (entry.metadata.table === table && which(entry) ? null : entry));

  // The scorekeeper saves a held hand again from its page: sent now; saved, the hands behind it follow.
  const decide = async (table, request, body, metadata, entry) => {
    let response = null;
    try {
      response = await withTimeout(request.clone(), SAVE_TIMEOUT);
    } catch (error) {
      // still no connection: it becomes a kept hand again, at the head of its table's hands
    }
    const shift = metadata.handsBefore - entry.metadata.handsBefore;
    if (response && response.type === "opaqueredirect") {
      await locked(async () => {
        await dropHeld(table, (e) => e.metadata.rid === metadata.rid);
        await release_(table, shift);
      });
      await tell(table);
      replay().catch(() => {});
      return response;
    }
    if (response && response.status < 500) {
      // the server still has something to say about it: the page shows it; the hand stays held
      await locked(async () => {
        const replacement = {
          request: formRequest(request.url, body),
          // the count it was typed after stays: the hands behind it move by how far it does
          metadata: { ...metadata, handsBefore: entry.metadata.handsBefore, attention: { status: response.status } },
          timestamp: entry.timestamp,
        };
        await rewriteHeld((e) => (e.metadata.table === table && e.metadata.rid === metadata.rid ? replacement : e));
        await keepHeldPage(heldPageUrl(table, metadata.rid), response);
      });
      await tell(table);
      return response;
    }
    await locked(async () => {
      await dropHeld(table, (e) => e.metadata.rid === metadata.rid);
      await waiting.pushRequest({ request: formRequest(request.url, body), metadata });
      await release_(table, shift);
    });
    await tell(table);
    replay().catch(() => {});
    return Response.redirect(boardUrl(table), 303);
  };

  const saveHand = async ({ url, request }) => {
    const table = url.pathname.match(HAND_NEW)[1];
    const type = request.headers.get("Content-Type") || "";
    if (!type.startsWith("application/x-www-form-urlencoded")) return fetch(request);
    const body = await request.clone().text();
    const params = new URLSearchParams(body);
    const rid = params.get("request_id") || "";
    // "A different hand: add it as the next" (another phone took its number) goes after the hands
    // the page showed: the hands held behind it move on by as many.
    const after = params.get("choice") === "add" ? params.get("shown_hands") : params.get("hands_before");
    const handsBefore = Number.parseInt(after || "", 10);
    if (!rid || Number.isNaN(handsBefore)) return fetch(request); // not a form this code made
    const metadata = { table, rid, handsBefore };
    const heldEntries = await entriesOf(held, table);
    const decided = heldEntries.find((e) => e.metadata.attention && e.metadata.rid === rid);
    if (decided) return decide(table, request, body, metadata, decided);
    if (heldEntries.length) return keep(table, request, body, metadata, held);
    if ((await entriesOf(waiting, table)).length || self.navigator.onLine === false) {
      return keep(table, request, body, metadata);
    }
    try {
      const response = await withTimeout(request.clone(), SAVE_TIMEOUT);
      if (response.status < 500) return response;
    } catch (error) {
      // no answer: kept on the device below
    }
    lastProblem = self.navigator.onLine === false ? "network" : "server";
    return keep(table, request, body, metadata);
  };

  workbox.routing.registerRoute(
    ({ url }) => url.origin === self.location.origin && HAND_NEW.test(url.pathname),
    saveHand,
    "POST",
  );

  // Any other form sent while the server cannot be reached: the offline page says it was not done.
  workbox.routing.registerRoute(
    ({ url, request }) => request.mode === "navigate" && url.origin === self.location.origin,
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        return (await offlinePage()) || Response.error();
      }
    },
    "POST",
  );

  // --- what the pages ask -------------------------------------------------------------------------
  const warm = async (urls) => {
    const cache = await caches.open(CACHE.pages);
    for (const { url, mention } of urls) {
      const cached = await cache.match(url, { ignoreVary: true });
      if (cached && (!mention || (await cached.clone().text()).includes(mention))) continue;
      try {
        await keepPage(url, await fetch(url, { credentials: "same-origin" }));
      } catch (error) {
        return; // offline: next time
      }
    }
  };

  self.addEventListener("message", (event) => {
    const message = event.data || {};
    const reply = (value) => event.ports[0]?.postMessage(value);
    let work;
    switch (message.okeycalc) {
      case "state":
        work = tableState(message.table).then(reply);
        break;
      case "send":
        work = replay().then(
          () => reply({ ok: true }),
          () => reply({ ok: false }),
        );
        break;
      case "discard":
        work = locked(() =>
          dropHeld(message.table, (e) => e.metadata.rid === message.rid).then(() => release_(message.table, 0)),
        )
          .then(() => tell(message.table))
          .then(() => replay().catch(() => {}))
          .then(() => reply({ ok: true }));
        break;
      case "warm":
        work = warm(message.urls || []).then(() => reply({ ok: true }));
        break;
      default:
        return;
    }
    event.waitUntil(work);
  });
})();
