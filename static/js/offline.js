// okeycalc offline: registers the service worker (/sw.js, static/js/serviceworker.js) once the
// page has loaded, and shows what works without a connection. Every page works without this file.
//  - the status line (templates/_offline_status.html): offline or the server unreachable, hands
//    waiting to be sent, a page that is a stored copy and from when;
//  - a table's hand page: a request id made on this device (the server stores a hand once),
//    the hand's number after the hands waiting on this device, the preview that needs the server;
//  - the scorekeeper's board: the hands waiting on this device, with what was typed.
(() => {
  const script = document.currentScript;
  const worker = navigator.serviceWorker;
  const status = () => document.getElementById("offline-status");
  const html = document.documentElement;
  const stateKey = (table) => `okeycalc:table:${table}`;
  const typedKey = (rid) => `okeycalc:typed:${rid}`;
  // Sending again after a failure: soon at first, then less often (2 s, 4 s, 8 s, then every 15 s).
  const RETRY_FIRST_MS = 2000;
  const RETRY_MAX_MS = 15000;

  const read = (key) => {
    try {
      return JSON.parse(localStorage.getItem(key) || "null");
    } catch (error) {
      return null;
    }
  };
  const write = (key, value) => {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch (error) {
      // private mode or full: the page still works, only less is remembered
    }
  };
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (all, name) => values[name] ?? all);
  const clock = (time) =>
    new Intl.DateTimeFormat(html.lang || undefined, { hour: "2-digit", minute: "2-digit" }).format(time);
  const plural = (el, name, n) => {
    const form = new Intl.PluralRules(html.lang || undefined).select(n) === "one" ? "One" : "Other";
    return fill(el.dataset[name + form], { n });
  };

  // --- talking to the service worker ------------------------------------------------------------
  // The worker that controls this page, or the one that is about to (its first visit).
  const activeWorker = async () => worker?.controller || (worker && (await worker.getRegistration())?.active);
  const ask = async (message) => {
    const target = await activeWorker();
    return new Promise((resolve) => {
      if (!target) return resolve(null);
      const channel = new MessageChannel();
      const timer = setTimeout(() => resolve(null), 5000);
      channel.port1.onmessage = (event) => {
        clearTimeout(timer);
        resolve(event.data);
      };
      target.postMessage({ okeycalc: message.type, ...message }, [channel.port2]);
    });
  };

  // --- what this device knows of a table ---------------------------------------------------------
  // The newest count of live hands seen on any page of the table (its version only grows).
  const remember = (table, version, hands) => {
    const known = read(stateKey(table));
    if (!known || known.version <= version) write(stateKey(table), { version, hands, seen: Date.now() });
  };
  const seen = (table) => {
    const known = read(stateKey(table)) || {};
    write(stateKey(table), { ...known, seen: Date.now() });
  };

  // --- the status line ------------------------------------------------------------------------------
  let problem = false; // a request to the server failed since the last one that worked
  let queue = { hands: [] };
  const meta = (name) => document.querySelector(`meta[name="okeycalc-${name}"]`)?.content || "";
  const tableOf = () => meta("table");

  const showStatus = () => {
    const el = status();
    if (!el) return;
    const parts = [];
    const offline = navigator.onLine === false;
    if (offline) parts.push(el.dataset.offline);
    else if (problem || queue.problem) parts.push(el.dataset.unreachable);
    const waiting = queue.hands.filter((hand) => hand.state === "waiting").length;
    const held = queue.hands.length - waiting;
    if (waiting) parts.push(plural(el, "waiting", waiting));
    if (held) parts.push(el.dataset.held);
    if (waiting && !offline && !problem && !queue.problem) parts.unshift(el.dataset.sending);
    const table = tableOf();
    const copy = html.dataset.offlineCopy;
    if ((offline || problem || copy) && parts.length < 2) {
      const last = table && read(stateKey(table))?.seen;
      const time = last || (copy && Date.parse(copy));
      if (time) parts.push(fill(el.dataset.updated, { time: clock(new Date(time)) }));
    }
    el.querySelector("[data-offline-text]").textContent = parts.join(" · ");
    el.hidden = parts.length === 0;
  };

  const refreshQueue = async () => {
    const table = tableOf();
    const state = await ask({ type: "state", table });
    if (!state) return;
    queue = state;
    showStatus();
    document.dispatchEvent(new CustomEvent("okeycalc:queue", { detail: state }));
  };

  // --- the hand page --------------------------------------------------------------------------------
  const newRequestId = () =>
    crypto.randomUUID?.() ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

  // A label whose visible words change with the state (or are a short form) names the field in data-label.
  const labelOf = (form, control) => {
    const label = form.querySelector(`label[for="${control.id}"]`);
    return label?.dataset.label || label?.textContent.trim() || control.name;
  };

  // What was typed, in the page's own words, for the board to show while the hand waits.
  const typed = (form) => {
    const finisher = form.querySelector('input[name="finisher"]:checked');
    const players = [];
    for (const player of form.querySelectorAll("[data-player]")) {
      const flags = form.querySelector(`[data-finish-flags="${player.dataset.player}"]`);
      const parts = [];
      for (const control of [...player.querySelectorAll("input, select"), ...(flags?.querySelectorAll("input") || [])]) {
        if (control.disabled || control.type === "hidden") continue;
        if (control.type === "radio" || control.type === "checkbox") {
          if (control.checked) parts.push(labelOf(form, control));
        } else if (control.tagName === "SELECT") {
          if (control.value) parts.push(`${labelOf(form, control)}: ${control.selectedOptions[0]?.text || control.value}`);
        } else if ((Number.parseInt(control.value, 10) || 0) > 0) {
          parts.push(`${labelOf(form, control)} ${control.value}`);
        }
      }
      const name = player.querySelector(".player-name")?.textContent.trim() || "";
      players.push({ name, parts });
    }
    return { finisher: finisher ? labelOf(form, finisher) : "", players };
  };

  const handPage = (page) => {
    const form = page.querySelector("form#hand-form");
    const guard = form?.querySelector('input[name="hands_before"]');
    const rid = form?.querySelector('input[name="request_id"]');
    if (!form || !guard || !rid) return;
    // A page the server sent back about one hand (changed meanwhile, something to fix) keeps that
    // hand's id and the count the server gave: only a fresh form follows the hands kept here.
    const fresh = !rid.value;
    if (fresh) rid.value = newRequestId();
    const table = tableOf();
    const shown = Number(guard.value);
    if (!html.dataset.offlineCopy) remember(table, Number(page.dataset.version), shown);

    // The number after the hands waiting on this device, or the newest count seen elsewhere.
    document.addEventListener("okeycalc:queue", (event) => {
      if (!fresh) return;
      const hands = event.detail.hands;
      const known = read(stateKey(table));
      let before = known && known.version > Number(page.dataset.version) ? known.hands : shown;
      if (hands.length) before = hands[hands.length - 1].handsBefore + 1;
      if (before === Number(guard.value)) return;
      guard.value = String(before);
      renumber(page, before + 1);
    });

    form.addEventListener("submit", () => {
      write(typedKey(rid.value), { ...typed(form), at: Date.now() });
    });

    // The preview needs the server: offline it says so, and no number stays on screen.
    const preview = document.getElementById("hand-preview");
    const unavailable = document.getElementById("preview-offline");
    const noPreview = () => {
      if (!preview || !unavailable) return;
      preview.replaceChildren(unavailable.content.cloneNode(true));
      for (const total of document.querySelectorAll("[data-bar-total]")) {
        total.textContent = "—";
        total.dataset.barTotal = "";
      }
    };
    document.body.addEventListener("htmx:sendError", (event) => {
      if (event.target === form) noPreview();
    });
    document.body.addEventListener("htmx:timeout", (event) => {
      if (event.target === form) noPreview();
    });
    if (navigator.onLine === false) noPreview();
    window.addEventListener("offline", noPreview);
    window.addEventListener("online", () => window.htmx?.trigger(form, "change"));
  };

  const renumber = (page, number) => {
    const heading = page.querySelector("[data-hand-title]");
    if (heading) heading.textContent = fill(heading.dataset.handTitle, { n: number });
    const players = [...page.querySelectorAll("[data-player]")];
    if (!players.length) return;
    // The dealer of the hand shown follows the last stored hand's; each hand kept here moves it on.
    const shift = number - Number(page.dataset.shownNumber);
    const dealer = (((Number(page.dataset.nextDealer) + shift) % players.length) + players.length) % players.length;
    const name = players[dealer].querySelector(".player-name")?.textContent.trim() || "";
    const line = page.querySelector("[data-dealer-line]");
    if (line) line.textContent = fill(line.dataset.dealerLine, { name });
    const badge = page.querySelector(".dealer-badge");
    if (badge) players[dealer].querySelector("legend")?.append(badge);
    const planned = Number(page.dataset.planned);
    page.querySelector("[data-save]")?.toggleAttribute("disabled", number > planned);
  };

  // --- the scorekeeper's board: the hands waiting on this device ---------------------------------
  const pendingList = (box) => {
    const list = box.querySelector("[data-pending-list]");
    const template = box.querySelector("#pending-hand");
    const render = (hands) => {
      list.replaceChildren();
      for (const hand of hands) {
        const item = template.content.firstElementChild.cloneNode(true);
        item.dataset.pendingHand = hand.rid;
        item.dataset.state = hand.state;
        const label = item.querySelector("[data-n]");
        label.textContent = fill(label.dataset.n, { n: hand.handsBefore + 1 });
        item.querySelector("[data-state]").textContent = box.dataset[hand.state];
        const what = read(typedKey(hand.rid)) || fromBody(hand.body, box);
        item.querySelector("[data-finisher]").textContent = what.finisher
          ? fill(box.dataset.finisher, { name: what.finisher })
          : "";
        const typedList = item.querySelector("[data-typed]");
        for (const player of what.players) {
          const li = document.createElement("li");
          li.textContent = `${player.name}: ${player.parts.join(", ") || "—"}`;
          typedList.append(li);
        }
        if (hand.state === "attention") {
          const open = item.querySelector("[data-open]");
          open.href = hand.page;
          open.hidden = false;
          const discard = item.querySelector("[data-discard]");
          discard.hidden = false;
          discard.addEventListener("click", async () => {
            if (!window.confirm(box.dataset.discardConfirm)) return;
            await ask({ type: "discard", table: tableOf(), rid: hand.rid });
            refreshQueue();
          });
        }
        list.append(item);
      }
      box.hidden = hands.length === 0;
    };
    document.addEventListener("okeycalc:queue", (event) => render(event.detail.hands));
  };

  // Without the words the hand page kept (another browser profile, storage cleared): the form's own values.
  const fromBody = (body, box) => {
    const params = new URLSearchParams(body);
    const names = (box.dataset.players || "").split("\n");
    const finisher = params.get("finisher");
    return {
      finisher: finisher === "deck" ? box.dataset.deck : names[Number(finisher)] || "",
      players: names.map((name, i) => ({
        name,
        parts: ["points", "okeys", "fake_okeys"].map((k) => params.get(`p${i}-${k}`)).filter((v) => Number(v) > 0),
      })),
    };
  };

  // --- every board: polls, and the time it was last updated ----------------------------------------
  const board = (table) => {
    const live = () => document.getElementById("board-live");
    const note = () => {
      const el = live();
      if (el) remember(table, Number(el.dataset.version), Number(el.querySelector("[data-hands-played]")?.dataset.handsPlayed));
    };
    if (!html.dataset.offlineCopy) {
      note();
      seen(table);
    }
    document.body.addEventListener("htmx:afterRequest", (event) => {
      if (event.target.id !== "board-live" && !event.target.closest?.("#board-live")) return;
      const xhr = event.detail.xhr;
      const fromCache = xhr.getResponseHeader("X-Okeycalc-Offline-Copy");
      problem = !event.detail.successful || Boolean(fromCache) || xhr.status === 0;
      if (!problem) {
        seen(table);
        delete html.dataset.offlineCopy; // the board on screen is the server's again
      }
      showStatus();
    });
    document.body.addEventListener("htmx:afterSwap", (event) => {
      const pushed = event.target.classList?.contains("live-stream"); // a pushed board (live.js)
      if (pushed || event.target.id === "board-live" || event.detail.elt?.id === "board-live") note();
    });
    document.body.addEventListener("htmx:sendError", () => {
      problem = true;
      showStatus();
    });
    // The server's stream is open (static/js/live.js): what it pushes is the server's board.
    const streamed = () => {
      problem = false;
      seen(table);
      delete html.dataset.offlineCopy;
      showStatus();
    };
    document.addEventListener("okeycalc:stream-hello", streamed);
    document.body.addEventListener("htmx:sseMessage", (event) => {
      if (event.target.querySelector?.("#board-live")) streamed();
    });
    // Back online: the board now, not at the next poll (live.js lets this ask through).
    window.addEventListener("online", () => {
      const el = live();
      if (el && window.htmx && el.hasAttribute("hx-get")) htmx.trigger(el, "okeycalc:wake");
    });
  };

  // --- start ---------------------------------------------------------------------------------------
  const start = () => {
    if (html.dataset.offlineCopy) {
      // A stored copy: the messages it carried were for then, not now.
      for (const messages of document.querySelectorAll(".messages")) messages.hidden = true;
    }
    const table = tableOf();
    const page = document.querySelector("[data-hand-page][data-version]");
    if (page && table) handPage(page);
    const box = document.querySelector("[data-pending-hands]");
    if (box) pendingList(box);
    if (document.getElementById("board-live") && table) board(table);
    window.addEventListener("online", () => {
      problem = false;
      showStatus();
      ask({ type: "send" }).then(refreshQueue);
    });
    window.addEventListener("offline", showStatus);
    showStatus();
    if (!worker) return;
    worker.addEventListener("message", (event) => {
      if (event.data?.okeycalc === "queue") refreshQueue();
    });
    worker.addEventListener("controllerchange", refreshQueue);
    refreshQueue();
    // Hands waiting and a server that seems away (café wifi: connected, reaching nothing): try
    // again while the page is open, soon after a failure and then less often.
    let retryMs = RETRY_FIRST_MS;
    const retry = () =>
      setTimeout(() => {
        if (!queue.hands.some((hand) => hand.state === "waiting") || navigator.onLine === false) {
          retryMs = RETRY_FIRST_MS;
          retry();
          return;
        }
        ask({ type: "send" }).then((answer) => {
          problem = answer ? !answer.ok : problem;
          retryMs = problem ? Math.min(retryMs * 2, RETRY_MAX_MS) : RETRY_FIRST_MS;
          refreshQueue();
          retry();
        });
      }, retryMs);
    retry();
    // The pages to have offline at this table (its hand page, "Masalarım" listing it).
    const warm = meta("warm");
    if (warm && navigator.onLine !== false && !html.dataset.offlineCopy) {
      worker.ready.then(() => ask({ type: "warm", urls: JSON.parse(warm) }));
    }
  };

  const register = () => {
    if (!worker || !script?.dataset.serviceWorker) return;
    worker.register(script.dataset.serviceWorker, { scope: script.dataset.scope }).catch(() => {
      // not allowed here (an insecure origin, a blocked worker): the site works as without it
    });
  };

  document.addEventListener("DOMContentLoaded", start);
  // After the page: the worker and Workbox load once everything the page needs has.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
})();
