// The positions user code stores for the library's panics (lower/caller_loc.ts)
// cost a store to memory per library call; at -O2 the store is dropped
// before calls that cannot panic (passes/caller_cell.ts), and a call of a
// known closure still becomes a direct call (passes/specialise.ts), while
// every panic keeps naming the user's call.
import { describe, expect, it } from "vitest";
import { optimisedIr as ir, occurrences, run } from "./compiler";

// The cell's address as the IR dump prints it, in a store's address.
const CELL = "const:ptr 472";

describe("call-site positions for library panics at -O2", () => {
  it("stores no position before a library function that cannot panic", async () => {
    const source = `import std.math
fn norm(xs: [f64]) -> f64 {
    var s = 0.0
    for x in xs {
        s += math.sqrt(x)
    }
    s
}
fn main() {
    println(norm([1.0, 4.0, 9.0]))
}
`;
    expect(occurrences(await ir(source), CELL)).toBe(0);
    expect((await run(source)).stdout).toBe("6\n");
    expect((await run(source, "", "-O0")).stdout).toBe("6\n");
  });

  it("keeps the position before a library call that can panic, beside one that cannot", async () => {
    const source = `import std.fmt
import std.math
fn main() {
    let r = math.sqrt(16.0)
    println(r)
    let d = 0 - (r as i64)
    println(fmt.fixed(1.0, d))
}
`;
    expect(occurrences(await ir(source), CELL)).toBeGreaterThan(0);
    for (const opt of ["-O0", "-O2"]) {
      const r = await run(source, "", opt);
      expect(r.exitCode).toBe(101);
      expect(r.stdout).toBe("4\n");
      expect(r.stderr).toBe("panic: fmt.fixed: digits must be 0 or more, got -4 at main.pith:7:17\n");
    }
  });

  it("calls a known closure directly although the call site stores its position", async () => {
    // multiply calls its function argument through a library-typed call
    // site; specialised for entry, the call is direct and inlined.
    const source = `fn entry(i: i64, j: i64) -> f64 {
    1.0 / ((i + j + 1) as f64)
}
fn multiply(v: [f64], a: fn(i64, i64) -> f64) -> f64 {
    var sum = 0.0
    var j = 0
    for x in v {
        sum += a(0, j) * x
        j += 1
    }
    sum
}
fn main() {
    println(multiply([1.0, 2.0, 3.0], entry))
}
`;
    const text = await ir(source);
    expect(occurrences(text, "call_indirect")).toBe(0);
    expect(occurrences(text, CELL)).toBe(0);
    for (const opt of ["-O0", "-O2"]) expect((await run(source, "", opt)).stdout).toBe("3\n");
  });
});
