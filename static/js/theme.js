// Follow the system's light or dark theme (Bootstrap's data-bs-theme). Loaded in <head> without
// defer so that the page never flashes the wrong theme; a file, not an inline script, so that
// the Content-Security-Policy allows scripts from our own origin only.
(() => {
  const dark = window.matchMedia("(prefers-color-scheme: dark)");
  const apply = () => document.documentElement.setAttribute("data-bs-theme", dark.matches ? "dark" : "light");
  apply();
  dark.addEventListener("change", apply);
})();
