// The bottom of a rotated loop (`br_if X (eqz c); br L`, where leaving the
// loop reaches the end of X anyway) becomes one branch back
// (wasm/src/passes/loop_exit.ts). -O0 neither rotates nor joins, so each
// program must print the same at -O0 and -O2; these put the loop where
// leaving it does and does not end the enclosing block (code after it, a
// value block, a branch of an if), with `continue` and `break` inside.
import { describe, expect, it } from "vitest";
import { countWasmInstructions } from "../../bench/wasmInstructions";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { pith } from "./compiler";

const decoder = new TextDecoder();

async function build(source: string, opt: string): Promise<Uint8Array> {
  const built = await pith(["build", "main.pith", opt, "-o", "out.wasm"], source);
  if (built.exitCode !== 0 || !built.wasm) throw new Error(`build failed (${built.exitCode}): ${built.stderr}`);
  return built.wasm;
}

async function printed(source: string, opt: string): Promise<string> {
  const module = await WebAssembly.compile((await build(source, opt)) as Uint8Array<ArrayBuffer>);
  const r = await runWasiShim({ module, program: "main.pith", args: [] });
  return `${decoder.decode(r.stdout)}|${r.exitCode}`;
}

const PROGRAMS: Record<string, { source: string; stdout: string }> = {
  "a loop followed by more code, with continue": {
    source: `fn main() {
    var i = 0
    var odd = 0
    while i < 10 {
        i += 1
        if i % 2 == 0 {
            continue
        }
        odd += i
    }
    println(odd)
    println(i)
}
`,
    stdout: "25\n10\n",
  },
  "nested loops, the inner one last in the outer one's body, with break": {
    source: `fn main() {
    var total = 0
    var a = 0
    while a < 5 {
        a += 1
        var b = 0
        while b < a {
            b += 1
            if b * a > 12 {
                break
            }
            total += b
        }
    }
    println(total)
}
`,
    stdout: "19\n",
  },
  "a loop in one branch of an if whose value is used": {
    source: `fn count(n: i64) -> i64 {
    var k = 0
    if n > 3 {
        while k * k < n {
            k += 1
        }
    } else {
        k = -1
    }
    k
}

fn main() {
    println(count(50))
    println(count(2))
    println(count(4))
}
`,
    stdout: "8\n-1\n2\n",
  },
  "a float test that turns NaN, and an unsigned-looking countdown": {
    source: `fn main() {
    var x = 1.0
    var n = 0
    while x < 100.0 {
        x = x * 3.0
        if n == 2 {
            x = 0.0 / 0.0
        }
        n += 1
    }
    var k = 10
    var steps = 0
    while k != 0 {
        k -= 2
        steps += 1
    }
    println(n)
    println(steps)
}
`,
    stdout: "3\n5\n",
  },
};

describe("joined loop exits", () => {
  for (const [name, { source, stdout }] of Object.entries(PROGRAMS)) {
    it(`prints the same at -O0 and -O2: ${name}`, async () => {
      const o0 = await printed(source, "-O0");
      expect(o0).toBe(`${stdout}|0`);
      expect(await printed(source, "-O2")).toBe(o0);
    });
  }

  it("a while loop's iteration at -O2 runs one branch, not a test, a negation and two branches", async () => {
    // The count of a loop of 2000 iterations minus that of 1000 is exactly
    // what one iteration executes: `s += i; i += 1`, the test `i < n` and
    // the branch back (the loop is the last thing its block runs).
    const loopOf = (n: number) => `fn main() {
    var s = 0
    var i = 0
    let n = ${n}
    while i < n {
        s += i * 3
        i += 1
    }
    println(s)
}
`;
    const perIteration =
      ((await countWasmInstructions(await build(loopOf(2000), "-O2"))).count -
        (await countWasmInstructions(await build(loopOf(1000), "-O2"))).count) /
      1000;
    // s = s + i * 3 (6: get, get, const, mul, add, set), i = i + 1 (4),
    // i < n (3) and br_if (1): 14, where the unjoined bottom adds an eqz and a br.
    expect(perIteration).toBeLessThanOrEqual(14);
  });
});
