// The wasm instruction counter on a module whose count can be worked out by
// hand: a loop of n iterations executes 13n + 8 counted instructions, 6n + 5
// of them other than local moves.
import { describe, expect, it } from "vitest";
import wabtInit from "wabt";
import { countWasmInstructions, instrumentForCounting } from "./wasmInstructions";

const loopModule = (n: number) => `
(module
  (memory (export "memory") 1)
  (global $g (mut i32) (i32.const 0))
  (func $sum (param $n i32) (result i32) (local $i i32) (local $acc i32)
    (block $done
      (loop $top
        (br_if $done (i32.ge_s (local.get $i) (local.get $n)))
        (local.set $acc (i32.add (local.get $acc) (local.get $i)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $top)))
    (local.get $acc))
  (func (export "_start") (global.set $g (call $sum (i32.const ${n}))))
  (export "result" (global $g)))`;

async function assemble(wat: string): Promise<Uint8Array> {
  const wabt = await wabtInit();
  const parsed = wabt.parseWat("loop.wat", wat);
  try {
    return parsed.toBinary({}).buffer;
  } finally {
    parsed.destroy();
  }
}

describe("wasm instruction counter", () => {
  it("counts every executed instruction of a loop, and those that are not local moves", async () => {
    for (const n of [0, 1, 1000]) {
      const counted = await countWasmInstructions(await assemble(loopModule(n)));
      // _start: i32.const, call, global.set (3); per test of the loop head:
      // local.get ×2, i32.ge_s, br_if (4, 2 moves); per iteration: 9 (5
      // moves); the function's result: local.get (a move).
      expect(counted.exitCode).toBe(0);
      expect(counted.count).toBe(13 * n + 8);
      expect(counted.operations).toBe(6 * n + 5);
    }
  });

  it("keeps what the module computes", async () => {
    const module = await WebAssembly.compile(
      (await instrumentForCounting(await assemble(loopModule(10)))) as Uint8Array<ArrayBuffer>,
    );
    const instance = await WebAssembly.instantiate(module, {});
    (instance.exports._start as () => void)();
    expect((instance.exports.result as WebAssembly.Global).value).toBe(45);
  });

  it("refuses bytes that are not a wasm module", () => {
    expect(() => instrumentForCounting(new TextEncoder().encode("not wasm at all"))).toThrow(/not a wasm module/);
  });
});
