// The live scoreboard: htmx polls board_live every few seconds. The browser revalidates its
// cached copy with If-None-Match; the server answers 304 while nothing changed, and the browser
// hands htmx its cached 200. Swapping that identical copy in again would reset the table's
// scroll position and the reader's focus, so skip it when the ETag is the one on the page.
(() => {
  const LIVE_ID = "board-live";
  const bareTag = (value) => (value || "").replace(/^W\//, "").replaceAll('"', "");
  let scrollLeft = 0;

  document.addEventListener("htmx:beforeSwap", (event) => {
    const target = event.detail.target;
    if (!target || target.id !== LIVE_ID) return;
    const xhr = event.detail.xhr;
    const etag = bareTag(xhr.getResponseHeader("ETag"));
    if (xhr.status === 304 || (etag && etag === target.dataset.etag)) {
      event.detail.shouldSwap = false;
      return;
    }
    scrollLeft = target.querySelector(".board-scroll")?.scrollLeft || 0;
  });

  // A changed board keeps the reader's sideways scroll through a long row of players.
  document.addEventListener("htmx:afterSettle", () => {
    const scroller = document.querySelector(`#${LIVE_ID} .board-scroll`);
    if (scroller && scrollLeft) scroller.scrollLeft = scrollLeft;
  });
})();
