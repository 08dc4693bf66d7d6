// Monaco's side of typingRules.ts: Enter, closers and the first space after
// Enter go through the same pure rules as in the early editor (earlyEdits.ts),
// so a program typed key by key reads the same in both. Monaco's own Enter
// indentation also depended on timing: with its suggestions open or the page
// busy, a new line could come without its indentation.
import { closeBracket, type Edit, newline } from "./earlyEdits";
import type { EditorApi } from "./editorApi";
import { AfterEnter, ownIndentation, stepOverCloser } from "./typingRules";

const CLOSERS = new Set(["}", ")", "]"]);

/** Installs the rules; `active` is false while something else owns the keys (Vim's normal mode). */
export function typeAsTyped(editor: EditorApi, active: () => boolean): { dispose(): void } {
  const afterEnter = new AfterEnter();
  return editor.onKeyDown((event) => {
    const key = event.browserEvent.key;
    const modified = event.ctrlKey || event.metaKey || event.altKey;
    const firstSpace = afterEnter.spaceRightAfterEnter(key, modified || event.shiftKey);
    const model = editor.getModel();
    const selections = editor.getSelections() ?? [];
    if (!active() || !model || modified || event.browserEvent.isComposing || selections.length !== 1) return;
    const text = model.getValue();
    const selection = selections[0];
    const sel = {
      start: model.getOffsetAt(selection.getStartPosition()),
      end: model.getOffsetAt(selection.getEndPosition()),
    };
    let edit: Edit | undefined;
    if (firstSpace) edit = ownIndentation(text, sel);
    else if (key === "Enter" && !event.shiftKey) {
      // Enter starts a new line, never accepts a suggestion: the suggestions close.
      editor.trigger("keyboard", "hideSuggestWidget", {});
      edit = newline(text, sel);
    } else if (CLOSERS.has(key)) edit = stepOverCloser(text, sel, key) ?? closeBracket(text, sel, key);
    if (!edit) return;
    event.preventDefault();
    event.stopPropagation();
    const from = model.getPositionAt(edit.from);
    const to = model.getPositionAt(edit.to);
    const range = {
      startLineNumber: from.lineNumber,
      startColumn: from.column,
      endLineNumber: to.lineNumber,
      endColumn: to.column,
    };
    editor.executeEdits("typing", [{ range, text: edit.insert }]);
    // The edit's cursor is an offset into the text after it.
    const cursor = model.getPositionAt(edit.selection.start);
    editor.setPosition(cursor);
    editor.revealPosition(cursor);
  });
}
