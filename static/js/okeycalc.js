// okeycalc: small progressive enhancements. Every page works without this file.
//  - steppers: −/+ buttons beside small number inputs (okeys, penalties);
//  - hand form: finish flags only under the chosen finisher, no "tiles left" for the finisher;
//  - new table: the "deals first" choices show the names as they are typed.
(() => {
  const fire = (input) => {
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  };

  const initSteppers = (root) => {
    for (const stepper of root.querySelectorAll("[data-stepper]:not(.stepper-ready)")) {
      const input = stepper.querySelector("input");
      if (!input) continue;
      stepper.classList.add("stepper-ready");
      for (const button of stepper.querySelectorAll("[data-step]")) {
        button.hidden = false;
        button.addEventListener("click", () => {
          const min = Number(input.min || 0);
          const max = Number(input.max || Infinity);
          const current = Number.parseInt(input.value, 10) || 0;
          const next = Math.min(max, Math.max(min, current + Number(button.dataset.step)));
          if (String(next) !== input.value) {
            input.value = String(next);
            fire(input);
          }
        });
      }
    }
  };

  // Hidden fields are also disabled, so they are neither submitted nor previewed; they keep
  // their values and come back if the finisher changes again.
  const showPart = (part, visible) => {
    if (!part) return;
    part.hidden = !visible;
    for (const control of part.querySelectorAll("input, select, button")) control.disabled = !visible;
  };

  const applyFinisher = (form) => {
    const checked = form.querySelector('input[name="finisher"]:checked');
    const finisher = checked ? checked.value : null;
    for (const player of form.querySelectorAll("[data-player]")) {
      const isFinisher = player.dataset.player === finisher;
      player.classList.toggle("is-finisher", isFinisher);
      showPart(player.querySelector("[data-finish-flags]"), isFinisher);
      showPart(player.querySelector("[data-remaining]"), !isFinisher);
    }
  };

  const initHandForm = (root) => {
    for (const form of root.querySelectorAll("[data-hand-form]:not(.js-ready)")) {
      form.classList.add("js-ready");
      applyFinisher(form);
      form.addEventListener("change", (event) => {
        if (event.target.name === "finisher") applyFinisher(form);
      });
      // A double tap on "save" must not record the hand twice.
      form.closest("form")?.addEventListener("submit", (event) => {
        const button = event.submitter;
        if (button?.matches("[data-save]")) setTimeout(() => (button.disabled = true), 0);
      });
    }
  };

  // Coming back with the browser's back button shows the page as it was left: save works again.
  window.addEventListener("pageshow", () => {
    for (const button of document.querySelectorAll("[data-save]")) button.disabled = false;
  });

  const updateDealerNames = (form) => {
    const select = form.querySelector("[data-dealer-select]");
    if (!select) return;
    for (const input of form.querySelectorAll("[data-player-name]")) {
      const option = select.querySelector(`option[value="${input.dataset.playerName}"]`);
      if (!option) continue;
      option.dataset.base ??= option.textContent;
      const name = input.value.trim();
      const seat = Number(input.dataset.playerName) + 1;
      option.textContent = name ? `${seat}. ${name}` : option.dataset.base;
    }
  };

  const initGameForm = () => {
    const form = document.getElementById("game-new-form");
    if (!form) return;
    updateDealerNames(form);
    if (form.classList.contains("js-ready")) return;
    form.classList.add("js-ready");
    form.addEventListener("input", (event) => {
      if (event.target.matches("[data-player-name]")) updateDealerNames(form);
    });
  };

  const init = (root) => {
    initSteppers(root);
    initHandForm(root);
    initGameForm();
  };

  document.addEventListener("DOMContentLoaded", () => {
    init(document);
    // After a refused save, start at the list of what to fix (its links lead to the fields).
    document.getElementById("error-summary")?.focus();
  });
  document.addEventListener("htmx:load", (event) => init(event.detail.elt));
})();
