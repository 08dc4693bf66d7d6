// A memory ceiling written into a compiled program: the module's own memory
// gets a maximum, so `memory.grow` past it fails inside the program (its
// allocator then panics with out of memory) instead of the host giving it
// every page it asks for. A worker's heap limits do not cover WebAssembly
// memory, so this is what bounds an untrusted program's memory.

const PAGE_BYTES = 65536;
const MEMORY_SECTION = 5;

function readLeb(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    if (byte === undefined) throw new Error("the module ends inside a number");
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if ((byte & 0x80) === 0) return { value, next: at };
  }
}

function writeLeb(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    out.push(byte);
  } while (rest > 0);
  return out;
}

/**
 * The module with its one defined memory limited to `maxBytes` (rounded down
 * to whole pages). Throws when the module defines no memory or a 64-bit or
 * shared one, or when its initial memory is already over the limit.
 */
export function capMemory(module: Uint8Array, maxBytes: number): Uint8Array {
  const cap = Math.floor(maxBytes / PAGE_BYTES);
  let at = 8; // magic and version
  while (at < module.length) {
    const id = module[at] as number;
    const size = readLeb(module, at + 1);
    const start = size.next;
    const end = start + size.value;
    if (id !== MEMORY_SECTION) {
      at = end;
      continue;
    }
    const count = readLeb(module, start);
    if (count.value !== 1) throw new Error(`the module defines ${count.value} memories; one is expected`);
    const flags = module[count.next] as number;
    if (flags !== 0 && flags !== 1)
      throw new Error(`the module's memory has flags ${flags}; a plain 32-bit one is expected`);
    const min = readLeb(module, count.next + 1);
    const max = flags === 1 ? readLeb(module, min.next) : undefined;
    if (min.value > cap)
      throw new Error(`the program starts with ${min.value * 64} KiB of memory, over the limit of ${cap * 64} KiB`);
    const limited = Math.min(max?.value ?? cap, cap);
    const content = [...writeLeb(1), 1, ...writeLeb(min.value), ...writeLeb(limited)];
    const section = [MEMORY_SECTION, ...writeLeb(content.length), ...content];
    const out = new Uint8Array(module.length - (end - at) + section.length);
    out.set(module.subarray(0, at), 0);
    out.set(section, at);
    out.set(module.subarray(end), at + section.length);
    return out;
  }
  throw new Error("the module defines no memory of its own");
}
