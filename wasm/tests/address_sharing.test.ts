// Repeated access addresses computed once in the wasm build
// (wasm/src/passes/addresses.ts). The counts are executed wasm instructions
// (bench/wasmInstructions.ts): the same on every machine, so the bounds hold
// wherever the test runs. Each program's output is checked at -O0 too: a
// shared address that went stale (a local assigned in between, a first
// computation skipped by a branch, a value carried into a loop's next
// iteration) prints something else.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { countWasmInstructions } from "../../bench/wasmInstructions";
import { pith, run } from "./compiler";

const FANNKUCH_IDIOMATIC = join(import.meta.dirname, "../../bench/programs/fannkuch-redux-idiomatic.pith");

async function executed(source: string): Promise<number> {
  const built = await pith(["build", "main.pith", "-O2", "-o", "out.wasm"], source);
  if (built.exitCode !== 0 || !built.wasm) throw new Error(`build failed (${built.exitCode}): ${built.stderr}`);
  return (await countWasmInstructions(built.wasm)).count;
}

async function sameAtEveryLevel(source: string, expected: string): Promise<void> {
  for (const opt of ["-O0", "-O2"]) {
    const r = await run(source, "", opt);
    expect(r.stdout, opt).toBe(expected);
    expect(r.live, opt).toBe(0);
  }
}

const addInPlace = (rounds: number) => `fn main() {
    var a = [0; 100]
    for r in 0..${rounds} {
        for i in 0..100 {
            a[i] = a[i] + i
        }
    }
    println(a[99])
}
`;

describe("repeated access addresses", () => {
  it("computes a[i]'s address once for the load and the store of a[i] = a[i] + i", async () => {
    // The difference of two runs cancels the fixed costs: what one more
    // iteration of the inner loop executes. The loop test, the load, the
    // add, the store and the step took 26 with the address computed twice.
    const perIteration = ((await executed(addInPlace(200))) - (await executed(addInPlace(100)))) / (100 * 100);
    expect(perIteration).toBeLessThanOrEqual(23);
    await sameAtEveryLevel(addInPlace(3), "297\n");
  });

  it("executes fewer instructions per permutation in fannkuch-redux-idiomatic's flips", async () => {
    // n = 7: 5,040 permutations, one round. 5.66 M executed instructions
    // with each swap computing both addresses twice.
    const source = readFileSync(FANNKUCH_IDIOMATIC, "utf8")
      .replace("for round in 0..5", "for round in 0..1")
      .replace("fannkuch(10)", "fannkuch(7)");
    expect(await executed(source)).toBeLessThanOrEqual(5_400_000);
    await sameAtEveryLevel(source, "228\nPfannkuchen(10) = 16\n");
  });

  it("recomputes an address whose index changed in between", async () => {
    await sameAtEveryLevel(
      `fn main() {
    var a = [1, 2, 3, 4]
    var i = 0
    let x = a[i + 1]
    i += 1
    a[i + 1] = x * 10
    println("{a[0]} {a[1]} {a[2]} {a[3]}")
}
`,
      "1 2 20 4\n",
    );
  });

  it("does not reuse an address first computed in a branch that did not run", async () => {
    await sameAtEveryLevel(
      `fn touch(start: [i64], i: i64, c: bool) -> [i64] {
    var a = start
    if c {
        a[i + 1] = a[i + 1] + 5
    }
    a[i + 1] = a[i + 1] * 2
    a
}

fn main() {
    let a = touch([1, 2, 3], 0, false)
    let b = touch([1, 2, 3], 1, true)
    println("{a[1]} {b[2]}")
}
`,
      "4 16\n",
    );
  });

  it("does not carry an address into a loop's next iteration, or past an assignment in a nested block", async () => {
    await sameAtEveryLevel(
      `fn main() {
    var a = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    var i = 0
    var sum = 0
    while i < 7 {
        sum += a[i + 1]
        if i % 2 == 0 {
            i += 1
        }
        sum = sum * 10 + a[i + 1]
        a[i + 1] = a[i + 1] + i
        i += 1
    }
    println("{sum} {a[1]} {a[2]} {a[3]} {a[4]} {a[5]} {a[6]} {a[7]} {a[8]}")
}
`,
      "28259 2 4 4 8 6 12 8 16\n",
    );
  });
});
