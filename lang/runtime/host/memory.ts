// Reading and writing Pith values in a module's linear memory: a str is a
// pointer to [refcount i32][length i32][UTF-8 bytes].

/** A failure of a host module, reported to the user as the program's error. */
export class HostError extends Error {}

export type MemoryRef = () => WebAssembly.Memory;

/** The bytes of the Pith string at `ptr` (a copy). */
export function readStrBytes(memory: WebAssembly.Memory, ptr: number): Uint8Array {
  const view = new DataView(memory.buffer);
  const len = view.getInt32(ptr + 4, true);
  return new Uint8Array(memory.buffer, ptr + 8, len).slice();
}

const decoder = new TextDecoder();

export function readStr(memory: WebAssembly.Memory, ptr: number): string {
  return decoder.decode(readStrBytes(memory, ptr));
}

export function writeBytes(memory: WebAssembly.Memory, ptr: number, bytes: Uint8Array): void {
  new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
}
