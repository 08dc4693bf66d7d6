import { describe, expect, it } from "vitest";
import { closeBracket, type Edit, newline } from "./earlyEdits";
import { AfterEnter, ownIndentation, stepOverCloser } from "./typingRules";

/** A text with `|` marking the cursor. */
function at(marked: string): [string, { start: number; end: number }] {
  const start = marked.indexOf("|");
  return [marked.replace("|", ""), { start, end: start }];
}

function applied(text: string, edit: Edit): string {
  const out = text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
  return `${out.slice(0, edit.selection.start)}|${out.slice(edit.selection.start)}`;
}

describe("a closer typed above the one the editor put there", () => {
  it("steps over it and drops the blank line: `{`, Enter, `}` gives one block", () => {
    const [text, sel] = at("fn a() {\n    |\n}");
    expect(applied(text, stepOverCloser(text, sel, "}") as Edit)).toBe("fn a() {\n}|");
  });

  it("steps over a nested closer at its own indentation", () => {
    const [text, sel] = at("fn a() {\n    if x {\n        f()\n        |\n    }\n}\n");
    expect(applied(text, stepOverCloser(text, sel, "}") as Edit)).toBe(
      "fn a() {\n    if x {\n        f()\n    }|\n}\n",
    );
  });

  it("adds the closer when an opener is still unclosed (the next line's closer belongs to another block)", () => {
    const [text, sel] = at("fn a() {\n    if x {\n        |\n}\n");
    expect(stepOverCloser(text, sel, "}")).toBeUndefined();
  });

  it("steps over an inner block's closer while an outer block was left unclosed (Monaco closed only the inner one)", () => {
    const [text, sel] = at("fn a() {\n    for x in xs {\n        s += x\n        |\n    }\n");
    expect(applied(text, stepOverCloser(text, sel, "}") as Edit)).toBe(
      "fn a() {\n    for x in xs {\n        s += x\n    }|\n",
    );
  });

  it("adds the closer when nothing above is open for the waiting one", () => {
    const [text, sel] = at("x\n|\n}");
    expect(stepOverCloser(text, sel, "}")).toBeUndefined();
  });

  it("leaves other keys, lines with text, a last line and a different next closer alone", () => {
    const [text, sel] = at("fn a() {\n    |\n}");
    expect(stepOverCloser(text, sel, "x")).toBeUndefined();
    expect(stepOverCloser(text, sel, ")")).toBeUndefined();
    const [text2, sel2] = at("fn a() {\n    f()|\n}");
    expect(stepOverCloser(text2, sel2, "}")).toBeUndefined();
    const [text3, sel3] = at("fn a() {}\n|");
    expect(stepOverCloser(text3, sel3, "}")).toBeUndefined();
  });
});

describe("the first space after Enter", () => {
  it("replaces the indentation Enter made, so the user's own spaces are all that remain", () => {
    const [text, sel] = at("fn a() {\n    |\n}");
    expect(applied(text, ownIndentation(text, sel) as Edit)).toBe("fn a() {\n |\n}");
  });

  it("does nothing on a line that has text before the cursor, or no indentation", () => {
    expect(ownIndentation(...at("    x|"))).toBeUndefined();
    expect(ownIndentation(...at("a\n|"))).toBeUndefined();
  });

  it("is told apart from later spaces and from spaces after other keys", () => {
    const keys = new AfterEnter();
    expect(keys.spaceRightAfterEnter("Enter", false)).toBe(false);
    expect(keys.spaceRightAfterEnter("Shift", false)).toBe(false);
    expect(keys.spaceRightAfterEnter(" ", false)).toBe(true);
    expect(keys.spaceRightAfterEnter(" ", false)).toBe(false);
    keys.spaceRightAfterEnter("x", false);
    expect(keys.spaceRightAfterEnter(" ", false)).toBe(false);
    keys.spaceRightAfterEnter("Enter", true);
    expect(keys.spaceRightAfterEnter(" ", false)).toBe(false);
  });
});

describe("the early editor types blocks as Monaco does", () => {
  it("puts a typed closer at the indentation of the line that opened it, whoever indented its line", () => {
    const [text, sel] = at("fn a() {\n    if x {\n        f()\n    |");
    expect(applied(text, closeBracket(text, sel, "}") as Edit)).toBe("fn a() {\n    if x {\n        f()\n    }|");
    const [text2, sel2] = at("fn a() {\n    if x {\n        f()\n        |");
    expect(applied(text2, closeBracket(text2, sel2, "}") as Edit)).toBe("fn a() {\n    if x {\n        f()\n    }|");
  });

  it("leaves a blank line empty when Enter is pressed on it, the indentation going down with the cursor", () => {
    const [text, sel] = at("fn a() {\n    x\n    |");
    expect(applied(text, newline(text, sel))).toBe("fn a() {\n    x\n\n    |");
  });
});
