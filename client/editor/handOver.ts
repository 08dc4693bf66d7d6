// The moment Monaco takes over from the early editor: Monaco gets the text
// typed meanwhile, the selection, the scroll position and the focus, in one
// synchronous step, so no keystroke falls between the two editors.

import type { EarlyEditorState } from "./EarlyEditor";
import type { EditorApi } from "./editorApi";

export function handOver(from: EarlyEditorState, to: EditorApi): void {
  const model = to.getModel();
  if (!model) return;
  // Keystrokes between Monaco's creation and now reached the early editor only.
  if (model.getValue() !== from.text) model.setValue(from.text);
  const start = model.getPositionAt(from.selectionStart);
  const end = model.getPositionAt(from.selectionEnd);
  to.setSelection({
    startLineNumber: start.lineNumber,
    startColumn: start.column,
    endLineNumber: end.lineNumber,
    endColumn: end.column,
  });
  // Monaco was created in a hidden container: measure it before scrolling.
  to.layout();
  to.setScrollPosition({ scrollTop: from.scrollTop, scrollLeft: from.scrollLeft }, 1);
  if (from.focused) to.focus();
}
