// Instructions a WebAssembly module executes, counted by instrumenting the
// binary: every straight-line run of instructions (a basic block: it ends at
// a block, loop, if, else, end or branch) first adds its own length to an
// exported i64 global, then the module runs as usual under the same WASI
// shim as the timed runs. The count is exact for the module as written
// (what both compilers emit, before any engine's JIT), the same on every
// machine and every run, and the run stays within about 2× of an
// uninstrumented one, where an interpreter that counts (wabt's wasm-interp
// tracing every instruction) takes minutes for the billions of
// instructions a benchmark program executes.
//
// Structure markers (block, loop, else, end) and nop are not counted: an
// engine emits no code for them. A call counts once at the call site; the
// callee's instructions count in the callee.
import { concatBytes, runWasiShim } from "../lang/runtime/wasi/wasiShim";

/** The names under which the instrumented module exports its counters. */
export const COUNTER_EXPORT = "__instructions";
export const OPERATIONS_EXPORT = "__operations";

// local.get, local.set and local.tee move values between the operand stack
// and locals, which an engine's register allocator turns into nothing or a
// register move; a module that keeps more values on the stack (clang's)
// executes fewer of them for the same work. The second counter leaves them
// out, so the two ratios bracket the difference in work.
const LOCAL_MOVES = new Set([0x20, 0x21, 0x22]);

class Reader {
  at = 0;
  constructor(readonly bytes: Uint8Array) {}
  byte(): number {
    if (this.at >= this.bytes.length) throw new Error(`wasm ends inside a section at byte ${this.at}`);
    return this.bytes[this.at++];
  }
  /** An unsigned LEB128 value (up to 2^32). */
  u32(): number {
    let result = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      result += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) return result;
      scale *= 128;
    }
  }
  /** Skips one LEB128 value of any width and signedness. */
  skipLeb(): void {
    while (this.byte() & 0x80) {}
  }
  skip(n: number): void {
    this.at += n;
  }
}

function leb(value: number | bigint, signed: boolean): number[] {
  const out: number[] = [];
  let v = BigInt(value);
  for (;;) {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    const done = signed ? (v === 0n && (b & 0x40) === 0) || (v === -1n && (b & 0x40) !== 0) : v === 0n;
    out.push(done ? b : b | 0x80);
    if (done) return out;
  }
}

const section = (id: number, body: Uint8Array): Uint8Array =>
  concatBytes([Uint8Array.from([id, ...leb(body.length, false)]), body]);

// Opcodes after which a new basic block starts.
const BLOCK_END = new Set([0x00, 0x02, 0x03, 0x04, 0x05, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x12, 0x13]);
// Opcodes that mark structure and run no code.
const UNCOUNTED = new Set([0x01, 0x02, 0x03, 0x05, 0x0b]);

/** Skips the immediates of `op` (the opcode byte already read). */
function skipImmediates(r: Reader, op: number): void {
  if (op === 0x02 || op === 0x03 || op === 0x04)
    r.skipLeb(); // block type
  else if (op === 0x0c || op === 0x0d || op === 0x10 || op === 0x12 || op === 0xd2) r.skipLeb();
  else if (op === 0x0e) {
    const n = r.u32();
    for (let i = 0; i <= n; i++) r.skipLeb();
  } else if (op === 0x11 || op === 0x13) {
    r.skipLeb();
    r.skipLeb();
  } else if (op === 0x1c) {
    const n = r.u32();
    for (let i = 0; i < n; i++) r.skipLeb();
  } else if (op >= 0x20 && op <= 0x26) r.skipLeb();
  else if (op >= 0x28 && op <= 0x3e) {
    const align = r.u32();
    if (align & 0x40) r.skipLeb(); // memory index (multi-memory)
    r.skipLeb(); // offset
  } else if (op === 0x3f || op === 0x40 || op === 0x41 || op === 0x42 || op === 0xd0) r.skipLeb();
  else if (op === 0x43) r.skip(4);
  else if (op === 0x44) r.skip(8);
  else if (op === 0xfc) {
    const sub = r.u32();
    const immediates = [0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 2, 1, 2, 1, 2, 1, 1, 1][sub];
    if (immediates === undefined) throw new Error(`unknown 0xFC opcode ${sub} at byte ${r.at}`);
    for (let i = 0; i < immediates; i++) r.skipLeb();
  } else if (
    op === 0x01 ||
    op === 0x00 ||
    op === 0x05 ||
    op === 0x0b ||
    op === 0x0f ||
    op === 0x1a ||
    op === 0x1b ||
    op === 0xd1 ||
    (op >= 0x45 && op <= 0xc4)
  ) {
    // no immediates
  } else throw new Error(`opcode 0x${op.toString(16)} at byte ${r.at - 1} is not supported by the counter`);
}

/** The body of one function with a counter increment at the head of every basic block. */
function instrumentBody(body: Uint8Array, counter: number): number[] {
  const operations = counter + 1;
  const r = new Reader(body);
  const groups = r.u32();
  for (let i = 0; i < groups; i++) {
    r.skipLeb();
    r.byte();
  }
  const out = Array.from(body.subarray(0, r.at));
  let blockStart = r.at;
  let count = 0;
  let moves = 0;
  const add = (global: number, n: number) =>
    out.push(0x23, ...leb(global, false), 0x42, ...leb(n, true), 0x7c, 0x24, ...leb(global, false));
  const flush = (end: number) => {
    if (count > 0) add(counter, count);
    if (count - moves > 0) add(operations, count - moves);
    for (let i = blockStart; i < end; i++) out.push(body[i]);
    blockStart = end;
    count = 0;
    moves = 0;
  };
  while (r.at < body.length) {
    const op = r.byte();
    skipImmediates(r, op);
    if (!UNCOUNTED.has(op)) count++;
    if (LOCAL_MOVES.has(op)) moves++;
    if (BLOCK_END.has(op)) flush(r.at);
  }
  flush(r.at);
  return out;
}

/**
 * `wasm` with two exported mutable i64 globals: COUNTER_EXPORT counts the
 * instructions executed, OPERATIONS_EXPORT those that are not local moves. Custom sections are dropped (debug
 * information and branch hints name code offsets that move).
 */
export function instrumentForCounting(wasm: Uint8Array): Uint8Array {
  const r = new Reader(wasm);
  const magic = [0x00, 0x61, 0x73, 0x6d];
  if (wasm.length < 8 || magic.some((b, i) => wasm[i] !== b)) throw new Error("not a wasm module (no \\0asm header)");
  r.at = 8;
  const sections: { id: number; body: Uint8Array }[] = [];
  while (r.at < wasm.length) {
    const id = r.byte();
    const size = r.u32();
    sections.push({ id, body: wasm.subarray(r.at, r.at + size) });
    r.skip(size);
  }
  let importedGlobals = 0;
  let definedGlobals = 0;
  for (const s of sections) {
    if (s.id === 2) {
      const ir = new Reader(s.body);
      const n = ir.u32();
      for (let i = 0; i < n; i++) {
        ir.skip(ir.u32());
        ir.skip(ir.u32());
        const kind = ir.byte();
        if (kind === 0x00) ir.skipLeb();
        else if (kind === 0x01 || kind === 0x02) {
          if (kind === 0x01) ir.byte();
          const flags = ir.u32();
          ir.skipLeb();
          if (flags & 1) ir.skipLeb();
        } else if (kind === 0x03) {
          ir.byte();
          ir.byte();
          importedGlobals++;
        } else if (kind === 0x04) {
          ir.byte();
          ir.skipLeb();
        } else throw new Error(`unknown import kind ${kind}`);
      }
    } else if (s.id === 6) definedGlobals = new Reader(s.body).u32();
  }
  const counter = importedGlobals + definedGlobals;
  const zero = [0x7e, 0x01, 0x42, 0x00, 0x0b]; // (mut i64) = i64.const 0
  const exportOf = (name: string, index: number) => [
    ...leb(name.length, false),
    ...new TextEncoder().encode(name),
    0x03,
    ...leb(index, false),
  ];
  const extend = (body: Uint8Array, entries: number[][]): Uint8Array => {
    const er = new Reader(body);
    const n = er.u32();
    return concatBytes([
      Uint8Array.from(leb(n + entries.length, false)),
      body.subarray(er.at),
      Uint8Array.from(entries.flat()),
    ]);
  };
  // Sections in their required order; the global and export sections are
  // created when the module has none (ids 6 and 7 sit between memory/tag
  // and start, by the order the spec gives).
  const order = (id: number) => [0, 1, 2, 3, 4, 5, 13, 6, 7, 8, 9, 12, 10, 11].indexOf(id);
  const present = new Set(sections.map((s) => s.id));
  const out: Uint8Array[] = [wasm.subarray(0, 8)];
  const all = sections.filter((s) => s.id !== 0);
  if (!present.has(6)) all.push({ id: 6, body: new Uint8Array([0]) });
  if (!present.has(7)) all.push({ id: 7, body: new Uint8Array([0]) });
  all.sort((a, b) => order(a.id) - order(b.id));
  for (const s of all) {
    if (s.id === 6) out.push(section(6, extend(s.body, [zero, zero])));
    else if (s.id === 7)
      out.push(
        section(7, extend(s.body, [exportOf(COUNTER_EXPORT, counter), exportOf(OPERATIONS_EXPORT, counter + 1)])),
      );
    else if (s.id === 10) {
      const cr = new Reader(s.body);
      const n = cr.u32();
      const code: Uint8Array[] = [Uint8Array.from(leb(n, false))];
      for (let i = 0; i < n; i++) {
        const size = cr.u32();
        const body = instrumentBody(s.body.subarray(cr.at, cr.at + size), counter);
        cr.skip(size);
        code.push(Uint8Array.from(leb(body.length, false)), Uint8Array.from(body));
      }
      out.push(section(10, concatBytes(code)));
    } else out.push(section(s.id, s.body));
  }
  return concatBytes(out);
}

export interface WasmCount {
  /** Every instruction executed but structure markers. */
  count: number;
  /** The same without local.get/set/tee. */
  operations: number;
  stdout: string;
  exitCode: number;
}

/** Runs `wasm` (a WASI command) once, instrumented: its stdout and the instructions it executed. */
export async function countWasmInstructions(wasm: Uint8Array): Promise<WasmCount> {
  const module = await WebAssembly.compile(instrumentForCounting(wasm) as Uint8Array<ArrayBuffer>);
  const r = await runWasiShim({ module, program: "prog", args: [] });
  const read = (name: string) => Number((r.instance.exports[name] as WebAssembly.Global).value as bigint);
  return {
    count: read(COUNTER_EXPORT),
    operations: read(OPERATIONS_EXPORT),
    stdout: new TextDecoder().decode(r.stdout),
    exitCode: r.exitCode,
  };
}
