// Calls that pass a local as a `var` argument (`p.flip(k)` on `var p`) are
// inlined from every call site up to a larger size (wasm/src/passes/inline.ts),
// so that the local's struct keeps its fields in locals (unbox.ts) instead
// of living on the heap and being copied. Before, a `var self` method with a
// loop was inlined only where it had a single caller: calling it from two
// places boxed the struct, and fannkuch-redux-idiomatic written that way ran
// at 1.43x C instead of 1.13x (minimum of interleaved runs).
import { describe, expect, it } from "vitest";
import { occurrences as count, optimisedIr as ir, run } from "./compiler";
import { permProgram } from "../fuzz/permProgram";

// `flip` has a loop, so it is neither tiny nor a leaf; `flips` calls it twice.
const PERM = permProgram(
  `    fn flips(self) -> i64 {
        var p = self
        var count = 0
        if p.items[0] != 0 {
            p.flip(p.items[0])
            count += 1
            while p.items[0] != 0 {
                p.flip(p.items[0])
                count += 1
            }
        }
        count
    }
`,
  `fn main() {
    let p = Perm { items: [2, 0, 3, 1] }
    println(p.flips())
    println("{p.items[0]} {p.items[1]} {p.items[2]} {p.items[3]}")
    let q = Perm { items: [0, 1] }
    println(q.flips())
}
`,
);

describe("inlining of calls with a var argument", () => {
  it("inlines a var self method called from two places, and the struct stays out of the heap", async () => {
    const text = await ir(PERM);
    expect(count(text, "call Perm.flip")).toBe(0);
    // The struct itself is never copied; only its array is, on the first write.
    expect(count(text, "unique_copy.Perm")).toBe(0);
    expect(count(text, "unique_copy.[i64]")).toBeGreaterThan(0);
  });

  it("keeps value semantics and frees everything, at every level", async () => {
    for (const opt of ["-O0", "-O1", "-O2", "-O3", "-Os"]) {
      const r = await run(PERM, "", opt);
      expect(r.stdout, opt).toBe("4\n2 0 3 1\n0\n");
      expect(r.live, opt).toBe(0);
    }
  });

  it("still calls a var self method too large to inline", async () => {
    // Forty statements in the body: well over the limit at -O2.
    const lines = Array.from(
      { length: 40 },
      (_, i) => `        self.items[${i % 4}] = self.items[${(i + 1) % 4}] + ${i}`,
    );
    const source = `struct Big {
    items: [i64],
}

impl Big {
    fn churn(var self) {
${lines.join("\n")}
    }
}

fn main() {
    var b = Big { items: [1, 2, 3, 4] }
    b.churn()
    b.churn()
    println(b.items[0] + b.items[1] + b.items[2] + b.items[3])
}
`;
    const text = await ir(source);
    expect(count(text, "call Big.churn")).toBe(2);
    const a = await run(source, "", "-O0");
    const b = await run(source, "", "-O2");
    expect(b.stdout).toBe(a.stdout);
    expect(b.live).toBe(0);
  });
});
