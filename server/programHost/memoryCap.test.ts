// The memory ceiling written into a module: the engine itself then refuses
// to grow the memory past it, and modules it cannot cap are refused by name.
import { describe, expect, it } from "vitest";
import { capMemory } from "./memoryCap";

const PAGE = 65536;
const HEADER = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
/** (module (memory min [max]) (export "memory" (memory 0))) */
function moduleWithMemory(min: number, max?: number): Uint8Array {
  const limits = max === undefined ? [0, min] : [1, min, max];
  const memory = [5, limits.length + 1, 1, ...limits];
  const exportSection = [7, 10, 1, 6, ...new TextEncoder().encode("memory"), 2, 0];
  return new Uint8Array([...HEADER, ...memory, ...exportSection]);
}

async function memoryOf(bytes: Uint8Array): Promise<WebAssembly.Memory> {
  const { instance } = await WebAssembly.instantiate(bytes as Uint8Array<ArrayBuffer>);
  return instance.exports.memory as WebAssembly.Memory;
}

describe("capMemory", () => {
  it("lets the memory grow up to the ceiling and no further", async () => {
    const memory = await memoryOf(capMemory(moduleWithMemory(1), 3 * PAGE));
    expect(memory.grow(2)).toBe(1);
    expect(memory.buffer.byteLength).toBe(3 * PAGE);
    expect(() => memory.grow(1)).toThrow(RangeError);
  });

  it("keeps a maximum the module already had when it is lower", async () => {
    const memory = await memoryOf(capMemory(moduleWithMemory(1, 2), 100 * PAGE));
    expect(memory.grow(1)).toBe(1);
    expect(() => memory.grow(1)).toThrow(RangeError);
  });

  it("refuses a module whose initial memory is over the ceiling, and one without a memory", () => {
    expect(() => capMemory(moduleWithMemory(4), 2 * PAGE)).toThrow(
      "the program starts with 256 KiB of memory, over the limit of 128 KiB",
    );
    expect(() => capMemory(new Uint8Array(HEADER), PAGE)).toThrow("the module defines no memory of its own");
  });
});
