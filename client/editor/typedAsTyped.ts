// Monaco's side of typingRules.ts: its keydowns go through the same rules as
// the early editor's, so a program typed key by key reads the same in both.
import type { Edit } from "./earlyEdits";
import type { EditorApi } from "./editorApi";
import { AfterEnter, ownIndentation, stepOverCloser } from "./typingRules";

/** Installs the rules; `active` is false while something else owns the keys (Vim's normal mode). */
export function typeAsTyped(editor: EditorApi, active: () => boolean): { dispose(): void } {
  const afterEnter = new AfterEnter();
  return editor.onKeyDown((event) => {
    const key = event.browserEvent.key;
    const modified = event.ctrlKey || event.metaKey || event.altKey;
    const firstSpace = afterEnter.spaceRightAfterEnter(key, modified || event.shiftKey);
    const model = editor.getModel();
    const selections = editor.getSelections() ?? [];
    if (!active() || !model || modified || event.browserEvent.isComposing) return;
    // Enter with the suggestions open would start the new line without its indentation: they close first.
    if (key === "Enter" && !event.shiftKey) editor.trigger("keyboard", "hideSuggestWidget", {});
    if (selections.length !== 1) return;
    const text = model.getValue();
    const selection = selections[0];
    const sel = {
      start: model.getOffsetAt(selection.getStartPosition()),
      end: model.getOffsetAt(selection.getEndPosition()),
    };
    const edit: Edit | undefined = firstSpace ? ownIndentation(text, sel) : stepOverCloser(text, sel, key);
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
    editor.setPosition(model.getPositionAt(edit.selection.start));
  });
}
