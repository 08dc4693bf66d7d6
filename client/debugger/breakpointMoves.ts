// Breakpoints follow the lines they were set on while the user edits: lines
// typed or pasted above a breakpoint move it down, lines deleted above move
// it up, and a breakpoint on a deleted line joins the line the deletion
// ends on (once: two that meet there become one). The workspace keeps the
// moved lines, so a reload and a share link have them where the code went.
// Computed from the editor's change events (each change: the range it
// replaced, in the text before the edit, and the text put there), not from
// Monaco's decorations, so that it is a pure function of the edit.
import type { Breakpoint } from "../../lang/runtime/debug/debugEngine";

/** One replacement of an edit, as Monaco reports it: 1-based lines and columns of the text before the edit. */
export interface LineChange {
  startLine: number;
  startColumn: number;
  endLine: number;
  text: string;
}

/**
 * The breakpoints after an edit made of `changes` (non-overlapping, each in
 * the coordinates of the text before the edit). Returns the same array when
 * no breakpoint moved.
 */
export function moveBreakpoints(list: Breakpoint[], changes: LineChange[]): Breakpoint[] {
  let moved = false;
  const next = list.map((b) => {
    const line = movedLine(b.line, changes);
    if (line === b.line) return b;
    moved = true;
    return { ...b, line };
  });
  if (!moved) return list;
  // Two breakpoints that met on one line: the first (in line order before the edit) stays.
  const seen = new Set<number>();
  return next.filter((b) => {
    if (seen.has(b.line)) return false;
    seen.add(b.line);
    return true;
  });
}

function movedLine(line: number, changes: LineChange[]): number {
  let shift = 0;
  for (const c of changes) {
    const added = c.text.split("\n").length - 1;
    const removed = c.endLine - c.startLine;
    if (c.endLine < line) shift += added - removed;
    else if (c.startLine < line) {
      // The line was (partly) replaced: what is left of it now ends the change's text.
      shift += c.startLine + added - line;
    } else if (c.startLine === line && c.startColumn === 1 && c.endLine === line && c.text.endsWith("\n")) {
      // Whole lines put in front of this one (Enter at its start, a paste of lines): it moves down with its text.
      shift += added;
    }
  }
  return line + shift;
}
