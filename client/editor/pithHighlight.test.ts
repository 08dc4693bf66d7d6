import { describe, expect, it } from "vitest";
import { tokenizeLines } from "./pithHighlight";

const kinds = (source: string) =>
  tokenizeLines(source).map((line) =>
    line.filter((t) => t.kind !== "text" && !t.kind.startsWith("bracket")).map((t) => `${t.kind}:${t.text}`),
  );

/** The brackets, each with its depth's colour number: "(1 [2 ]2 )1". */
const brackets = (source: string) =>
  tokenizeLines(source)
    .flat()
    .filter((t) => t.kind.startsWith("bracket"))
    .map((t) => `${t.text}${t.kind.slice(-1)}`)
    .join(" ");

/** The text again, from the tokens. */
const retyped = (source: string) =>
  tokenizeLines(source)
    .map((line) => line.map((t) => t.text).join(""))
    .join("\n");

describe("the early editor's highlighting", () => {
  it("colours keywords, literals, types, strings, numbers and comments with the Monaco language's word lists", () => {
    expect(kinds('fn main() {\n    let n: i64 = 0x1F + 2.5 // sum\n    println("n = {n}", true, Point)\n}')).toEqual([
      ["keyword:fn"],
      ["keyword:let", "type:i64", "number:0x1F", "number:2.5", "comment:// sum"],
      ['string:"n = ', 'string:"', "constant:true", "type:Point"],
      [],
    ]);
  });

  it("keeps the program's text unchanged, spaces and all", () => {
    const source = '  let s = "a \\" b"  /* c */ x\n\n\tz';
    expect(retyped(source)).toBe(source);
  });

  it("carries a block comment across lines, and leaves words inside strings and comments alone", () => {
    expect(kinds('/* fn\nlet */ let\n"fn" // let')).toEqual([
      ["comment:/* fn"],
      ["comment:let */", "keyword:let"],
      ['string:"fn"', "comment:// let"],
    ]);
  });

  it("colours brackets by their nesting depth across lines, ignoring those in strings and comments", () => {
    expect(brackets('fn f(a: [i64]) {\n    g("(", (1)) // )\n}')).toBe("(1 [2 ]2 )1 {1 (2 (3 )3 )2 }1");
  });

  it("colours an interpolation's code as code, its braces by depth, and leaves an escaped brace in the string", () => {
    expect(kinds('let s = "{count} items at {price * 1.5} \\{not}"')).toEqual([
      ["keyword:let", 'string:"', "string: items at ", "number:1.5", 'string: \\{not}"'],
    ]);
    expect(brackets('f("{g(x)}")')).toBe("(1 {2 (3 )3 }2 )1");
    expect(retyped('println("a {b + "c"} {unclosed')).toBe('println("a {b + "c"} {unclosed');
  });

  it("does not let an unclosed string colour the next line", () => {
    expect(kinds('let s = "open\nlet t')).toEqual([["keyword:let", 'string:"open'], ["keyword:let"]]);
  });
});
