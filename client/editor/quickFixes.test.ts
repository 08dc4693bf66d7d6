// Quick fixes against the real compiler's diagnostics: a program full of
// habits from other languages, with every offered fix applied, is the Pith
// program that was meant, and it checks without an error.
import { describe, expect, it } from "vitest";
import { diagnostics } from "../../wasm/tests/compiler";
import { applyFix, type QuickFix, quickFixes } from "./quickFixes";

const HABITS = [
  "enum C { R, G }",
  "fn main() {",
  "    let mut x = 5",
  "    let c = C::R",
  '    if x = 5 and True { println!("five") }',
  "    x++",
  '    let s: String = "a"',
  "    let o: i64? = null",
  "    let b = \"abc\"[0] == 'a'",
  "    if not b { println(s) }",
  "}",
  "",
].join("\n");

const MEANT = [
  "enum C { R, G }",
  "fn main() {",
  "    var x = 5",
  "    let c = C.R",
  '    if x == 5 && true { println("five") }',
  "    x += 1",
  '    let s: str = "a"',
  "    let o: i64? = None",
  '    let b = "abc"[0] == 97',
  "    if !b { println(s) }",
  "}",
  "",
].join("\n");

async function fixesFor(source: string): Promise<QuickFix[]> {
  const lines = source.split("\n");
  return (await diagnostics(source)).flatMap((d) =>
    quickFixes({ ...d, endLine: d.end_line, endCol: d.end_col, lineText: lines[d.line - 1] ?? "" }),
  );
}

/** Applies fixes that do not overlap, from the end of each line backwards. */
function apply(source: string, fixes: QuickFix[]): string {
  return [...fixes].sort((a, b) => b.line - a.line || b.col - a.col).reduce(applyFix, source);
}

describe("quick fixes for the diagnostics that name their repair", () => {
  it("turn a program written with other languages' habits into the Pith that was meant, which checks", async () => {
    const fixes = await fixesFor(HABITS);
    expect(fixes.map((f) => f.title)).toEqual([
      "Write 'var'",
      "Write '.'",
      "Compare with '=='",
      "Write '&&' for 'and'",
      "Write 'true'",
      "Call it as a function (drop the '!')",
      "Write '+= 1'",
      "Write 'str'",
      "Write 'None'",
      "Write the byte's value, 97",
      "Write '!' for 'not'",
    ]);
    const fixed = apply(HABITS, fixes);
    expect(fixed).toBe(MEANT);
    expect((await diagnostics(fixed)).filter((d) => d.severity === "error")).toEqual([]);
  });

  it("offer nothing for a diagnostic without a mechanical repair, or one whose span no longer holds the named text", async () => {
    expect(await fixesFor('fn main() {\n    let x: i64 = "no"\n}\n')).toEqual([]);
    const moved = quickFixes({
      code: "E0110",
      message: "'=' assigns a value; use '==' to compare",
      line: 1,
      col: 6,
      endLine: 1,
      endCol: 7,
      lineText: "if x < 5 {",
    });
    expect(moved).toEqual([]);
  });

  it("key on the diagnostic's code, not its wording: a reworded message keeps its fix, the same text under another code gets none", () => {
    const site = { line: 1, col: 10, endLine: 1, endCol: 12, lineText: "let c = C::R" };
    const reworded = quickFixes({ ...site, code: "E0114", message: "paths are written with a dot" });
    expect(reworded.map((f) => f.text)).toEqual(["."]);
    expect(quickFixes({ ...site, code: "E0100", message: "use '.' instead of '::'" })).toEqual([]);
    expect(quickFixes({ ...site, code: undefined, message: "use '.' instead of '::'" })).toEqual([]);
  });
});
