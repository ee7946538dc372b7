// The live scoreboard: htmx polls board_live every few seconds. The browser revalidates its
// cached copy with If-None-Match; the server answers 304 while nothing changed, and the browser
// hands htmx its cached 200. Swapping that identical copy in again would reset the reader's
// focus, so skip it when the ETag is the one on the page.
(() => {
  const LIVE_ID = "board-live";
  const bareTag = (value) => (value || "").replace(/^W\//, "").replaceAll('"', "");

  document.addEventListener("htmx:beforeSwap", (event) => {
    const target = event.detail.target;
    if (!target || target.id !== LIVE_ID) return;
    const xhr = event.detail.xhr;
    const etag = bareTag(xhr.getResponseHeader("ETag"));
    if (xhr.status === 304 || (etag && etag === target.dataset.etag)) {
      event.detail.shouldSwap = false;
    }
  });

  // "Rövanş" is sent once: a double tap would only be answered with the same table (the server
  // is idempotent), but the second request must not cancel the first one's response.
  document.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (!event.target.matches("[data-rematch-form]") || !button) return;
    if (button.dataset.sent) {
      event.preventDefault();
      return;
    }
    button.dataset.sent = "1";
    button.setAttribute("aria-disabled", "true");
  });
})();
