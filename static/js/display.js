// The venue display (templates/scorer/events/display.html): a TV that nobody scrolls. Each panel
// ([data-pager]) groups its items ([data-pager-item]) into pages that fit the panel's window
// ([data-pager-window]) as measured in this browser, and shows one page at a time, turning every
// few seconds (data-page-seconds on <body>). The live part is polled by htmx (204 while nothing
// changed); after a swap the new items are measured again and each panel stays on its page.
// Without JavaScript the server's own pages show (the `hidden` items) and a meta refresh turns them.
(() => {
  "use strict";

  /** Page number of each item: a page starts at an item whose bottom no longer fits under the
   *  page's first item. Boxes are {top, bottom} in one coordinate system, in document order;
   *  items side by side (one grid row) share a top and so a page. Pure: tested on its own. */
  function pageNumbers(boxes, capacity) {
    const pages = [];
    let start = null;
    let page = -1;
    for (const box of boxes) {
      if (start === null || box.bottom - start > capacity + 0.5) {
        page += 1;
        start = box.top;
      }
      pages.push(page);
    }
    return pages;
  }

  /** Page number of each of ``count`` items laid out in ``columns`` columns of ``rows`` rows
   *  (column-major, like the seating screen): rows are balanced so that the last page's columns
   *  come out even. Returns {rows, pages}. Pure: tested on its own. */
  function columnPages(count, columns, capacityRows) {
    const perPage = Math.max(1, columns * Math.max(1, capacityRows));
    const pageCount = Math.max(1, Math.ceil(count / perPage));
    const rows = Math.min(Math.max(1, capacityRows), Math.ceil(count / (pageCount * columns)) || 1);
    const pages = [];
    for (let k = 0; k < count; k += 1) pages.push(Math.floor(k / (rows * columns)));
    return { rows, pages };
  }

  const current = new Map(); // panel name -> page shown, kept across swaps

  /** A panel in columns (data-pager-columns): as many rows as the tallest item lets fit. */
  function measureColumns(pager, windowEl, items) {
    const columns = Number(pager.dataset.pagerColumns) || 1;
    const list = items[0].parentElement;
    const tallest = Math.max(...items.map((item) => item.getBoundingClientRect().height));
    const room = windowEl.getBoundingClientRect().bottom - list.getBoundingClientRect().top;
    const { rows, pages } = columnPages(items.length, columns, Math.floor((room + 0.5) / tallest));
    list.style.gridTemplateRows = `repeat(${rows}, auto)`;
    return { items, pages, count: pages[pages.length - 1] + 1 };
  }

  function measure(pager) {
    const windowEl = pager.querySelector("[data-pager-window]");
    const items = Array.from(pager.querySelectorAll("[data-pager-item]"));
    items.forEach((item) => {
      item.hidden = false;
    });
    if (!windowEl || !items.length) return { items, pages: [], count: 0 };
    if (pager.dataset.pagerColumns) return measureColumns(pager, windowEl, items);
    const first = items[0].getBoundingClientRect().top;
    const capacity = windowEl.getBoundingClientRect().bottom - first;
    const boxes = items.map((item) => {
      const rect = item.getBoundingClientRect();
      return { top: rect.top - first, bottom: rect.bottom - first };
    });
    const pages = pageNumbers(boxes, capacity);
    return { items, pages, count: pages[pages.length - 1] + 1 };
  }

  function show(pager, layout, page) {
    layout.items.forEach((item, k) => {
      item.hidden = layout.pages[k] !== page;
    });
    pager.dataset.page = String(page + 1);
    pager.dataset.pages = String(layout.count);
    const label = pager.querySelector("[data-pager-label]");
    if (label) {
      label.textContent =
        layout.count > 1 ? (label.dataset.template || "{page}/{pages}").replace("{page}", page + 1).replace("{pages}", layout.count) : "";
    }
  }

  const layouts = new Map();

  function layOut() {
    document.querySelectorAll("[data-pager]").forEach((pager) => {
      const name = pager.dataset.pager;
      const layout = measure(pager);
      layouts.set(name, { pager, layout });
      const page = Math.min(current.get(name) || 0, Math.max(layout.count - 1, 0));
      current.set(name, page);
      show(pager, layout, page);
    });
  }

  function turn() {
    layouts.forEach(({ pager, layout }, name) => {
      if (!pager.isConnected || layout.count < 2) return;
      const page = ((current.get(name) || 0) + 1) % layout.count;
      current.set(name, page);
      show(pager, layout, page);
    });
  }

  window.okeycalcDisplay = { pageNumbers, columnPages };

  /** At the end the podium shows first, for data-podium-seconds; then the final standings. */
  function afterPodium(seconds) {
    const podium = document.querySelector("[data-podium]:not([hidden])");
    const grid = document.querySelector("[data-display-grid]");
    if (!podium || !grid) return;
    window.setTimeout(() => {
      podium.hidden = true;
      grid.hidden = false;
      layOut();
    }, seconds * 1000);
  }

  if (!document.body || !document.body.hasAttribute("data-display")) return;
  document.documentElement.classList.remove("no-js");
  const seconds = Math.max(2, Number(document.body.dataset.pageSeconds) || 10);
  layOut();
  afterPodium(Math.max(2, Number(document.body.dataset.podiumSeconds) || seconds * 2));
  window.setInterval(turn, seconds * 1000);
  window.addEventListener("resize", layOut);
  document.body.addEventListener("htmx:afterSwap", layOut);
})();
