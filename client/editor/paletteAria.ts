// Monaco's quick-input lists (the F1 palette, Go to Line, Go to Symbol) give
// each row role="option" with aria-level, which options may not have, and an
// aria-label ("Add Cursor Above, Shift+Alt+UpArrow") that does not contain the
// row's visible text as spoken (axe-core: aria-allowed-attr and
// label-content-name-mismatch). Without both, a row is named by its content,
// the command and its keys as they are shown. Monaco re-renders its rows, so
// the widget is watched from the first time the focus enters it.
const watched = new WeakSet<Element>();

function repair(root: Element): void {
  for (const row of root.querySelectorAll(".monaco-list-row[role=option]")) {
    if (row.hasAttribute("aria-level")) row.removeAttribute("aria-level");
    if (row.hasAttribute("aria-label")) row.removeAttribute("aria-label");
  }
}

/** Starts the repair for every quick-input widget the page shows; call once. */
export function repairQuickInputAria(): void {
  document.addEventListener("focusin", (event) => {
    const widget = (event.target as Element | null)?.closest?.(".quick-input-widget");
    if (!widget || watched.has(widget)) return;
    watched.add(widget);
    repair(widget);
    new MutationObserver(() => repair(widget)).observe(widget, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-level", "aria-label"],
    });
  });
}
