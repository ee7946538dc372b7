// The new event's form, as it is filled in (the page works without this file: both formats'
// settings show under their headings, and a table gives rounds and tables by count):
//  - only the chosen format's settings show (Puanlı or Eleme);
//  - a line says how many rounds and tables the entrants typed give (numbers from the server:
//    scorer/events/forms/creation.py counts_data, the plan the rounds are seated by);
//  - the "games per match" hint follows the chosen number.
(() => {
  const data = () => {
    const node = document.getElementById("event-counts-data");
    return node ? JSON.parse(node.textContent) : null;
  };
  const value = (form, name) => {
    const field = form.querySelector(`[name="${name}"]:checked`) || form.querySelector(`select[name="${name}"]`);
    return field ? field.value : "";
  };
  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_all, key) => String(values[key] ?? ""));

  const update = (form) => {
    const counts = data();
    if (!counts) return;
    const kind = value(form, "kind");
    for (const part of form.querySelectorAll(".format-part[data-kind]")) part.hidden = part.dataset.kind !== kind;
    const box = form.querySelector("[data-event-counts]");
    const line = box && box.querySelector("[data-counts-live]");
    const games = form.querySelector("[name=games_per_match]");
    const hint = games && document.getElementById(`${games.id}_helptext`);
    if (hint && counts.games[games.value]) hint.textContent = counts.games[games.value];
    if (!line) return;
    const entrants = form.querySelector("[name=entrants]");
    const n = entrants ? entrants.value.split("\n").filter((text) => text.trim()).length : 0;
    const partners = form.querySelector("[name=option_partners]");
    const mine = counts[partners && partners.checked ? "1" : "0"];
    line.hidden = n === 0;
    if (n < 3) {
      line.textContent = n ? box.dataset.tooFew : "";
      return;
    }
    if (kind === "knockout") {
      const plan = (mine.knockout[value(form, "advance")] || mine.knockout["1"])[n];
      if (!plan) return;
      const [tables, final] = plan;
      line.textContent = final
        ? fill(box.dataset.knockout, { n, rounds: tables.length, tables: tables.join(" → ") })
        : fill(box.dataset.noFinal, { n });
    } else {
      line.textContent = fill(box.dataset.points, { n, tables: mine.points[n] });
    }
  };

  document.addEventListener("DOMContentLoaded", () => {
    const form = document.getElementById("event-new-form");
    if (!form) return;
    form.addEventListener("input", () => update(form));
    form.addEventListener("change", () => update(form));
    document.body.addEventListener("htmx:afterSettle", () => update(form));
    update(form);
  });
})();
