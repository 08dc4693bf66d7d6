// Copies between locals removed for the wasm backend (wasm/src/passes/copies.ts):
// reads of a copy (or of a constant's local) read the original up to where either may change, moves
// through a temporary assign directly, unread locals lose their writes, and
// constant address offsets move into loads and stores. -O0 runs none of
// this, so a program must print the same at -O0 and -O2: checked on
// programs written to put an assignment between a copy and its reads (in
// evaluation order, in a loop, in a branch), and on generated ones.
import { describe, expect, it } from "vitest";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { generateProgram } from "../fuzz/generator";
import { optimisedIr, pith } from "./compiler";

const decoder = new TextDecoder();

async function outcome(source: string, opt: string): Promise<string> {
  const built = await pith(["build", "main.pith", opt, "-o", "out.wasm"], source);
  if (built.exitCode !== 0 || !built.wasm) return `build failed (${built.exitCode}): ${built.stderr}`;
  const module = await WebAssembly.compile(built.wasm as Uint8Array<ArrayBuffer>);
  const r = await runWasiShim({ module, program: "main.pith", args: [] });
  return `${decoder.decode(r.stdout)}|${decoder.decode(r.stderr)}|${r.exitCode}`;
}

async function sameAtEveryLevel(source: string): Promise<string> {
  const o0 = await outcome(source, "-O0");
  expect(await outcome(source, "-O2")).toBe(o0);
  return o0;
}

// Inlined calls copy their arguments into the callee's locals; each program
// then changes the original while the copy is still read.
const HAZARDS: Record<string, { source: string; stdout: string }> = {
  "the original changes after the copy, before a read": {
    source: `fn later(a: i64, b: i64) -> i64 {
    a * 10 + b
}

fn main() {
    var x = 1
    var total = 0
    for i in 0..4 {
        let y = x
        x += i
        total += later(y, x)
    }
    println(total)
}
`,
    stdout: "94\n",
  },
  "a read inside a loop that changes the original": {
    source: `fn main() {
    var x = 3
    let keep = x
    var sum = 0
    var i = 0
    while i < 4 {
        sum += keep
        x = x * 2
        i += 1
    }
    println(sum + x)
}
`,
    stdout: "60\n",
  },
  "a swap through a temporary, and array elements swapped in a loop": {
    source: `fn swap_ends(items: [i64]) -> [i64] {
    var a = items
    var lo = 0
    var hi = len(a) - 1
    while lo < hi {
        let t = a[lo]
        a[lo] = a[hi]
        a[hi] = t
        lo += 1
        hi -= 1
    }
    a
}

fn main() {
    var p = 1
    var q = 2
    for i in 0..5 {
        let t = p
        p = q
        q = t + i
    }
    println("{p} {q}")
    let a = swap_ends([1, 2, 3, 4, 5, 6, 7])
    println(a[0] * 100 + a[6])
}
`,
    stdout: "6 7\n701\n",
  },
  "a copy read in one branch and changed in the other": {
    source: `fn pick(c: bool, a: i64, b: i64) -> i64 {
    if c { a } else { b }
}

fn main() {
    var x = 5
    var out = 0
    for i in 0..6 {
        let y = x
        if i % 2 == 0 {
            x = x + 1
        } else {
            out += y
        }
        out += pick(i % 3 == 0, y, x)
    }
    println(out)
}
`,
    stdout: "62\n",
  },
  "a local set to a constant and changed later in a loop": {
    source: `fn main() {
    var step = 1
    var total = 0
    for i in 0..6 {
        total += step
        if i == 2 {
            step = 10
        }
    }
    var bytes = [0; 8]
    for i in 0..8 {
        bytes[i] = i * step
    }
    println(total + bytes[7])
}
`,
    stdout: "103\n",
  },
};

describe("copy forwarding for wasm", () => {
  for (const [name, { source, stdout }] of Object.entries(HAZARDS)) {
    it(`prints the same at -O0 and -O2: ${name}`, async () => {
      expect(await sameAtEveryLevel(source)).toBe(`${stdout}||0`);
    });
  }

  it("reads array elements through the array local, at a constant offset, in a swap loop", async () => {
    const ir = await optimisedIr(HAZARDS["a swap through a temporary, and array elements swapped in a loop"].source);
    // The element's 16-byte header offset is in the access, not an addition.
    expect(ir).toContain("load:i64 w8 +16");
    expect(ir).toContain("store w8 +16");
  });

  it("prints the same at -O0 and -O2 for 40 generated programs", async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const source = generateProgram(seed);
      const o0 = await outcome(source, "-O0");
      const o2 = await outcome(source, "-O2");
      expect(o2, `generated program ${seed}:\n${source}`).toBe(o0);
    }
  }, 300_000);
});
