// The scoreboard page. (Its live part polls board_live with htmx alone while its stream is not
// open: 204 while nothing changed, which htmx does not swap.)
(() => {
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
