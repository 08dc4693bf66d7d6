// Moving the keyboard focus past a region (the editor, which keeps Tab for
// indenting) to the next or previous control in the page's tab order.

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function shown(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && !element.closest("[hidden], [inert]");
}

/** Focuses the first tabbable element after `region` (before it, going back); false when there is none. */
export function focusPast(region: Element, direction: 1 | -1): boolean {
  const all = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (e) => !region.contains(e) && e.tabIndex >= 0 && shown(e),
  );
  const after = all.filter((e) => region.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING);
  const before = all.filter((e) => region.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_PRECEDING);
  const target = direction === 1 ? after[0] : before[before.length - 1];
  target?.focus();
  return target !== undefined;
}
