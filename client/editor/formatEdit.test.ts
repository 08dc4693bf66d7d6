import { describe, expect, it } from "vitest";
import { mapOffset, minimalEdit } from "./formatEdit";

const MESSY = "fn main( ) {\nlet x=1+2\n      println(x)\n}\n";
const TIDY = "fn main() {\n    let x = 1 + 2\n    println(x)\n}\n";

describe("formatting as one small edit", () => {
  it("replaces only the span between the common prefix and suffix", () => {
    const edit = minimalEdit(MESSY, TIDY);
    expect(edit).toBeDefined();
    if (!edit) return;
    expect(MESSY.slice(0, edit.start) + edit.text + MESSY.slice(edit.end)).toBe(TIDY);
    expect(edit.start).toBe("fn main(".length);
    expect(MESSY.slice(edit.end)).toBe("    println(x)\n}\n");
  });

  it("is no edit when the source is already formatted", () => {
    expect(minimalEdit(TIDY, TIDY)).toBeUndefined();
  });

  it("keeps a cursor that touches a token right after that token", () => {
    const afterOne = MESSY.indexOf("+2");
    expect(TIDY.slice(0, mapOffset(MESSY, TIDY, afterOne))).toMatch(/let x = 1$/);
    const afterX = MESSY.indexOf("(x)") + 2;
    expect(TIDY.slice(mapOffset(MESSY, TIDY, afterX))).toMatch(/^\)\n}/);
  });

  it("puts a cursor between spaces in front of the next token", () => {
    expect(mapOffset("let  a =  1\n", "let a = 1\n", 4)).toBe(4);
    expect(mapOffset("x =    1\n", "x = 1\n", 5)).toBe(4);
  });

  it("moves a cursor in leading indentation to the token the line starts with", () => {
    const indent = MESSY.indexOf("      println") + 2;
    expect(TIDY.slice(mapOffset(MESSY, TIDY, indent))).toMatch(/^println/);
  });

  it("keeps a cursor at the end of a line at the end of that line", () => {
    const end = MESSY.indexOf("\n", MESSY.indexOf("let"));
    const mapped = mapOffset(MESSY, TIDY, end);
    expect(TIDY.slice(0, mapped)).toMatch(/let x = 1 \+ 2$/);
    expect(mapOffset("x  \n", "x\n", 3)).toBe(1);
  });

  it("skips semicolons the formatter drops", () => {
    const before = "let a = 1;\nlet b = 2\n";
    const after = "let a = 1\nlet b = 2\n";
    expect(after.slice(mapOffset(before, after, before.indexOf("b")))).toMatch(/^b = 2/);
  });

  it("maps the start and the end of the file to themselves", () => {
    expect(mapOffset(MESSY, TIDY, 0)).toBe(0);
    expect(mapOffset(MESSY, TIDY, MESSY.length)).toBe(TIDY.length - 1);
  });
});
