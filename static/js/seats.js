// Find your seat (templates/scorer/events/standings.html): the search box filters the round's
// seat list as one types, and again after every live swap of the standings. Without JavaScript
// the box is a plain GET form and the server shows the matches.
(() => {
  "use strict";

  /** A name folded as the server folds it (scorer/events/public.py fold): Turkish İ/ı aside. */
  function fold(text) {
    return text.replaceAll("I", "ı").replaceAll("İ", "i").toLowerCase();
  }

  function filter() {
    const input = document.querySelector('[data-seat-search] input[name="ara"]');
    const list = document.querySelector("[data-seat-list]");
    if (!input || !list) return;
    const wanted = fold(input.value.trim());
    let shown = 0;
    list.querySelectorAll("tr[data-search]").forEach((row) => {
      row.hidden = wanted !== "" && !row.dataset.search.includes(wanted);
      if (!row.hidden) shown += 1;
    });
    list.dataset.shown = String(shown);
  }

  document.addEventListener("DOMContentLoaded", () => {
    const form = document.querySelector("[data-seat-search]");
    if (!form) return;
    const results = document.querySelector("[data-seat-results]");
    if (results) results.hidden = true; // the list itself is filtered instead
    form.addEventListener("input", filter);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      filter();
    });
    document.body.addEventListener("htmx:afterSwap", filter);
    document.body.addEventListener("htmx:sseMessage", filter);
    filter();
  });
})();
