// Every row of the habits table (wasm/src/syntax/habits.ts) against the
// compiler: a refused habit gets exactly one diagnostic, of the row's code,
// whose message shows the row's Pith spelling, and nothing cascades after
// it; an accepted habit compiles clean. The coming-from page is generated
// from these rows, so what it promises is what this proves.
import { describe, expect, it } from "vitest";
import { diagnosticCode } from "../../protocol/diagnostics/codes";
import { HABITS } from "../src/syntax/habits";
import { diagnostics } from "./compiler";

describe("the habits table", () => {
  it("has five columns, a known code or none, and a whole program per row", () => {
    for (const row of HABITS) {
      expect(row, row[1]).toHaveLength(5);
      const [from, written, code, pith, example] = row;
      expect(from.trim(), written).not.toBe("");
      expect(pith.trim(), written).not.toBe("");
      if (code !== "") expect(diagnosticCode(code), `${written}: ${code}`).toBeDefined();
      else expect(pith.startsWith("accepted: "), written).toBe(true);
      expect(example, written).toMatch(/^fn main\(\)/m);
    }
  });

  it("covers Rust, Go, TypeScript, Python, Swift and Kotlin", () => {
    const languages = new Set(HABITS.flatMap((row) => row[0].split(", ")));
    for (const language of ["Rust", "Go", "TypeScript", "Python", "Swift", "Kotlin"]) {
      expect(languages.has(language), language).toBe(true);
    }
  });

  for (const [from, written, code, pith, example] of HABITS) {
    if (code === "") {
      it(`${from} \`${written}\` is accepted as written`, async () => {
        expect((await diagnostics(example)).map((d) => `${d.code} ${d.line}: ${d.message}`)).toEqual([]);
      });
    } else {
      it(`${from} \`${written}\`: exactly one ${code}, showing \`${pith}\``, async () => {
        const found = await diagnostics(example);
        expect(found.map((d) => `${d.code} ${d.line}: ${d.message}`)).toHaveLength(1);
        expect(found[0].code).toBe(code);
        expect(found[0].message).toContain(pith);
      });
    }
  }
});
