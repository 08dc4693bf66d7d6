// The element scan of a loop nest (`unique_elems.T`, which makes an array and
// every element unshared before writes that skip their copy-on-write checks)
// made once before an enclosing loop that shares nothing
// (wasm/src/passes/unique_elems.ts): nbody's `for step { system.advance() }`.
// Random programs share the array, an element or the whole struct before the
// loop, inside it (where the scan must stay), replace elements and run the
// loop zero or more times; -O2 must print what -O0 prints, in wasm and
// natively, and free everything.
import { describe, expect, it } from "vitest";
import { missingToolsFor } from "../../server/toolchain/detect";
import { optimisedIr, run } from "./compiler";
import { emitLl, nativeDifferences } from "./llvm_support";
import { PRELUDE, program } from "./unique_elems_programs";

const SEEDS = Array.from({ length: 60 }, (_, k) => 1000 + k);
const NATIVE_SEEDS = SEEDS.slice(0, 12);
const nativeMissing = missingToolsFor("linux-x64");

describe("element scans made once before a loop", () => {
  it("scans the elements before the caller's loop, not in it", async () => {
    // The loop of a function that is not main: the wasm build inlines
    // `step` there too. The copy of an element (unique_copy.P, called by
    // the inlined scan) must come before the step loop and not in it.
    const source = `${PRELUDE}
fn simulate(start: S, steps: i64) -> S {
    var s = start
    for step in 0..steps {
        s.step(2)
    }
    s
}

fn main() {
    let s = simulate(S { items: [P { a: 1, b: 2 }, P { a: 3, b: 4 }], tag: 1 }, 777777)
    println("{total(s)}")
}
`;
    const lines = (await optimisedIr(source)).split("\n");
    const indent = (l: string) => l.length - l.trimStart().length;
    // The step loop: the loop whose exit test (its first lines) reads the bound.
    const outer = lines.findIndex(
      (l, k) => /^\s*loop L/.test(l) && lines.slice(k + 1, k + 8).some((m) => m.includes("const:i64 777777")),
    );
    expect(outer).toBeGreaterThan(0);
    const start = lines.findLastIndex((l, k) => k < outer && l.startsWith("fn "));
    let stop = outer + 1;
    while (stop < lines.length && (lines[stop].trim() === "" || indent(lines[stop]) > indent(lines[outer]))) stop++;
    const copiesIn = (from: number, to: number) =>
      lines.slice(from, to).filter((l) => l.includes("unique_copy.P")).length;
    expect(copiesIn(start, outer)).toBeGreaterThan(0);
    expect(copiesIn(outer, stop)).toBe(0);
    for (const opt of ["-O0", "-O2"]) {
      const r = await run(source, "", opt);
      expect(r.stdout).toBe((await run(source, "", "-O0")).stdout);
      expect(r.live).toBe(0);
    }
  });

  it("leaves a shared struct alone when a loop whose test reads it runs no iteration", async () => {
    // The check of `s` moves before the loop only behind its test; the
    // element scan must not write into `s` when that test stops the loop at once.
    for (const limit of [0, 5, 400]) {
      const source = `${PRELUDE}
fn simulate() {
    var s = S { items: [P { a: 1, b: 2 }, P { a: 3, b: 4 }], tag: 1 }
    let snap = s
    let kept = s.items[1]
    while s.items[0].a < ${limit} {
        s.step(1)
    }
    println("{total(s)} {total(snap)} {kept.a} {kept.b}")
}

fn main() {
    simulate()
}
`;
      const slow = await run(source, "", "-O0");
      const fast = await run(source, "", "-O2");
      expect(fast.stdout).toBe(slow.stdout);
      expect(fast.live).toBe(0);
    }
  });

  it("prints what -O0 prints, in wasm, for random programs that share the array and its elements", async () => {
    for (const seed of SEEDS) {
      const source = program(seed);
      const slow = await run(source, "", "-O0");
      expect(slow.exitCode, `seed ${seed}: ${slow.stderr}\n${source}`).toBe(0);
      const fast = await run(source, "", "-O2");
      expect({ seed, out: fast.stdout, exit: fast.exitCode }).toEqual({ seed, out: slow.stdout, exit: 0 });
      expect(fast.live, `seed ${seed}`).toBe(0);
    }
  }, 240_000);

  it.skipIf(nativeMissing.length > 0)(
    "prints what -O0 prints, natively on linux-x64, at -O0 and -O2",
    async () => {
      for (const seed of NATIVE_SEEDS) {
        const source = program(seed);
        const slow = await run(source, "", "-O0");
        const reference = { stdout: slow.stdout, stderr: slow.stderr, exit: slow.exitCode };
        for (const opt of ["-O0", "-O2"]) {
          const { ll, stderr } = await emitLl(source, "main.pith", opt);
          expect(ll, stderr).not.toBeNull();
          expect(await nativeDifferences(ll as string, reference, "linux-x64", opt, "main.pith", "")).toEqual([]);
        }
      }
    },
    600_000,
  );
});
