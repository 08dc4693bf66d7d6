import { describe, expect, it } from "vitest";
import { moveBreakpoints } from "./breakpointMoves";

const at = (...lines: number[]) => lines.map((line) => ({ line }));

describe("breakpoints following edits", () => {
  it("move down with lines typed above them and up with lines deleted above them", () => {
    // Enter at the end of line 2: one new line after it.
    expect(moveBreakpoints(at(1, 5), [{ startLine: 2, startColumn: 9, endLine: 2, text: "\n    " }])).toEqual(at(1, 6));
    // Lines 2 and 3 deleted (from the start of line 2 to the start of line 4).
    expect(moveBreakpoints(at(1, 6), [{ startLine: 2, startColumn: 1, endLine: 4, text: "" }])).toEqual(at(1, 4));
  });

  it("move with their own line when lines are put in front of it, and stay for a change inside it", () => {
    expect(
      moveBreakpoints(at(3), [{ startLine: 3, startColumn: 1, endLine: 3, text: "let a = 1\nlet b = 2\n" }]),
    ).toEqual(at(5));
    const same = at(3);
    expect(moveBreakpoints(same, [{ startLine: 3, startColumn: 5, endLine: 3, text: "x" }])).toBe(same);
  });

  it("join the line a deletion ends on, once, keeping their condition", () => {
    const list = [{ line: 2 }, { line: 3, condition: "i == 1" }, { line: 6 }];
    // Line 2's end to line 4's middle replaced by nothing: lines 3 and 4 merge into 2.
    expect(moveBreakpoints(list, [{ startLine: 2, startColumn: 8, endLine: 4, text: "" }])).toEqual([
      { line: 2 },
      { line: 4 },
    ]);
    expect(
      moveBreakpoints([{ line: 3, condition: "i == 1" }], [{ startLine: 2, startColumn: 8, endLine: 4, text: "" }]),
    ).toEqual([{ line: 2, condition: "i == 1" }]);
  });

  it("add up several changes of one edit, each in the text before it", () => {
    const changes = [
      { startLine: 8, startColumn: 1, endLine: 8, text: "// a\n" },
      { startLine: 2, startColumn: 1, endLine: 2, text: "// b\n" },
    ];
    expect(moveBreakpoints(at(1, 5, 9), changes)).toEqual(at(1, 6, 11));
  });
});
