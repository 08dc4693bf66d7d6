import { describe, expect, it } from "vitest";
import { closeBracket, type Edit, indent, newline, offsetOf, outdent, toggleComment } from "./earlyEdits";

/** The text and selection after an edit; `|` marks the cursor, `[...]` a selection. */
function applied(text: string, edit: Edit): string {
  const out = text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
  const { start, end } = edit.selection;
  return start === end
    ? `${out.slice(0, start)}|${out.slice(start)}`
    : `${out.slice(0, start)}[${out.slice(start, end)}]${out.slice(end)}`;
}

/** A text with `|` or `[...]` marking the selection, and that selection. */
function at(marked: string): [string, { start: number; end: number }] {
  const start = marked.search(/[|[]/);
  if (marked[start] === "|") return [marked.replace("|", ""), { start, end: start }];
  const end = marked.indexOf("]") - 1;
  return [marked.replace("[", "").replace("]", ""), { start, end }];
}

describe("the early editor's editing commands", () => {
  it("Tab inserts spaces to the next tab stop at the cursor", () => {
    const [text, sel] = at("fn main() {\n|x\n}");
    expect(applied(text, indent(text, sel))).toBe("fn main() {\n    |x\n}");
    const [text2, sel2] = at("ab|c");
    expect(applied(text2, indent(text2, sel2))).toBe("ab  |c");
  });

  it("Tab and Shift+Tab indent and outdent every selected line, keeping them selected", () => {
    const [text, sel] = at("[a\n    b\n]c");
    const indented = indent(text, sel);
    expect(applied(text, indented)).toBe("[    a\n        b\n]c");
    const [text2, sel2] = at("[    a\n        b\n]c");
    expect(applied(text2, outdent(text2, sel2))).toBe("[a\n    b\n]c");
  });

  it("Shift+Tab with a cursor takes one level off its line and keeps the cursor on its character", () => {
    const [text, sel] = at("        le|t x = 1");
    expect(applied(text, outdent(text, sel))).toBe("    le|t x = 1");
  });

  it("Enter keeps the line's indentation, and adds a level after an opening bracket", () => {
    const [text, sel] = at('    println("a")|');
    expect(applied(text, newline(text, sel))).toBe('    println("a")\n    |');
    const [text2, sel2] = at("    if x {|");
    expect(applied(text2, newline(text2, sel2))).toBe("    if x {\n        |");
  });

  it("Enter between a pair of brackets puts the closing one on a line of its own", () => {
    const [text, sel] = at("fn main() {|}");
    expect(applied(text, newline(text, sel))).toBe("fn main() {\n    |\n}");
  });

  it("a closing bracket typed on an indentation-only line takes a level off, and does nothing elsewhere", () => {
    const [text, sel] = at("fn main() {\n    x\n    |");
    expect(applied(text, closeBracket(text, sel, "}") as Edit)).toBe("fn main() {\n    x\n}|");
    expect(closeBracket(...at("    f(x|"), ")")).toBeUndefined();
  });

  it("Ctrl+/ comments the selected lines at their common indentation, and uncomments them", () => {
    const [text, sel] = at("[    a\n        b\n]");
    const commented = applied(text, toggleComment(text, sel));
    expect(commented).toBe("[    // a\n    //     b\n]");
    const [text2, sel2] = at(commented);
    expect(applied(text2, toggleComment(text2, sel2))).toBe("[    a\n        b\n]");
  });

  it("finds the offset of a line and column, clamped to the line and the text", () => {
    const text = "ab\ncde\n";
    expect(offsetOf(text, 2, 2)).toBe(4);
    expect(offsetOf(text, 2, 99)).toBe(6);
    expect(offsetOf(text, 9, 1)).toBe(text.length);
  });
});
