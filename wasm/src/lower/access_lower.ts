import { TyK, Type } from "../check/types";
import { EK, Expr, FieldExpr, IdentExpr, IndexExpr, RangeExpr } from "../syntax/ast";
import { binary, block, call, drop, fieldAt, get, iconst, iff, Ins, Mem, Op, set, T, unary, unreachable } from "../ir/ir";
import { ARRAY_DATA, dataLoad, fieldOffsets, HEADER, headerLoad, irType, LEN, widthOf } from "./layout";
import { FnState, localIndex, newLocal } from "./fn_state";
import { temp } from "./ownership";
import { elemPtr, lenLocalOf } from "./run_facts";
import { loc, rt } from "./runtime_calls";
import { owned } from "./value";

/**
 * Reading places: fields, bounds-checked elements and slices of arrays and
 * strings, and values borrowed (read in place, with no new reference).
 */

/** A value of type t stored at `addr + offset`. */
export function loadField(t: Type, addr: Ins, offset: i32, mem: Mem = Mem.Data): Ins {
  return dataLoad(irType(t), widthOf(t), addr, offset, mem);
}

export function fieldRead(fl: FnState, f: FieldExpr): Ins {
  const ot = f.object.ty!;
  const offs = fieldOffsets(ot.elems);
  return loadField(f.ty!, borrowed(fl, f.object), offs[f.index], fieldAt(offs[f.index]));
}

/**
 * The key of `a[i]` for the facts of a run of simple statements (both
 * locals, `a` an array), or -1.
 */
export function elemKey(fl: FnState, ix: IndexExpr): i64 {
  if (!fl.inSimple || ix.index.kind != EK.Ident) return -1;
  const array = arrayId(fl, ix.object);
  const n = ix.index as IdentExpr;
  if (array < 0 || n.local === null || n.variant >= 0) return -1;
  if (ix.object.ty!.kind != TyK.Array || ix.index.ty!.isHeap) return -1;
  return (<i64>array << 32) | <i64>localIndex(fl, n.local!);
}

/**
 * The id of an array place for element facts: the local `a`, or for a field
 * `x.f` of a local struct, x's local with the field in the bits above 20
 * (self.bodies in self.bodies[i].vx); -1 for other places.
 */
export function arrayId(fl: FnState, e: Expr): i32 {
  let f = -1;
  if (e.kind == EK.Field) {
    const fe = e as FieldExpr;
    if (fe.isVariant || fe.index < 0 || fe.index >= 2047) return -1;
    f = fe.index;
    e = fe.object;
  }
  if (e.kind != EK.Ident) return -1;
  const o = e as IdentExpr;
  if (o.local === null || o.variant >= 0) return -1;
  return localIndex(fl, o.local!) | ((f + 1) << 20);
}

/** The length of the array in local `p`: read from its header, or the one read at its declaration when it is stable (`lenLocal`). */
export function arrayLength(p: i32, lenLocal: i32): Ins {
  return lenLocal >= 0 ? get(lenLocal, T.I32) : headerLoad(get(p, T.Ptr), LEN);
}

/**
 * Address of an element; `key` >= 0 skips the bounds check when the same
 * a[i] was checked in fl run; `lenLocal` >= 0 holds the array's stable length.
 */
export function elementAddr(fl: FnState, arr: Ins, index: Expr, esize: i32, at: i32, base: i32, key: i64 = -1, lenLocal: i32 = -1): Ins {
  const p = newLocal(fl, T.Ptr);
  const i = newLocal(fl, T.I64);
  const it = index.ty!;
  let iv = owned(fl, index);
  if (it.kind != TyK.I64) iv = unary(Op.ExtendI32S, T.I64, iv);
  if (key >= 0 && fl.checked.includes(key)) {
    const a = binary(Op.Add, T.Ptr, get(p, T.Ptr),
      binary(Op.Mul, T.I32, unary(Op.WrapI64, T.I32, get(i, T.I64)), iconst(T.I32, esize)));
    return block(0, [set(p, arr), set(i, iv), binary(Op.Add, T.Ptr, a, iconst(T.I32, base))], T.Ptr);
  }
  if (key >= 0) fl.checked.push(key);
  const len = unary(Op.ExtendI32U, T.I64, arrayLength(p, lenLocal));
  const check = iff(binary(Op.GeU, T.I32, get(i, T.I64), len), [
    rt(fl, "panic_index", [get(i, T.I64), unary(Op.ExtendI32U, T.I64, arrayLength(p, lenLocal)), loc(fl, at)]),
    unreachable(),
  ], [], T.None);
  const addr = binary(Op.Add, T.Ptr, get(p, T.Ptr),
    binary(Op.Mul, T.I32, unary(Op.WrapI64, T.I32, get(i, T.I64)), iconst(T.I32, esize)));
  return block(0, [set(p, arr), set(i, iv), check, binary(Op.Add, T.Ptr, addr, iconst(T.I32, base))], T.Ptr);
}

export function indexRead(fl: FnState, ix: IndexExpr): Ins {
  const ot = ix.object.ty!;
  const at = ix.object.end;
  if (ot.kind == TyK.Str) {
    return dataLoad(T.I32, 1, elementAddr(fl, borrowed(fl, ix.object), ix.index, 1, at, HEADER), 0);
  }
  const et = ot.elem!;
  const key = elemKey(fl, ix);
  const addr = elementAddr(fl, borrowed(fl, ix.object), ix.index, widthOf(et), at, ARRAY_DATA, key, lenLocalOf(fl, ix.object));
  // An element a loop holds the pointer of (see run_facts.ts elemPtr): checked, not loaded.
  const ptr = elemPtr(fl, key);
  if (ptr >= 0) return block(0, [drop(addr), get(ptr, T.Ptr)], T.Ptr);
  return loadField(et, addr, 0, Mem.Elem);
}

export function sliceRead(fl: FnState, ix: IndexExpr): Ins {
  const r = ix.index as RangeExpr;
  const ot = ix.object.ty!;
  const lo = int64(fl, r.lo);
  const hi = int64(fl, r.hi);
  if (ot.kind == TyK.Str) return rt(fl, "str_slice", [borrowed(fl, ix.object), lo, hi, loc(fl, ix.object.end)]);
  const et = ot.elem!;
  const q = rt(fl, "array_slice", [borrowed(fl, ix.object), lo, hi, iconst(T.I32, widthOf(et)), loc(fl, ix.object.end)]);
  if (!et.isHeap) return q;
  return call(fl.m.requestHelper("retain_elems", ot), [q], T.Ptr);
}

/** An integer widened to i64 (array indices, lengths and slice bounds). */
export function int64(fl: FnState, e: Expr): Ins {
  const v = owned(fl, e);
  return e.ty!.kind == TyK.I64 ? v : unary(Op.ExtendI32S, T.I64, v);
}

/** A value valid until the end of the current statement, without a new reference. */
export function borrowed(fl: FnState, e: Expr): Ins {
  const t = e.ty!;
  if (!t.isHeap) return owned(fl, e);
  if (e.kind == EK.Ident && (e as IdentExpr).local !== null) return get(localIndex(fl, (e as IdentExpr).local!), T.Ptr);
  if (e.kind == EK.Str) return owned(fl, e);
  if (e.kind == EK.Ident && (e as IdentExpr).fnRef != "") return owned(fl, e);  // static
  if (e.kind == EK.Field && (e as FieldExpr).index >= 0 && !(e as FieldExpr).isVariant) return fieldRead(fl, e as FieldExpr);
  if (e.kind == EK.Index && (e as IndexExpr).index.kind != EK.Range) return indexRead(fl, e as IndexExpr);
  return temp(fl, t, owned(fl, e));
}
