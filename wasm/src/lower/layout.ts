import { TyK, Type } from "../check/types";
import { iconst, Ins, load, Mem, store, T } from "../ir/ir";

// How Pith values are represented: scalars in machine types, every heap
// value (str, array, struct, tuple, enum with payload) as a pointer to an
// object whose first word is its reference count (0 = static, never freed).
export const HEADER = 8;        // rc + one word (length or enum tag) before fields
export const ARRAY_DATA = 16;   // rc, len, cap, pad, then elements

// Header words, read and written by generated code (Mem.Header).
export const RC = 0;            // reference count
export const LEN = 4;           // array/str length, or enum tag

// A closure (a value of a function type): [rc][table slot of its code]
// [table slot of the function releasing its captures, or 0][captures...].
// The code is called with the closure itself as a hidden first argument.
export const CLOSURE_FN = 4;
export const CLOSURE_DROP = 8;

export function headerLoad(p: Ins, offset: i32): Ins {
  return load(T.I32, 4, p, offset, Mem.Header);
}
export function headerStore(p: Ins, offset: i32, value: i32): Ins {
  return store(4, p, offset, iconst(T.I32, value), Mem.Header);
}
export function headerStoreIns(p: Ins, offset: i32, value: Ins): Ins {
  return store(4, p, offset, value, Mem.Header);
}
/** A field or element (Mem.Data). */
export function dataLoad(ty: T, width: i32, addr: Ins, offset: i32, mem: Mem = Mem.Data): Ins {
  return load(ty, width, addr, offset, mem);
}
export function dataStore(width: i32, addr: Ins, offset: i32, value: Ins, mem: Mem = Mem.Data): Ins {
  return store(width, addr, offset, value, mem);
}

export function irType(t: Type): T {
  switch (t.kind) {
    case TyK.I64: case TyK.U64: return T.I64;
    case TyK.F64: return T.F64;
    case TyK.I32: case TyK.U32: case TyK.U8: case TyK.Bool: return T.I32;
    case TyK.Unit: case TyK.Never: case TyK.Error: return T.None;
    case TyK.Enum: return t.isHeap ? T.Ptr : T.I32;
  }
  return T.Ptr;
}

/** Bytes a value of this type takes inside an object. */
export function widthOf(t: Type): i32 {
  const k = t.kind;
  if (k == TyK.U8 || k == TyK.Bool) return 1;
  if (k == TyK.I64 || k == TyK.U64 || k == TyK.F64) return 8;
  if (k == TyK.Unit || k == TyK.Never || k == TyK.Error) return 0;
  return 4;
}

/** Offsets of a struct's or tuple's fields (or an enum variant's payload). */
export function fieldOffsets(fields: Type[]): i32[] {
  const out: i32[] = [];
  let off = HEADER;
  for (let i = 0; i < fields.length; i++) {
    const w = widthOf(fields[i]);
    if (w > 1) off = (off + w - 1) & ~(w - 1);
    out.push(off);
    off += w;
  }
  out.push((off + 7) & ~7);  // total size, last
  return out;
}

/** Whether dropping a value of this type must visit children. */
export function hasHeapChildren(t: Type): bool {
  if (t.kind == TyK.Func) return true;  // whatever the closure captured
  if (t.kind == TyK.Array) return t.elem!.isHeap;
  if (t.kind == TyK.Struct || t.kind == TyK.Tuple) {
    for (let i = 0; i < t.elems.length; i++) if (t.elems[i].isHeap) return true;
    return false;
  }
  if (t.kind == TyK.Enum) {
    for (let v = 0; v < t.variants.length; v++) {
      const p = t.variants[v].payload;
      for (let i = 0; i < p.length; i++) if (p[i].isHeap) return true;
    }
  }
  return false;
}

/** Static data: string literals as immortal objects (rc 0) at fixed addresses. */
export class DataSegment {
  bytes: u8[] = [];
  strings: Map<string, i32> = new Map();
  constructor(public base: i32) {}

  units: Map<i32, i32> = new Map();

  /** An immortal unit variant of a heap enum: [rc 0][tag], shared by every enum. */
  addUnitVariant(tag: i32): i32 {
    if (this.units.has(tag)) return this.units.get(tag);
    while ((this.bytes.length & 7) != 0) this.bytes.push(0);
    const addr = this.base + this.bytes.length;
    this.word(0);
    this.word(tag);
    this.units.set(tag, addr);
    return addr;
  }

  /** An immortal closure without captures (a named function used as a value). */
  addClosure(slot: i32): i32 {
    while ((this.bytes.length & 7) != 0) this.bytes.push(0);
    const addr = this.base + this.bytes.length;
    this.word(0);
    this.word(slot);
    this.word(0);
    this.word(0);
    return addr;
  }

  addString(s: string): i32 {
    if (this.strings.has(s)) return this.strings.get(s);
    while ((this.bytes.length & 7) != 0) this.bytes.push(0);
    const addr = this.base + this.bytes.length;
    const utf8 = Uint8Array.wrap(String.UTF8.encode(s));
    this.word(0);
    this.word(utf8.length);
    for (let i = 0; i < utf8.length; i++) this.bytes.push(utf8[i]);
    this.strings.set(s, addr);
    return addr;
  }

  /** `n` zero bytes the program may write (a debug build's line table, debug_hooks.ts). */
  reserve(n: i32): i32 {
    while ((this.bytes.length & 7) != 0) this.bytes.push(0);
    const addr = this.base + this.bytes.length;
    for (let i = 0; i < n; i++) this.bytes.push(0);
    return addr;
  }

  word(v: i32): void {
    for (let i = 0; i < 4; i++) this.bytes.push(<u8>((v >> (i * 8)) & 0xff));
  }

  toArray(): Uint8Array {
    const out = new Uint8Array(this.bytes.length);
    for (let i = 0; i < this.bytes.length; i++) out[i] = this.bytes[i];
    return out;
  }
}
