// The editing commands of the early editor (EarlyEditor), as pure functions
// of the text and the selection: indent and outdent with Tab and Shift+Tab,
// Enter keeping the line's indentation (one level more after an opening
// bracket), and toggling line comments. Each returns the replacement to make
// and the selection after it, so the textarea can apply it as one undoable
// edit.
import { TAB_SIZE } from "./editorMetrics";

export interface Selection {
  start: number;
  end: number;
}

/** Replace text[from, to) with `insert`, then select `selection`. */
export interface Edit {
  from: number;
  to: number;
  insert: string;
  selection: Selection;
}

const INDENT = " ".repeat(TAB_SIZE);

const lineStart = (text: string, at: number) => text.lastIndexOf("\n", at - 1) + 1;
const lineEnd = (text: string, at: number) => {
  const end = text.indexOf("\n", at);
  return end < 0 ? text.length : end;
};

/** The whole lines the selection touches (a selection ending at a line's start leaves that line out). */
function selectedLines(text: string, sel: Selection): { from: number; to: number; lines: string[] } {
  const from = lineStart(text, sel.start);
  const last = sel.end > sel.start && text[sel.end - 1] === "\n" ? sel.end - 1 : sel.end;
  const to = lineEnd(text, Math.max(last, from));
  return { from, to, lines: text.slice(from, to).split("\n") };
}

/** Rewrites each selected line; the selection grows or shrinks with the lines' first and last. */
function mapLines(text: string, sel: Selection, change: (line: string) => string): Edit {
  const { from, to, lines } = selectedLines(text, sel);
  const changed = lines.map(change);
  const insert = changed.join("\n");
  const firstDelta = changed[0].length - lines[0].length;
  // A selection of whole lines (from a line's start) keeps starting there.
  const start = sel.start === from && sel.end > sel.start ? from : Math.max(from, sel.start + firstDelta);
  const end = sel.end === sel.start ? start : Math.max(start, sel.end + insert.length - (to - from));
  return { from, to, insert, selection: { start, end } };
}

/** Tab: spaces to the next tab stop at the cursor, or one level more on every selected line. */
export function indent(text: string, sel: Selection): Edit {
  if (sel.start === sel.end || !text.slice(sel.start, sel.end).includes("\n")) {
    const column = sel.start - lineStart(text, sel.start);
    const insert = " ".repeat(TAB_SIZE - (column % TAB_SIZE));
    const at = sel.start + insert.length;
    return { from: sel.start, to: sel.end, insert, selection: { start: at, end: at } };
  }
  return mapLines(text, sel, (line) => (line.trim() ? INDENT + line : line));
}

/** Shift+Tab: one level less on every selected line. */
export function outdent(text: string, sel: Selection): Edit {
  return mapLines(text, sel, (line) => line.replace(new RegExp(`^ {1,${TAB_SIZE}}|^\\t`), ""));
}

/** Enter: a new line with the current line's indentation, one level more after `{`, `(` or `[`. */
export function newline(text: string, sel: Selection): Edit {
  const start = lineStart(text, sel.start);
  const before = text.slice(start, sel.start);
  const indentation = /^[ \t]*/.exec(before)?.[0] ?? "";
  const opens = /[{([]\s*$/.test(before);
  const closes = /^\s*[})\]]/.test(text.slice(sel.end, lineEnd(text, sel.end)));
  let insert = `\n${indentation}${opens ? INDENT : ""}`;
  // A line of indentation alone is left empty, its indentation carried to the new line, as Monaco trims it.
  const blank = before !== "" && before.trim() === "" && lineEnd(text, sel.end) === sel.end;
  const from = blank ? start : sel.start;
  const at = from + insert.length;
  // Between a pair of brackets the closing one goes to a line of its own.
  if (opens && closes) insert += `\n${indentation}`;
  return { from, to: sel.end, insert, selection: { start: at, end: at } };
}

const OPENER: Record<string, string> = { "}": "{", ")": "(", "]": "[" };

/** The indentation of the line holding the opener that `bracket`, typed at `at`, closes; undefined when none is open. */
export function openerIndentation(text: string, at: number, bracket: string): string | undefined {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    if (text[i] === bracket) depth++;
    else if (text[i] === OPENER[bracket] && depth-- === 0) {
      const start = lineStart(text, i);
      return /^[ \t]*/.exec(text.slice(start, i))?.[0] ?? "";
    }
  }
  return undefined;
}

/**
 * A closing bracket typed on a line of indentation only goes to the
 * indentation of the line that opened it, as Monaco puts it (one level less
 * when nothing is open), whether Enter or the user made that indentation.
 */
export function closeBracket(text: string, sel: Selection, bracket: string): Edit | undefined {
  const start = lineStart(text, sel.start);
  const before = text.slice(start, sel.start);
  if (sel.start !== sel.end || !/^ +$/.test(before)) return undefined;
  const kept = openerIndentation(text, start, bracket) ?? before.slice(0, Math.max(0, before.length - TAB_SIZE));
  const at = start + kept.length + 1;
  return { from: start, to: sel.start, insert: kept + bracket, selection: { start: at, end: at } };
}

/** Ctrl+/: comments the selected lines out with `// `, or back in when all of them are comments. */
export function toggleComment(text: string, sel: Selection): Edit {
  const { lines } = selectedLines(text, sel);
  const code = lines.filter((line) => line.trim());
  const uncomment = code.length > 0 && code.every((line) => /^\s*\/\//.test(line));
  const column = Math.min(...code.map((line) => /^\s*/.exec(line)?.[0].length ?? 0));
  return mapLines(text, sel, (line) => {
    if (!line.trim()) return line;
    if (uncomment) return line.replace(/^(\s*)\/\/ ?/, "$1");
    return `${line.slice(0, column)}// ${line.slice(column)}`;
  });
}

/** The offset of a 1-based line and column, clamped to the text. */
export function offsetOf(text: string, line: number, col: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  return Math.min(at + Math.max(0, col - 1), lineEnd(text, at));
}
