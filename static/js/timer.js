// The round timer (templates/scorer/events/_round_timer.html): counts a running timer down each
// second from when it ends, by the server's clock (the page's <meta name="okeycalc-now">, in ms,
// corrects this device's); at zero it says to play the last hand. Pushed swaps bring new timers:
// each tick reads the page again. Without this file the timer says until when it runs.
(() => {
  "use strict";
  const meta = document.querySelector('meta[name="okeycalc-now"]');
  const offset = meta ? Number(meta.content) - Date.now() : 0;
  const pad = (n) => String(n).padStart(2, "0");
  const clock = (seconds) => {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    const rest = `${pad(minutes)}:${pad(seconds % 60)}`;
    return hours ? `${hours}:${rest}` : rest;
  };
  const tick = () => {
    for (const timer of document.querySelectorAll("[data-timer][data-ends-at]")) {
      const left = Math.max(0, Math.ceil((Number(timer.dataset.endsAt) - (Date.now() + offset)) / 1000));
      const running = timer.querySelector("[data-timer-running]");
      const over = timer.querySelector("[data-timer-over]");
      const shown = timer.querySelector("[data-timer-left]");
      if (shown) shown.textContent = clock(left);
      if (running) running.hidden = left === 0;
      if (over) over.hidden = left > 0;
      timer.dataset.state = left ? "running" : "over";
    }
  };
  tick();
  window.setInterval(tick, 1000);
  document.addEventListener("htmx:afterSettle", tick);
})();
