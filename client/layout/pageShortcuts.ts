// The page's own keyboard shortcuts, decided from the key event alone. A key
// a program can contain (`?`, `/`, `#`...) is never one of them: every
// shortcut has a modifier or is a function key, matched on `event.key` so it
// holds in every keyboard layout, and none fires while the editor has focus
// except Ctrl/Cmd+Enter (Run), which the editor itself does not use.

export type PageAction = "run" | "help" | "stop";

/** Whether the key event was aimed at a text field or an editor, where keys are text. */
export function inEditableTarget(target: EventTarget | null): boolean {
  // `target` first: a null target (a synthetic event, a unit test) never reaches the DOM classes.
  if (!target || !(target instanceof Element)) return false;
  if (target.closest(".monaco-editor")) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

/** Whether the key event was aimed at Monaco. */
function inMonaco(target: EventTarget | null): boolean {
  return !!target && target instanceof Element && !!target.closest(".monaco-editor");
}

export function pageAction(event: KeyLike, running: boolean): PageAction | undefined {
  if (event.defaultPrevented) return undefined;
  const editable = inEditableTarget(event.target);
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key === "Enter") return "run";
  // Shift+F1 anywhere; plain F1 only outside the editor, where Monaco's own F1 (the command palette) lives.
  if (event.key === "F1" && event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey) return "help";
  if (event.key === "F1" && !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey && !editable)
    return "help";
  // Escape in the editor closes its widgets (completion, find); elsewhere it stops a running program.
  if (event.key === "Escape" && running && !inMonaco(event.target)) return "stop";
  return undefined;
}
