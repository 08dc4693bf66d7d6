// The runtime's live-allocation counter (memory address 12) is read only by
// builds that export it (--leak-check, __pith_live_allocations), so only
// those keep it: every other build's allocator and free skip a load, an add
// and a store per object (binary-trees allocates and frees tens of millions).
import { describe, expect, it } from "vitest";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { pith } from "./compiler";

const LIVE_COUNTER = 12;

// Panics while three arrays (and the tuple of their sizes) are still alive:
// the exit leaves them allocated, so a counting build ends with a count > 0.
const HOLDS_AT_PANIC = `fn main() {
    var kept: [[i64]] = []
    for i in 0..3 {
        kept.push([i, i + 1, i + 2])
    }
    println(len(kept))
    let k = len(kept) + 5
    println(kept[k][0])
}
`;

async function liveCounterAtExit(flags: string[]): Promise<{ counter: number; stdout: string; exported: boolean }> {
  const built = await pith(["build", "main.pith", ...flags, "-o", "out.wasm"], HOLDS_AT_PANIC);
  if (built.exitCode !== 0 || !built.wasm) throw new Error(`build failed (${built.exitCode}): ${built.stderr}`);
  const module = await WebAssembly.compile(built.wasm as Uint8Array<ArrayBuffer>);
  const r = await runWasiShim({ module, program: "main.pith", args: [] });
  expect(r.exitCode).toBe(101);
  const memory = r.instance.exports.memory as WebAssembly.Memory;
  return {
    counter: new DataView(memory.buffer).getInt32(LIVE_COUNTER, true),
    stdout: new TextDecoder().decode(r.stdout),
    exported: "__pith_live_allocations" in r.instance.exports,
  };
}

describe("live-allocation counter", () => {
  for (const opt of ["-O0", "-O2"]) {
    it(`is kept with --leak-check and left alone without it (${opt})`, async () => {
      const counting = await liveCounterAtExit([opt, "--leak-check"]);
      const plain = await liveCounterAtExit([opt]);
      expect(counting.exported).toBe(true);
      expect(counting.counter).toBeGreaterThan(0);
      expect(plain.exported).toBe(false);
      expect(plain.counter).toBe(0);
      // The program behaves the same either way.
      expect(plain.stdout).toBe("3\n");
      expect(counting.stdout).toBe(plain.stdout);
    });
  }
});
