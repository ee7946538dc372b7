// Pages that follow changes (the board, an event's standings, display and organizer page) listen
// to the server's stream (scorer/platform/push/stream.py) through htmx's SSE extension: a wrapper with
// sse-connect and sse-swap, whose content (the live part) each change replaces; the wrapper stays,
// so its listener does too (one on a replaced element missed the next event). The part carries
// its polling (hx-trigger "every Ns, okeycalc:wake", data-live-poll): the fallback.
// While a stream is open (it said "hello") the polls are held back; when it drops (a proxy that
// buffers, a server restarting) they go on until it is back. A phone that wakes asks at once.
(() => {
  "use strict";

  const PUSHED_TOKEN = "pushed"; // scorer/platform/push/parts.py PUSHED_CSRF_TOKEN
  const WAKE = "okeycalc:wake";
  let open = 0; // streams of this page that said hello and are still open

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch {
      return "";
    }
  }

  // A pushed part is the same for every device: its forms get this page's own CSRF token.
  function ownToken(root) {
    const token = csrfToken();
    if (!token || !root.querySelectorAll) return;
    root.querySelectorAll(`input[name="csrfmiddlewaretoken"][value="${PUSHED_TOKEN}"]`).forEach((input) => {
      input.value = token;
    });
  }

  function wake() {
    document.querySelectorAll("[data-live-poll]").forEach((part) => htmx.trigger(part, WAKE));
  }

  function watch(source) {
    let said = false;
    source.addEventListener("hello", () => {
      if (!said) open += 1;
      said = true;
      document.documentElement.dataset.live = "stream";
      document.dispatchEvent(new CustomEvent("okeycalc:stream-hello"));
    });
    const lost = () => {
      if (said) open -= 1;
      said = false;
      if (!open) document.documentElement.dataset.live = "poll";
    };
    source.addEventListener("error", lost);
    const close = source.close.bind(source);
    source.close = () => {
      lost();
      close();
    };
  }

  // Somebody is in one of the part's forms (a choice not sent yet): a swap would wipe it.
  function busy(part) {
    const focused = document.activeElement;
    return Boolean(focused && focused !== document.body && part.contains(focused) && focused.form);
  }

  function init() {
    if (typeof htmx === "undefined" || !htmx.createEventSource) return;
    const create = htmx.createEventSource;
    htmx.createEventSource = (url) => {
      const source = create(url);
      watch(source);
      return source;
    };
    document.documentElement.dataset.live = "poll";

    document.addEventListener("htmx:beforeRequest", (event) => {
      const part = event.detail.elt;
      if (!open || !part.hasAttribute || !part.hasAttribute("data-live-poll") || event.detail.requestConfig?.verb !== "get") return;
      const trigger = event.detail.requestConfig.triggeringEvent;
      if (!trigger || trigger.type !== WAKE) event.preventDefault(); // the stream brings it
    });

    document.addEventListener("htmx:sseBeforeMessage", (event) => {
      const part = event.target;
      const shown = part.querySelector("[data-etag]");
      if (event.detail.lastEventId && shown && shown.dataset.etag === event.detail.lastEventId) {
        event.preventDefault(); // a poll brought this state already
      } else if (busy(part)) {
        event.preventDefault(); // somebody is filling in a form of this part: asked once it is left
        part.dataset.behind = "1";
      }
    });

    document.addEventListener("focusout", (event) => {
      const part = event.target.closest && event.target.closest("[data-behind]");
      if (!part) return;
      setTimeout(() => {
        if (!busy(part) && part.dataset.behind) {
          delete part.dataset.behind;
          const poll = part.querySelector("[data-live-poll]");
          if (poll) htmx.trigger(poll, WAKE);
        }
      }, 0);
    });

    document.addEventListener("htmx:load", (event) => ownToken(event.detail.elt));
    ownToken(document);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") wake();
    });
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) wake();
    });
    window.addEventListener("online", wake);
  }

  // At once (a deferred script runs before htmx processes the page): the first stream is watched too.
  init();
})();
