// Guarded actions: the question before a delete or a new edit link as a dialog, and the
// copy button beside what a phone had typed when it lost its edit rights.
// Without JavaScript the question is a page of its own (its link's href) and the typed text is
// selectable in its box; nothing here is needed for either to work.
(() => {
  // --- the question as a dialog -----------------------------------------------------------------
  // The trigger is a link with hx-get: htmx swaps the server's <dialog> fragment into its
  // hx-target (a [data-confirm-host]); here it is opened as a modal (the rest of the page inert,
  // Escape closes it), focus starts on "Cancel", and goes back to the trigger when it closes.
  let opener = null;
  document.addEventListener("click", (event) => {
    const trigger = event.target.closest("[data-confirm-open]");
    if (trigger) opener = trigger;
  });
  document.addEventListener("htmx:afterSwap", (event) => {
    const host = event.detail.target;
    if (!host || !host.matches("[data-confirm-host]")) return;
    const dialog = host.querySelector("dialog[data-confirm-dialog]");
    if (!dialog) return;
    const back = opener;
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (back && document.contains(back)) back.focus();
    });
    dialog.querySelectorAll("[data-confirm-cancel]").forEach((cancel) => {
      cancel.addEventListener("click", (click) => {
        click.preventDefault();
        dialog.close();
      });
    });
    dialog.showModal();
    const start = dialog.querySelector("[data-confirm-cancel]");
    if (start) start.focus();
  });

  // --- copy what was typed --------------------------------------------------------------------
  const say = (status, text) => {
    if (!status) return;
    status.textContent = "";
    window.setTimeout(() => { status.textContent = text; }, 50);
  };
  const copy = async (button) => {
    const box = document.getElementById(button.dataset.copyText);
    const status = document.getElementById(button.dataset.copyStatus);
    if (navigator.clipboard && window.isSecureContext) {
      try {
        await navigator.clipboard.writeText(box.value);
        say(status, button.dataset.copied);
        return;
      } catch (error) {
        // refused: select the text instead
      }
    }
    box.focus();
    box.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (error) {
      copied = false;
    }
    say(status, copied ? button.dataset.copied : button.dataset.selected);
  };
  const wire = (root) => {
    root.querySelectorAll("[data-copy-text]").forEach((button) => {
      if (button.dataset.wired) return;
      button.dataset.wired = "1";
      button.hidden = false;
      button.addEventListener("click", () => copy(button));
    });
  };
  wire(document);
  document.addEventListener("htmx:afterSwap", (event) => wire(event.detail.target));
})();
