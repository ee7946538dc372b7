// okeycalc: small progressive enhancements. Every page works without this file.
//  - steppers: −/+ buttons beside small number inputs (okeys, penalties);
//  - hand form: the chosen finisher's flags only, no "tiles left" for the finisher, the finisher
//    and anyone with points or okeys typed switched from "Açmadı" to opened (the finisher's
//    "Açmadı" disabled), "9 çift + 1 seri" choosing "Çift", penalty badges;
//  - new table: the "deals first" choices show the names as they are typed;
//  - live forms (data-latest-answer): an answer shows only what the form holds now;
//  - hand entry: the sticky bar's totals follow the live preview;
//  - learn steps: the fields above a swapped result are marked by the errors it holds.
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
          const max = Number(input.dataset.max || Infinity);
          const current = Number.parseInt(input.value, 10) || 0;
          const next = Math.min(max, Math.max(0, current + Number(button.dataset.step)));
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

  const openedInput = (player, value) => player.querySelector(`input[name$="-opened"][value="${value}"]`);
  const isUnopened = (player) => Boolean(openedInput(player, "none")?.checked);

  // Opened with sets, remembered as done by the page: undone if the reason goes away untouched.
  const autoOpen = (player) => {
    if (!isUnopened(player)) return;
    openedInput(player, "sets").checked = true;
    player.dataset.autoOpened = "1";
  };

  const undoAutoOpen = (player) => {
    if (player.dataset.autoOpened !== "1") return;
    delete player.dataset.autoOpened;
    openedInput(player, "none").checked = true;
  };

  // The numbers that do not count for a player who never opened (okeys do in some rule sets).
  const droppedInputs = (form, player) => {
    const names = ["points", "okeys", "fake_okeys"];
    return names
      .filter((name) => name !== "okeys" || form.dataset.unopenedOkeys !== "count")
      .map((name) => player.querySelector(`input[name$="-${name}"]`))
      .filter((input) => input && !input.disabled && (Number.parseInt(input.value, 10) || 0) > 0);
  };

  // The warning beside the fields; the page's hidden "dropped_seen" says which ones were shown,
  // so that the server saves such a hand without asking again.
  const showDropped = (form, player) => {
    const warning = player.querySelector("[data-dropped]");
    if (warning) warning.hidden = !(isUnopened(player) && droppedInputs(form, player).length);
    const seen = form.closest("form")?.querySelector("[data-dropped-seen]");
    if (!seen) return;
    const shown = [];
    for (const other of form.querySelectorAll("[data-player]")) {
      if (other.querySelector("[data-dropped]")?.hidden === false) {
        shown.push(...droppedInputs(form, other).map((input) => input.name));
      }
    }
    seen.value = shown.join(" ");
  };

  const countExtras = (player) => {
    const badge = player.querySelector("[data-extras-count]");
    if (!badge) return;
    let count = 0;
    for (const control of player.querySelectorAll("[data-extras] input, [data-extras] select")) {
      const value = control.value.trim();
      if (control.tagName === "SELECT" ? value !== "" : (Number.parseInt(value, 10) || 0) > 0) count += 1;
    }
    badge.hidden = count === 0;
    badge.lastChild.textContent = String(count);
  };

  const finisherOf = (form) => form.querySelector('input[name="finisher"]:checked')?.value ?? null;

  const applyFinisher = (form) => {
    const finisher = finisherOf(form);
    for (const player of form.querySelectorAll("[data-player]")) {
      const isFinisher = player.dataset.player === finisher;
      player.classList.toggle("is-finisher", isFinisher);
      for (const part of player.querySelectorAll("[data-remaining]")) showPart(part, !isFinisher);
      // The finisher has opened: "Açmadı" cannot be chosen for them (the server refuses it too).
      const none = openedInput(player, "none");
      if (none) none.disabled = isFinisher && !none.checked;
      showDropped(form, player);
    }
    for (const flags of form.querySelectorAll("[data-finish-flags]")) {
      showPart(flags, flags.dataset.finishFlags === finisher);
    }
  };

  // A finisher has opened: choosing one opens them with sets (changeable); the one before goes
  // back to "Açmadı" if the page had opened them and nobody changed it since.
  const chooseFinisher = (form) => {
    const finisher = finisherOf(form);
    for (const player of form.querySelectorAll("[data-player]")) {
      if (player.dataset.player === finisher) autoOpen(player);
      else if (!droppedInputs(form, player).length) undoAutoOpen(player);
    }
    applyFinisher(form);
  };

  // "9 çift + 1 seri" is a pairs finish: ticking it chooses "Çift" for that finisher (before the
  // form's own change handler sends the preview).
  const ninePairs = (form, box) => {
    const player = form.querySelector(`[data-player="${box.name.split("-")[0].slice(1)}"]`);
    const pairs = player && openedInput(player, "pairs");
    if (!pairs || pairs.checked) return;
    pairs.checked = true;
    delete player.dataset.autoOpened;
  };

  // Points or okeys typed for a player marked "Açmadı" would not count: they opened.
  const typedNumber = (form, input) => {
    const player = input.closest("[data-player]");
    if (!player || !input.closest("[data-remaining]")) return;
    if (droppedInputs(form, player).length) autoOpen(player);
    showDropped(form, player);
  };

  // The field being typed into is never under the sticky bar or a phone's keyboard: the visual
  // viewport is what is left above the keyboard (CSS scroll-padding keeps focus scrolls above the
  // bar; a keyboard that opens after the focus shrinks the visual viewport only).
  const keepInView = (control) => {
    const bar = document.querySelector("[data-hand-bar]");
    if (!control?.isConnected || !bar || control.offsetParent === null) return;
    const view = window.visualViewport;
    // Room below the page's end as tall as the keyboard: the last fields can scroll above it
    // whatever the page's length (a preview still on its way leaves the page short).
    const keyboard = view ? Math.max(0, Math.round(window.innerHeight - view.offsetTop - view.height)) : 0;
    document.documentElement.style.setProperty("--keyboard-room", `${keyboard}px`);
    const top = view ? view.offsetTop : 0;
    const bottom = Math.min(bar.getBoundingClientRect().top, view ? view.offsetTop + view.height : window.innerHeight);
    const box = control.getBoundingClientRect();
    const margin = 8;
    if (box.bottom + margin > bottom) window.scrollBy(0, box.bottom + margin - bottom);
    else if (box.top - margin < top) window.scrollBy(0, box.top - margin - top);
  };

  const initHandForm = (root) => {
    for (const form of root.querySelectorAll("[data-hand-form]:not(.js-ready)")) {
      form.classList.add("js-ready");
      applyFinisher(form);
      form.addEventListener("input", (event) => {
        if (event.target.matches('input[type="text"]')) typedNumber(form, event.target);
        const player = event.target.closest("[data-player]");
        if (player && event.target.closest("[data-extras]")) countExtras(player);
      });
      form.addEventListener("change", (event) => {
        const target = event.target;
        if (target.name === "finisher") chooseFinisher(form);
        if (target.name?.endsWith("-nine_pairs_run") && target.checked) ninePairs(form, target);
        const player = target.closest("[data-player]");
        if (!player) return;
        if (target.name?.endsWith("-opened")) {
          delete player.dataset.autoOpened; // chosen by hand: the page no longer changes it
          showDropped(form, player);
        }
        if (target.closest("[data-extras]")) countExtras(player);
      });
      form.addEventListener("focusin", (event) => {
        if (event.target.matches('input[type="text"], select')) requestAnimationFrame(() => keepInView(event.target));
      });
      window.visualViewport?.addEventListener("resize", () => {
        if (form.contains(document.activeElement)) keepInView(document.activeElement);
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

  // An answer that arrives after more typing (a slow connection) was worked out from the values
  // sent: swapped in, it would put the older values back into the fields and score them, and the
  // typing would be lost. Such an answer is dropped, and the same request (with the same tapped
  // button) goes again with what the form holds now. hx-sync on each form keeps one in flight.
  // An answer to the very values already shown (the queued request and the one asked again both
  // went with them) is not swapped a second time: the same content would only be replaced.
  const sentStates = new WeakMap();
  const shownStates = new WeakMap(); // form -> the request whose answer is on screen
  const formState = (form) => new URLSearchParams(new FormData(form)).toString();
  const liveForm = (config) => config?.elt?.closest?.("form[data-latest-answer]");
  const buttonValues = (form, config) => {
    const fields = new Set(new FormData(form).keys());
    return [...config.formData].filter(([name]) => !fields.has(name));
  };

  // A tapped button goes with the request its tap made. A tap while an answer is on its way waits
  // in line (hx-sync queue), and htmx builds the request when it leaves: from the last button
  // clicked, which is another tap's, or none once the answer before swapped the buttons out.
  // The tap was then lost or counted twice; the submit event still holds its own button.
  document.addEventListener("htmx:configRequest", (event) => {
    const button = event.detail.triggeringEvent?.submitter;
    if (button?.name) event.detail.parameters[button.name] = button.value;
  });

  document.addEventListener("htmx:beforeSend", (event) => {
    const form = liveForm(event.detail.requestConfig);
    if (form) sentStates.set(event.detail.xhr, formState(form));
  });
  // A press on one of the form's buttons is not lost to an answer arriving under the finger.
  // Leaving a field for the save button sends a preview (its "change"); its answer can land
  // between the press and the release, and a preview of another length moves the bar and its
  // button: the release is then on something else, and the press clicks nothing. An answer that
  // arrives while a button is held is dropped, and asked again once it is let go, unless the
  // press sent the form.
  const HOLD_MS = 2000; // a press held longer (a pointer lost outside the page) holds nothing back
  let pressed = null; // { form, at, dropped }
  const submitted = new WeakSet(); // forms sent by this page (a page shown again from history: none)
  document.addEventListener("submit", (event) => {
    if (!event.defaultPrevented) submitted.add(event.target);
  });
  window.addEventListener("pageshow", () => {
    for (const form of document.querySelectorAll("form[data-latest-answer]")) submitted.delete(form);
  });
  document.addEventListener("pointerdown", (event) => {
    const form = event.target.closest?.("button")?.form;
    pressed = form?.matches("[data-latest-answer]") ? { form, at: performance.now(), dropped: false } : null;
  }, true);
  const letGo = () => {
    const press = pressed;
    pressed = null;
    // After the click that the release makes: a press that sent the form asks nothing again.
    if (press?.dropped) setTimeout(() => submitted.has(press.form) || window.htmx?.trigger(press.form, "change"), 0);
  };
  document.addEventListener("pointerup", letGo, true);
  document.addEventListener("pointercancel", letGo, true);

  document.addEventListener("htmx:beforeSwap", (event) => {
    const { xhr, requestConfig: config } = event.detail;
    const form = liveForm(config);
    const sent = sentStates.get(xhr);
    if (!form || sent === undefined) return;
    if (pressed?.form === form && performance.now() - pressed.at < HOLD_MS) {
      event.detail.shouldSwap = false;
      pressed.dropped = true;
      return;
    }
    const button = buttonValues(form, config);
    if (formState(form) === sent) {
      // Only a preview (no tapped button, a good answer) is the same for the same values.
      const request = !button.length && !event.detail.isError ? `${config.verb} ${config.path} ${sent}` : null;
      if (request && shownStates.get(form) === request) event.detail.shouldSwap = false;
      else shownStates.set(form, request);
      return;
    }
    event.detail.shouldSwap = false;
    // After this answer's own handling, so that hx-sync sees no request in flight.
    queueMicrotask(() => {
      const values = Object.fromEntries(button);
      window.htmx.ajax(config.verb, config.path, { source: config.elt, values }).catch(() => {});
    });
  });

  // The sticky bar follows the live preview it names (data-totals-for): an answer brings the
  // itemised result alone, and each player's card holds their total (data-total). An answer with
  // something to fix (data-preview-errors), or none yet, leaves every total at "—"; the bar's
  // hidden text says which (data-said-fix, data-said-ok). Without JavaScript the page comes whole.
  const showBarTotals = (preview) => {
    const bar = document.getElementById(preview.dataset.totalsFor);
    if (!bar) return;
    const totals = preview.querySelectorAll(".player-result [data-total]");
    const errors = preview.querySelector("[data-preview-errors]") !== null;
    bar.classList.toggle("has-errors", errors);
    const said = bar.querySelector("[data-bar-said]");
    if (said) said.textContent = errors ? bar.dataset.saidFix : bar.dataset.saidOk;
    bar.querySelectorAll("[data-bar-total]").forEach((cell, i) => {
      const total = totals[i];
      cell.textContent = total ? total.textContent : "—";
      cell.dataset.barTotal = total ? total.dataset.total : "";
    });
  };
  document.addEventListener("htmx:afterSwap", (event) => {
    if (event.target.dataset?.totalsFor) showBarTotals(event.target);
  });

  // A learn step's answer (htmx swaps only its result, which holds the step's errors) marks the
  // step's fields to match, as the page without JavaScript does: red, aria-invalid and described
  // by their message while wrong, plain again once fixed (and gone from the page's summary).
  const markLearnFields = (root) => {
    const step = root.matches?.("[data-result]") ? root.closest(".learn-step") : null;
    if (!step) return;
    for (const field of step.querySelectorAll("fieldset [name]")) {
      const error = root.querySelector(`[id="${field.name}_error"]`);
      field.classList.toggle("is-invalid", Boolean(error));
      if (error) {
        field.setAttribute("aria-invalid", "true");
        field.setAttribute("aria-describedby", error.id);
      } else {
        field.removeAttribute("aria-invalid");
        field.removeAttribute("aria-describedby");
        // The page's summary (sent without JavaScript) no longer lists what is fixed.
        document.querySelector(`#error-summary a[href="#${field.name}"]`)?.closest("li")?.remove();
      }
    }
    const summary = document.getElementById("error-summary");
    if (summary && !summary.querySelector("li")) summary.remove();
  };

  const init = (root) => {
    markLearnFields(root);
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
