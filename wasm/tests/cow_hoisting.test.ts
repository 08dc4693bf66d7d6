// Copy-on-write checks hoisted out of nested loops (wasm/src/passes/unique.ts).
// Deciding whether one check can move out of a loop runs a trial analysis of
// the loop with that single fact; the trial's branches out of the loop must
// not reach the facts of the enclosing blocks. When they did, the facts after
// an inner loop with a `break` were cut down to the trial's, and fannkuch's
// outer loop checked perm1 and count again before its rotation loop on every
// permutation.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { optimisedIr as ir, occurrences, run } from "./compiler";
import { permProgram } from "../fuzz/permProgram";

const FANNKUCH = join(import.meta.dirname, "../../bench/programs/fannkuch-redux.pith");

// Each copy-on-write check that can copy calls its type's out-of-line copy.
const copies = (text: string) => occurrences(text, "call:ptr unique_copy.");

describe("copy-on-write checks across nested loops", () => {
  it("checks fannkuch's three arrays once, before the loop over permutations", async () => {
    // One copy site per array (perm1, perm, count), all before the outer loop.
    const source = readFileSync(FANNKUCH, "utf8").replace("for round in 0..5", "for round in 0..1");
    expect(copies(await ir(source))).toBe(3);
  });

  it("keeps the checks that a loop exit reaches without them", async () => {
    // `a` is shared with `b` until the first write; the inner loop's break
    // leaves before a's check on the first pass, so the check after the
    // loop must stay, and `b` must keep its old contents.
    const source = `fn main() {
    var a = [1, 2, 3]
    let b = a
    var k = 0
    while k < 3 {
        var i = 0
        while i < 3 {
            if i == k {
                break
            }
            i += 1
        }
        a[k] = a[k] * 10
        k += 1
    }
    println("{a[0]} {a[1]} {a[2]} {b[0]} {b[1]} {b[2]}")
}
`;
    for (const opt of ["-O0", "-O2"]) {
      const r = await run(source, "", opt);
      expect(r.stdout).toBe("10 20 30 1 2 3\n");
      expect(r.live).toBe(0);
    }
  });

  it("checks before a loop whose test reads the local, when the test lets the first iteration run", async () => {
    // flips' loop often stops at its first test: the check before the loop
    // repeats that test (reading the caller's array), so no copy is made
    // when the loop runs no iteration, and none of its iterations checks.
    const source = permProgram(
      `    fn flips(self) -> i64 {
        var p = self
        var count = 0
        while p.items[0] != 0 {
            p.flip(p.items[0])
            count += 1
        }
        count
    }
`,
      `fn main() {
    let a = Perm { items: [2, 0, 1] }
    let b = Perm { items: [0, 2, 1] }
    println("{a.flips()} {b.flips()} {a.items[0]} {a.items[1]} {a.items[2]}")
}
`,
    );
    const text = await ir(source);
    const flips = text.slice(text.indexOf("fn Perm.flips("), text.indexOf("\n}\n", text.indexOf("fn Perm.flips(")));
    const lines = flips.split("\n");
    const loop = lines.findIndex((l) => l.trim().startsWith("loop "));
    expect(loop).toBeGreaterThan(0);
    expect(copies(flips)).toBe(1);
    expect(lines.findIndex((l) => l.includes("call:ptr unique_copy."))).toBeLessThan(loop);
    for (const opt of ["-O0", "-O2"]) {
      const r = await run(source, "", opt);
      expect(r.stdout).toBe("2 0 2 0 1\n");
      expect(r.live).toBe(0);
    }
  });

  it("keeps the check after a loop that its first test leaves", async () => {
    // The check before each loop is made only when the first iteration
    // runs; a loop left at once says nothing about `a`, whose write after
    // the loop must still copy it away from `b`.
    const source = `fn main() {
    var a = [3, 1, 2]
    let b = a
    while a[0] == 0 {
        a[1] = 9
    }
    a[2] = 7
    var c = [2, 0, 5]
    let d = c
    while c[0] != 0 {
        c[0] = c[0] - 1
        c[1] += 1
    }
    c[2] = 6
    println("{b[2]} {a[2]} {a[1]} {d[0]} {d[1]} {d[2]} {c[0]} {c[1]} {c[2]}")
}
`;
    for (const opt of ["-O0", "-O2"]) {
      const r = await run(source, "", opt);
      expect(r.stdout).toBe("2 7 1 2 0 5 0 2 6\n");
      expect(r.live).toBe(0);
    }
  });

  it("still copies at a push once the array is shared in the loop", async () => {
    // Each snapshot takes a reference to kept, so the next push must copy,
    // and every snapshot keeps the contents it had.
    const source = `fn main() {
    var kept: [i64] = []
    var snaps: [[i64]] = []
    for x in 0..6 {
        kept.push(x)
        if x % 2 == 1 {
            snaps.push(kept)
        }
    }
    let alias = kept
    kept.push(99)
    for s in snaps {
        println(len(s))
    }
    println("{len(kept)} {len(alias)} {kept[6]}")
}
`;
    for (const opt of ["-O0", "-O2"]) {
      const r = await run(source, "", opt);
      expect(r.stdout).toBe("2\n4\n6\n7 6 99\n");
      expect(r.live).toBe(0);
    }
  });
});
