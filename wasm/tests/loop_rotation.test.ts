// Loop rotation in the wasm backend (wasm/src/passes/rotate.ts): at -O2 a
// `while` loop's exit tests run once before the loop and then after each
// pass, and the program does exactly what it did with the tests at the top:
// the same tests in the same order (tests with effects included), `continue`
// going through the tests, `break`, loops that never run, nested loops.
import { describe, expect, it } from "vitest";
import { pith, run } from "./compiler";

/** The bytes of `i64.const v` in a wasm body (opcode 0x42, signed LEB128). */
function i64Const(v: number): number[] {
  const out = [0x42];
  let x = BigInt(v);
  for (;;) {
    const byte = Number(x & 0x7fn);
    x >>= 7n;
    const done = (x === 0n && (byte & 0x40) === 0) || (x === -1n && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

function occurrences(bytes: Uint8Array, pattern: number[]): number {
  let n = 0;
  for (let i = 0; i + pattern.length <= bytes.length; i++) if (pattern.every((b, j) => bytes[i + j] === b)) n++;
  return n;
}

const LOOPS = `fn noisy(label: str, v: bool) -> bool {
    println("test {label}")
    v
}

fn main() {
    // Tests with effects: printed once per test, in order, as at -O0.
    var i = 0
    while noisy("a", i < 3) && noisy("b", i != 5) {
        i += 1
    }
    // continue goes through the test; break leaves at once.
    var n = 0
    var sum = 0
    while n < 20 {
        n += 1
        if n % 3 == 0 {
            continue
        }
        if n == 17 {
            break
        }
        sum += n
    }
    println("{n} {sum}")
    // A loop whose test fails at once runs nothing.
    var never = 0
    while never > 0 {
        never -= 1
        println("never")
    }
    // Nested loops, the inner one restarting each time.
    var rows = 0
    var y = 0
    while y < 4 {
        var x = 0
        while x < y {
            rows += x * 10 + y
            x += 1
        }
        y += 1
    }
    println(rows)
}
`;

describe("loop rotation", () => {
  it("keeps the order of the tests, continue, break, empty and nested loops as at -O0", async () => {
    const fast = await run(LOOPS);
    const plain = await run(LOOPS, "", "-O0");
    expect(fast.stdout).toBe(plain.stdout);
    expect(fast.stdout).toBe(
      ["test a", "test b", "test a", "test b", "test a", "test b", "test a", "17 91", "54", ""].join("\n"),
    );
    expect(fast.live).toBe(0);
  });

  it("copies a while loop's test in front of it at -O2, and not at -O0 or -Os", async () => {
    const source = `fn main() {
    var i = 0
    var s = 0
    while i < 1234567 {
        s += i
        i += 1
    }
    println(s)
}
`;
    const count = async (opt: string) => {
      const built = await pith(["build", "main.pith", opt, "-o", "out.wasm"], source);
      expect(built.exitCode).toBe(0);
      return occurrences(built.wasm as Uint8Array, i64Const(1234567));
    };
    const plain = await count("-O0");
    expect(await count("-O2")).toBe(plain + 1);
    expect(await count("-Os")).toBe(plain);
    expect((await run(source)).stdout).toBe("762077221461\n");
  });
});
