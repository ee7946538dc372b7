// The board's share panel (templates/scorer/_share_panel.html): one-tap copy and share of the
// viewer and edit links. Without JavaScript the links stay read-only inputs to select by hand.
// Copy uses the Clipboard API; where it is missing or refused (an http:// address, an old
// browser) the link is selected in its input so the phone's own "Copy" is one tap away.
(() => {
  const panel = document.querySelector("[data-share-panel]");
  if (!panel) return;
  const status = panel.querySelector("[data-share-status]");

  const say = (text) => {
    status.textContent = "";
    // A fresh text each time, so screen readers announce a repeated "Copied." too.
    window.setTimeout(() => { status.textContent = text; }, 50);
  };

  const selectInput = (input) => {
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
  };

  const copy = async (input) => {
    if (navigator.clipboard && window.isSecureContext) {
      try {
        await navigator.clipboard.writeText(input.value);
        say(panel.dataset.copied);
        return;
      } catch (error) {
        // Permission refused: fall back to selecting the text below.
      }
    }
    selectInput(input);
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (error) {
      copied = false;
    }
    say(copied ? panel.dataset.copied : panel.dataset.selected);
  };

  const share = async (input) => {
    try {
      await navigator.share({ title: document.title, text: input.dataset.shareText, url: input.value });
      say(panel.dataset.shared);
    } catch (error) {
      if (error.name !== "AbortError") copy(input);
    }
  };

  panel.querySelectorAll("[data-copy]").forEach((button) => {
    const input = document.getElementById(button.dataset.copy);
    button.hidden = false;
    button.addEventListener("click", () => copy(input));
  });
  if (typeof navigator.share === "function") {
    panel.querySelectorAll("[data-share]").forEach((button) => {
      const input = document.getElementById(button.dataset.share);
      button.hidden = false;
      button.addEventListener("click", () => share(input));
    });
  }
  // A tap in a link's input selects all of it, ready for the phone's own copy.
  panel.querySelectorAll("input[readonly]").forEach((input) => {
    input.addEventListener("focus", () => input.select());
  });
})();
