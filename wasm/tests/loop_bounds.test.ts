// Bounds-check elimination by loop versioning (wasm/src/passes/bounds.ts)
// and element addresses sunk into their stores and computed in 64 bits by
// the LLVM backend (passes/sink.ts, backend/llvm/memory.ts): the loops that
// get an unchecked copy, those that keep theirs, and that both copies give
// the results and the panics of the checked loop. The boundary programs
// are conformance programs too (lang/tests/panics/*_past_the_end.pith,
// range_loop_from_a_negative_start.pith, arrays/loops_over_index_ranges.pith).
import { describe, expect, it } from "vitest";
import { occurrences, run } from "./compiler";
import { emitLl } from "./llvm_support";

/** The define of pith's _start (where -O2 inlines main) in LLVM IR text. */
function startFunction(ll: string): string {
  const at = ll.indexOf("define internal void @pith._start()");
  return ll.slice(at, ll.indexOf("\n}\n", at));
}

/** How many bounds checks (calls of panic_index) the function makes. */
const checks = (text: string) => occurrences(text, "call void @pith.rt.panic_index");

const REVERSE = (hi: string) => `fn main() {
    var xs = [1, 2, 3, 4, 5, 6]
    var lo = 0
    var hi = ${hi}
    while lo < hi {
        let t = xs[lo]
        xs[lo] = xs[hi]
        xs[hi] = t
        lo += 1
        hi -= 1
    }
    println("{xs[0]} {xs[5]}")
}
`;

describe("bounds checks in loops", () => {
  it("gives a reversal loop a copy without its two checks, with 64-bit element addresses", async () => {
    const { ll } = await emitLl(REVERSE("len(xs) - 1"), "reverse.pith", "-O2");
    const start = startFunction(ll as string);
    // The original loop keeps its two checks (xs[lo] and xs[hi]; the stores reuse them);
    // the copy has none, and xs[0], xs[5] after the loop are checked once each.
    expect(checks(start)).toBe(4);
    expect(start.match(/^loop\.\d+:/gm)?.length).toBe(2);
    expect(start).toMatch(/mul nuw nsw i64 %[\w.]+, 8/);
  });

  it("keeps a single checked loop when a call inside could change the array", async () => {
    const source = `fn main() {
    var xs = [1, 2, 3]
    for i in 0..3 {
        xs[i] = xs[i] + 1
        println(xs[i])
    }
}
`;
    const { ll } = await emitLl(source, "calls.pith", "-O2");
    expect(startFunction(ll as string).match(/^loop\.\d+:/gm)?.length).toBe(1);
  });

  it("runs the unchecked copy when the entry values are in bounds", async () => {
    const r = await run(REVERSE("len(xs) - 1"));
    expect(r).toEqual({ stdout: "6 1\n", stderr: "", exitCode: 0, live: 0 });
  });

  it("runs the checked loop, panicking at the same access, when they are not", async () => {
    const r = await run(REVERSE("len(xs)"));
    expect(r.exitCode).toBe(101);
    expect(r.stderr).toBe("panic: index out of bounds: index 6, length 6 at main.pith:7:20\n");
  });

  it("reads an array in a struct field through the copy, and panics through the original", async () => {
    const source = (n: string) => `struct Perm {
    items: [i64],
}

impl Perm {
    fn shift(var self, r: i64) {
        let first = self.items[0]
        for i in 0..r {
            self.items[i] = self.items[i + 1]
        }
        self.items[r] = first
    }
}

fn main() {
    var p = Perm { items: [1, 2, 3, 4] }
    p.shift(${n})
    println("{p.items[0]} {p.items[1]} {p.items[2]} {p.items[3]}")
}
`;
    expect(await run(source("3"))).toEqual({ stdout: "2 3 4 1\n", stderr: "", exitCode: 0, live: 0 });
    const bad = await run(source("4"));
    expect(bad.exitCode).toBe(101);
    expect(bad.stderr).toBe("panic: index out of bounds: index 4, length 4 at main.pith:9:39\n");
  });
});
