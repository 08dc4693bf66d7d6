// A local's value as the debugger shows it, from what a debug build hands
// over (wasm/src/lower/debug_hooks.ts): scalars arrive as the text println
// would print, strings as pointers into the program's memory
// ([rc][len][bytes]), composite values with a description of their type
// (formatValue.ts).

/** Kinds of hand-over; the numbers are the compiler's LOCAL_* constants. */
export const LOCAL_TEXT = 0;
export const LOCAL_STR = 1;
export const LOCAL_VALUE = 5;

/** A text or string local's value; anything else shows its type. */
export function formatLocal(memory: WebAssembly.Memory, type: string, kind: number, at: number): string {
  if (kind === LOCAL_TEXT || kind === LOCAL_STR) return readString(memory, at);
  return `<${type}>`;
}

function readString(memory: WebAssembly.Memory, at: number): string {
  const view = new DataView(memory.buffer);
  if (at <= 0 || at + 8 > view.byteLength) return "";
  const length = Math.max(0, Math.min(view.getInt32(at + 4, true), view.byteLength - at - 8));
  return new TextDecoder().decode(new Uint8Array(memory.buffer, at + 8, length));
}
