// Formatting as one small edit: only the span that changed is replaced (so
// markers, folds and the scroll position outside it stay put), as a single
// undo step, and the cursor stays beside the same token it was beside.
import type { EditorApi } from "./editorApi";

/** Replace `before.slice(start, end)` with `text` to get the formatted source. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The one edit that turns `before` into `after`, trimming their common prefix and suffix; none when equal. */
export function minimalEdit(before: string, after: string): TextEdit | undefined {
  if (before === after) return undefined;
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start++;
  let tail = 0;
  while (tail < shorter - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { start, end: before.length - tail, text: after.slice(start, after.length - tail) };
}

// The formatter only moves whitespace and drops separating semicolons: every
// other character keeps its order, so counting them maps a position across.
const significant = (c: string) => !/\s|;/.test(c);

/**
 * Where an offset in `before` lands in `after`: right after the same
 * significant character when the cursor touched it (typing goes on where it
 * was) or sat in trailing whitespace, otherwise in front of the next one.
 */
export function mapOffset(before: string, after: string, offset: number): number {
  let count = 0;
  for (let i = 0; i < offset && i < before.length; i++) if (significant(before[i])) count++;
  const atLineEnd = /^[^\S\n]*(?:;[^\S\n]*)*(?:\n|$)/.test(before.slice(offset));
  const attachLeft = count > 0 && (atLineEnd || significant(before[offset - 1]));
  let seen = 0;
  for (let i = 0; i < after.length; i++) {
    if (!significant(after[i])) continue;
    if (!attachLeft && seen === count) return i;
    seen++;
    if (attachLeft && seen === count) return i + 1;
  }
  return count === 0 ? 0 : after.length;
}

/**
 * Puts the formatted text into the editor as one undoable edit. Returns
 * false (and changes nothing) when the editor no longer holds `before`,
 * i.e. the user typed while the formatter ran.
 */
export function applyFormatted(editor: EditorApi, before: string, after: string): boolean {
  const model = editor.getModel();
  if (!model || model.getValue() !== before) return false;
  const edit = minimalEdit(before, after);
  if (!edit) return true;
  const position = editor.getPosition();
  const cursor = position ? mapOffset(before, after, model.getOffsetAt(position)) : undefined;
  const from = model.getPositionAt(edit.start);
  const to = model.getPositionAt(edit.end);
  editor.pushUndoStop();
  editor.executeEdits("format", [
    {
      range: {
        startLineNumber: from.lineNumber,
        startColumn: from.column,
        endLineNumber: to.lineNumber,
        endColumn: to.column,
      },
      text: edit.text,
      forceMoveMarkers: true,
    },
  ]);
  editor.pushUndoStop();
  if (cursor !== undefined) editor.setPosition(model.getPositionAt(cursor));
  return true;
}
