// Typing key by key gives exactly what was typed, in Monaco and in the early
// editor alike. Two habits otherwise leave stray text behind:
//
// - Monaco closes `{` as it is typed, and Enter between the pair puts the
//   closer on a line of its own. A user who then types `}` themselves (on the
//   empty line above it) would get two. A closer typed on a blank line whose
//   next line starts with that closer, at the indentation of the line that
//   opened the innermost block still open above (the editor puts the closer
//   it adds there), steps over the waiting closer instead of adding one. The
//   block is told from what is above the cursor only: typing fast, Monaco
//   sometimes does not close an opener (it skips auto-closing while the
//   line's tokens are not ready), and an outer block left open that way must
//   not make the inner block's waiting closer count as unclaimed.
// - Enter indents the new line. A user who types their own indentation would
//   get it twice; the first space typed right after Enter replaces the
//   indentation Enter made, so their own spaces are all that remain.
//
// Both are pure functions of the text and the cursor, returning the edit to
// make (earlyEdits.ts's Edit), or nothing to leave the key to the editor.
import { type Edit, openerIndentation, type Selection } from "./earlyEdits";

const CLOSERS = new Set(["}", ")", "]"]);

const lineStart = (text: string, at: number) => text.lastIndexOf("\n", at - 1) + 1;
const lineEnd = (text: string, at: number) => {
  const end = text.indexOf("\n", at);
  return end < 0 ? text.length : end;
};

/** A closer typed on a blank line above the closer the editor put there: the cursor moves past that one instead. */
export function stepOverCloser(text: string, sel: Selection, key: string): Edit | undefined {
  if (!CLOSERS.has(key) || sel.start !== sel.end) return undefined;
  const start = lineStart(text, sel.start);
  const end = lineEnd(text, sel.start);
  if (text.slice(start, end).trim() !== "" || end === text.length) return undefined;
  const next = text.slice(end + 1, lineEnd(text, end + 1));
  const closerAt = next.search(/\S/);
  if (closerAt < 0 || next[closerAt] !== key) return undefined;
  // The waiting closer is the innermost open block's when it stands where the editor puts that block's closer.
  if (openerIndentation(text, start, key)?.length !== closerAt) return undefined;
  // The blank line goes; the cursor lands just past the closer that was waiting.
  const at = start + closerAt + 1;
  return { from: start, to: end + 1, insert: "", selection: { start: at, end: at } };
}

/** The first space typed right after Enter: it replaces the indentation Enter made (a blank line's, before the cursor). */
export function ownIndentation(text: string, sel: Selection): Edit | undefined {
  if (sel.start !== sel.end) return undefined;
  const start = lineStart(text, sel.start);
  const before = text.slice(start, sel.start);
  if (before === "" || before.trim() !== "") return undefined;
  return { from: start, to: sel.start, insert: " ", selection: { start: start + 1, end: start + 1 } };
}

/**
 * Follows the keys as they come to tell whether a space is the first one
 * after Enter: modifier keys pressed alone leave that unchanged.
 */
export class AfterEnter {
  private justEntered = false;

  /** Call on every keydown; true when this key is a space typed right after an Enter. */
  spaceRightAfterEnter(key: string, modified: boolean): boolean {
    if (["Shift", "Control", "Alt", "Meta", "CapsLock"].includes(key)) return false;
    const result = this.justEntered && key === " " && !modified;
    this.justEntered = key === "Enter" && !modified;
    return result;
  }
}
