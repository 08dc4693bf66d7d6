// The typed intermediate representation: structured control flow over a
// few machine types, close to both wasm and LLVM. Pointers are their own
// type so a 64-bit backend can widen them; the wasm backend maps them to i32.
// Branches name their target block by id, not by depth, so a backend that
// builds basic blocks (LLVM) does not need to count nesting.
export const enum T { None, I32, I64, F64, Ptr }

export const enum Op {
  // binary
  Add, Sub, Mul, DivS, DivU, RemS, RemU, And, Or, Xor, Shl, ShrS, ShrU,
  Eq, Ne, LtS, LtU, LeS, LeU, GtS, GtU, GeS, GeU,
  FDiv, FMin, FMax, FCopysign,
  // unary
  Eqz, FNeg, FAbs, FSqrt, FFloor, FCeil, FTrunc, FNearest,
  ExtendI32S, ExtendI32U, WrapI64, ConvertS, ConvertU, TruncSatS, TruncSatU,
  Reinterpret, Extend8S,
}

export const enum K {
  Const, LocalGet, LocalSet, LocalTee, Unary, Binary, Load, Store, Call,
  Block, Loop, If, Br, BrIf, Return, Drop, Unreachable, MemorySize, MemoryGrow, MemoryCopy, MemoryFill, Select,
  // args: the call's arguments, then the table slot (i32) of the callee; `sig` the parameter types
  CallIndirect,
}

/**
 * What a load or store touches, for a backend that can tell the optimiser
 * (LLVM's type-based alias analysis). Any: raw memory (the runtime's own
 * accesses, memcpy/memset), which may alias everything. Header: an object's
 * reference count, length, capacity or enum tag. Data: a field or element,
 * always read back with the machine type it was written with. The three
 * never overlap within one object's lifetime, so a store to a field cannot
 * change a length, and a store of an f64 cannot change a pointer slot.
 */
// What a load or store touches: raw memory (the runtime's own; aliases
// everything), header words, or data: generic data (any field or element),
// or known to be a field of a non-array object (struct, tuple, enum payload,
// closure) or an element of an array. Fields and elements never share memory.
// A field at a known offset from the start of its object is FieldAt + offset:
// the allocator never splits or merges blocks, so an address is always at the
// same offset in whatever object holds it, and fields at different offsets
// never share memory either.
export const enum Mem { Any, Header, Data, Field, Elem, FieldAt = 16 }

/** Whether an access touches fields or elements (generic or known which). */
export function isData(m: Mem): bool {
  return m >= Mem.Data;
}

/** Whether an access touches a field of a non-array object (offset known or not). */
export function isField(m: Mem): bool {
  return m == Mem.Field || m >= Mem.FieldAt;
}

/** The memory of the field at byte `offset` of its object. */
export function fieldAt(offset: i32): Mem {
  return <Mem>(<i32>Mem.FieldAt + offset);
}

const NO_INS: Ins[] = [];
const NO_TYPES: T[] = [];

export class Ins {
  ty: T = T.None;        // result type
  op: Op = Op.Add;
  i: i64 = 0;            // integer constant, local index, label id, memory offset
  f: f64 = 0;            // float constant
  width: i32 = 0;        // load/store width in bytes (1, 4, 8)
  mem: Mem = Mem.Any;    // load/store: what it touches
  loc: string = "";      // "file:line:col" of the statement this instruction begins, for readable output
  name: string = "";     // call target
  // Most instructions have no body, else branch or signature: they share one
  // empty list each, which is why these lists are replaced whole, never pushed to.
  body: Ins[] = NO_INS;  // block/loop/then body
  other: Ins[] = NO_INS; // else body
  sig: T[] = NO_TYPES;   // CallIndirect: the callee's parameter types (the result is `ty`)
  // args: operands, in evaluation order. Leaves (constants, local reads,
  // branches, blocks) share the empty list; the others get their own.
  constructor(public kind: K, public args: Ins[] = []) {}
}

export class Func {
  locals: T[] = [];      // params first
  body: Ins[] = [];
  exportName: string = "";
  loc: string = "";      // "file:line:col" of the declaration, when it has one
  constructor(public name: string, public params: T[], public result: T) {}
}

export class Import {
  constructor(public module: string, public field: string, public name: string, public params: T[], public result: T) {}
}

export class IrModule {
  funcs: Func[] = [];
  imports: Import[] = [];
  data: Uint8Array = new Uint8Array(0);  // bytes placed at address dataBase
  dataBase: i32 = 8192;
  start: string = "";                      // the function run as _start
  // Functions called through CallIndirect: table[i] is in slot i + 1 (slot 0 stays empty).
  table: string[] = [];
  // For each copy-on-write helper unique.T, the helpers unique.U of the
  // heap children (elements, fields) that its copy retains.
  copyChildren: Map<string, string[]> = new Map();
}

// ---------- constructors ----------
export function iconst(ty: T, v: i64): Ins {
  const n = new Ins(K.Const, NO_INS);
  n.ty = ty;
  n.i = v;
  return n;
}
export function fconst(v: f64): Ins {
  const n = new Ins(K.Const, NO_INS);
  n.ty = T.F64;
  n.f = v;
  return n;
}
export function get(index: i32, ty: T): Ins {
  const n = new Ins(K.LocalGet, NO_INS);
  n.ty = ty;
  n.i = index;
  return n;
}
export function set(index: i32, value: Ins): Ins {
  const n = new Ins(K.LocalSet, [value]);
  n.i = index;
  return n;
}
export function tee(index: i32, value: Ins, ty: T): Ins {
  const n = new Ins(K.LocalTee, [value]);
  n.i = index;
  n.ty = ty;
  return n;
}
export function unary(op: Op, ty: T, a: Ins): Ins {
  const n = new Ins(K.Unary, [a]);
  n.op = op;
  n.ty = ty;
  return n;
}
/** `ty` is the result type; the operand type is the type of `a`. */
export function binary(op: Op, ty: T, a: Ins, b: Ins): Ins {
  const n = new Ins(K.Binary, [a, b]);
  n.op = op;
  n.ty = ty;
  return n;
}
export function load(ty: T, width: i32, addr: Ins, offset: i32, mem: Mem = Mem.Any): Ins {
  const n = new Ins(K.Load, [addr]);
  n.ty = ty;
  n.width = width;
  n.mem = mem;
  n.i = offset;
  return n;
}
export function store(width: i32, addr: Ins, offset: i32, value: Ins, mem: Mem = Mem.Any): Ins {
  const n = new Ins(K.Store, [addr, value]);
  n.width = width;
  n.mem = mem;
  n.i = offset;
  return n;
}
export function call(name: string, args: Ins[], ty: T): Ins {
  const n = new Ins(K.Call, args);
  n.name = name;
  n.ty = ty;
  return n;
}
/** An indirect call through the function table: `slot` selects the callee. */
export function callIndirect(args: Ins[], slot: Ins, sig: T[], ty: T): Ins {
  const n = new Ins(K.CallIndirect);
  for (let i = 0; i < args.length; i++) n.args.push(args[i]);
  n.args.push(slot);
  n.sig = sig;
  n.ty = ty;
  return n;
}

export function block(label: i32, body: Ins[], ty: T): Ins {
  const n = new Ins(K.Block, NO_INS);
  n.i = label;
  n.body = body;
  n.ty = ty;
  return n;
}
export function loop(label: i32, body: Ins[]): Ins {
  const n = new Ins(K.Loop, NO_INS);
  n.i = label;
  n.body = body;
  return n;
}
export function iff(cond: Ins, then: Ins[], otherwise: Ins[], ty: T): Ins {
  const n = new Ins(K.If, [cond]);
  n.body = then;
  n.other = otherwise;
  n.ty = ty;
  return n;
}
export function br(label: i32): Ins {
  const n = new Ins(K.Br, NO_INS);
  n.i = label;
  return n;
}
export function brIf(label: i32, cond: Ins): Ins {
  const n = new Ins(K.BrIf, [cond]);
  n.i = label;
  return n;
}
export function ret(value: Ins | null): Ins {
  const n = new Ins(K.Return, value !== null ? [value!] : []);
  return n;
}
export function drop(value: Ins): Ins {
  const n = new Ins(K.Drop, [value]);
  return n;
}
export function unreachable(): Ins {
  return new Ins(K.Unreachable, NO_INS);
}
export function simple(kind: K, args: Ins[], ty: T): Ins {
  const n = new Ins(kind, args);
  n.ty = ty;
  return n;
}

export function pushAll(to: Ins[], from: Ins[]): void {
  for (let i = 0; i < from.length; i++) to.push(from[i]);
}

/** Whether `list` assigns local `x` (local.set or local.tee, at any depth). */
export function assignsLocal(list: Ins[], x: i32): bool {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if ((n.kind == K.LocalSet || n.kind == K.LocalTee) && <i32>n.i == x) return true;
    if (assignsLocal(n.args, x) || assignsLocal(n.body, x) || assignsLocal(n.other, x)) return true;
  }
  return false;
}

/** Whether `list` reads local `x` (local.get, at any depth). */
export function readsLocal(list: Ins[], x: i32): bool {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (n.kind == K.LocalGet && <i32>n.i == x) return true;
    if (readsLocal(n.args, x) || readsLocal(n.body, x) || readsLocal(n.other, x)) return true;
  }
  return false;
}

/** Whether control never continues past this instruction (branch, return, trap). */
export function endsFlow(n: Ins): bool {
  return n.kind == K.Br || n.kind == K.Return || n.kind == K.Unreachable;
}

/** A copy of one instruction's own fields; operand and body lists start empty. */
export function copyNode(s: Ins): Ins {
  const n = new Ins(s.kind);
  n.ty = s.ty; n.op = s.op; n.i = s.i; n.f = s.f; n.width = s.width; n.mem = s.mem; n.loc = s.loc; n.name = s.name; n.sig = s.sig;
  return n;
}

/** How many instructions a list holds, nested ones included. */
export function size(list: Ins[]): i32 {
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    n += 1 + size(x.args) + size(x.body) + size(x.other);
  }
  return n;
}

/** The highest label id used in a list of instructions (0 when none). */
export function maxLabel(list: Ins[]): i32 {
  let m = 0;
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x.kind == K.Block || x.kind == K.Loop || x.kind == K.Br || x.kind == K.BrIf) m = max(m, <i32>x.i);
    m = max(m, max(maxLabel(x.args), max(maxLabel(x.body), maxLabel(x.other))));
  }
  return m;
}
