// The Pith conformance corpus: every program in lang/tests and lang/examples
// is compiled by compiler.wasm and checked against its expected results
// (positive programs on both node:wasi and browser_wasi_shim, with zero live
// allocations at exit; negative programs by their diagnostics). Programs
// listed in lang/tests/pending.txt use features the compiler does not have
// yet: they are reported as todo. PITH_CONFORMANCE_ALL=1 runs them too.
import { describe, expect, it } from "vitest";
import { checkCase, discover, readPending } from "./corpus";

const cases = discover();
const pending = readPending();
const runAll = process.env.PITH_CONFORMANCE_ALL === "1";

describe("the corpus is well formed", () => {
  it("has at least 150 positive programs, 40 negative programs and 10 examples", () => {
    const positive = cases.filter((c) => c.expected && c.path.startsWith("lang/tests/")).length;
    const negative = cases.filter((c) => c.diagnostics).length;
    const examples = cases.filter((c) => c.category === "examples").length;
    expect({ positive: positive >= 150, negative: negative >= 40, examples: examples >= 10 }).toEqual({
      positive: true,
      negative: true,
      examples: true,
    });
  });

  it("lists only existing programs in pending.txt", () => {
    const known = new Set(cases.map((c) => c.path));
    expect([...pending.keys()].filter((p) => !known.has(p))).toEqual([]);
  });
});

const categories = [...new Set(cases.map((c) => c.category))];
for (const category of categories) {
  describe.concurrent(category, () => {
    for (const c of cases.filter((x) => x.category === category)) {
      const reason = pending.get(c.path);
      if (reason !== undefined && !runAll) {
        it.todo(`${c.path} (pending: ${reason})`);
        continue;
      }
      it(c.path, async () => {
        const { problems } = await checkCase(c);
        expect(problems.join("\n\n")).toBe("");
      });
    }
  });
}
