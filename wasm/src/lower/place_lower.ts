import { TyK, Type } from "../check/types";
import { BinaryExpr, EK, Expr, FieldExpr, IdentExpr, IndexExpr } from "../syntax/ast";
import { Tok } from "../syntax/token";
import { binary, block, call, drop, fieldAt, get, iconst, iff, Ins, Mem, Op, set, T } from "../ir/ir";
import { ARRAY_DATA, dataLoad, dataStore, fieldOffsets, headerLoad, irType, RC, widthOf } from "./layout";
import { arrayId, borrowed, elementAddr, elemKey } from "./access_lower";
import { arith, rightOperand } from "./arith_lower";
import { FnState, localIndex, newLocal } from "./fn_state";
import { release } from "./ownership";
import { elemPtr, forgetArrayElems, forgetElemPtr, forgetElems, forgetFields, forgetUnique, lenLocalOf } from "./run_facts";
import { rt } from "./runtime_calls";
import { discard, isUnit, owned } from "./value";

/** Places written to: copy on write of their parents, assignment and compound assignment. */

/** The pointer of a heap place made unique (copied if shared), written back to the place. */
export function uniquePlace(fl: FnState, e: Expr): Ins {
  const t = e.ty!;
  if (fl.nestRoots.length > 0) {
    const known = nestUnique(fl, e);
    if (known !== null) return known!;
  }
  if (e.kind == EK.Ident) {
    const idx = localIndex(fl, (e as IdentExpr).local!);
    if (fl.inSimple) {
      if (fl.uniq.includes(idx)) return get(idx, T.Ptr);
      fl.uniq.push(idx);
      forgetElems(fl, idx, false);  // a copy of the array shares its elements
      forgetFields(fl, idx);  // and a copy of the struct its fields
    }
    return block(0, [makeUnique(fl, idx, t), get(idx, T.Ptr)], T.Ptr);
  }
  const key = e.kind == EK.Index ? elemKey(fl, e as IndexExpr) : -1;
  const fkey = e.kind == EK.Field ? fieldKey(fl, e as FieldExpr) : -1;
  // Unique already in fl run (or before the loop): the slot holds the same unshared field.
  const known = fkey >= 0 && fl.ufields.includes(fkey) && fl.uniq.includes(<i32>(fkey >> 32));
  const slot = placeAddr(fl, e);
  const mem = placeMem(e);
  if (known) return dataLoad(T.Ptr, 4, slot, 0, mem);
  if (fkey >= 0) {
    fl.ufields.push(fkey);
    forgetArrayElems(fl, arrayId(fl, e));  // a copy of the array shares its elements
  }
  if (key >= 0) {
    // Unique already in fl run: the slot holds the same unshared element
    // (whose pointer a loop may already hold: the slot is still bounds-checked).
    const ptr = elemPtr(fl, key);
    if (ptr >= 0) return block(0, [drop(slot), get(ptr, T.Ptr)], T.Ptr);
    if (fl.uelems.includes(key)) return dataLoad(T.Ptr, 4, slot, 0, mem);
    fl.uelems.push(key);
    forgetElemPtr(fl, key);
  }
  return uniqueSlot(fl, slot, t, mem);
}

/**
 * The pointer of a place a loop nest keeps unshared (unique_nests.ts): a
 * root local, one of the nest's arrays, or an element of one; else null.
 */
export function nestUnique(fl: FnState, e: Expr): Ins | null {
  if (e.kind == EK.Ident) {
    const id = e as IdentExpr;
    if (id.local === null || id.variant >= 0) return null;
    const idx = localIndex(fl, id.local!);
    return fl.nestRoots.includes(idx) ? get(idx, T.Ptr) : null;
  }
  if (e.kind == EK.Field) {
    const id = arrayId(fl, e);
    return id >= 0 && fl.nestArrays.includes(id) ? dataLoad(T.Ptr, 4, placeAddr(fl, e), 0, placeMem(e)) : null;
  }
  if (e.kind != EK.Index) return null;
  const ix = e as IndexExpr;
  if (ix.object.ty!.kind != TyK.Array) return null;
  const id = arrayId(fl, ix.object);
  if (id < 0 || !fl.nestArrays.includes(id)) return null;
  // The pointer a loop keeps for an element at an index it does not change (invariant_elems.ts).
  const ptr = elemPtr(fl, elemKey(fl, ix));
  const slot = placeAddr(fl, e);
  if (ptr >= 0) return block(0, [drop(slot), get(ptr, T.Ptr)], T.Ptr);
  return dataLoad(T.Ptr, 4, slot, 0, Mem.Elem);
}

/** The heap value in a slot made unique: copied and written back when shared. */
export function uniqueSlot(fl: FnState, slot: Ins, t: Type, mem: Mem): Ins {
  const a = newLocal(fl, T.Ptr);
  const v = newLocal(fl, T.Ptr);
  // Only a copy needs writing back: an unshared value is already in place.
  return block(0, [
    set(a, slot),
    set(v, dataLoad(T.Ptr, 4, get(a, T.Ptr), 0, mem)),
    iff(isShared(get(v, T.Ptr)), [
      set(v, uniqueCall(fl, t, get(v, T.Ptr))),
      dataStore(4, get(a, T.Ptr), 0, get(v, T.Ptr), mem),
    ], [], T.None),
    get(v, T.Ptr),
  ], T.Ptr);
}

/** The key of `x.f` (a heap field of a local struct) for the facts of a run of simple statements, or -1. */
export function fieldKey(fl: FnState, f: FieldExpr): i64 {
  if (!fl.inSimple || f.isVariant || f.index < 0 || !f.ty!.isHeap || f.object.kind != EK.Ident) return -1;
  const o = f.object as IdentExpr;
  if (o.local === null || o.variant >= 0) return -1;
  return (<i64>localIndex(fl, o.local!) << 32) | <i64>f.index;
}

/** Whether a heap object's reference count is not exactly one (it must be copied before writing). */
export function isShared(p: Ins): Ins {
  return binary(Op.Ne, T.I32, headerLoad(p, RC), iconst(T.I32, 1));
}

export function uniqueCall(fl: FnState, t: Type, p: Ins): Ins {
  return call(fl.m.requestHelper("unique", t), [p], T.Ptr);
}

/** Copy on write for a local: replaced by its copy when shared; the common unshared case makes no call. */
export function makeUnique(fl: FnState, idx: i32, t: Type): Ins {
  return iff(isShared(get(idx, T.Ptr)), [set(idx, uniqueCall(fl, t, get(idx, T.Ptr)))], [], T.None);
}

/** Address of the storage of a field or element place (its parent made unique). */
export function placeAddr(fl: FnState, e: Expr): Ins {
  if (e.kind == EK.Field) {
    const f = e as FieldExpr;
    const offs = fieldOffsets(f.object.ty!.elems);
    return binary(Op.Add, T.Ptr, uniquePlace(fl, f.object), iconst(T.I32, offs[f.index]));
  }
  const ix = e as IndexExpr;
  const et = ix.object.ty!.elem!;
  const key = elemKey(fl, ix);
  return elementAddr(fl, uniquePlace(fl, ix.object), ix.index, widthOf(et), ix.object.end, ARRAY_DATA, key, lenLocalOf(fl, ix.object));
}

/**
 * The address a field place's storage is at an offset from (its struct,
 * made unique), or the whole address of an element place: the offset stays
 * on the load and store, so accesses to neighbouring fields share one base.
 */
export function placeBase(fl: FnState, e: Expr): Ins {
  if (e.kind == EK.Field) return uniquePlace(fl, (e as FieldExpr).object);
  return placeAddr(fl, e);
}

/** The offset that goes with placeBase. */
export function placeOffset(e: Expr): i32 {
  if (e.kind != EK.Field) return 0;
  const f = e as FieldExpr;
  return fieldOffsets(f.object.ty!.elems)[f.index];
}

/** Copy on write of a value: `v` itself when unshared, else its copy. */
export function uniqueValue(fl: FnState, t: Type, v: Ins): Ins {
  const p = newLocal(fl, T.Ptr);
  return block(0, [set(p, v), makeUnique(fl, p, t), get(p, T.Ptr)], T.Ptr);
}

export function assign(fl: FnState, a: BinaryExpr): Ins[] {
  const target = a.left;
  const t = target.ty!;
  const it = irType(t);
  if (isUnit(t)) return [discard(fl, a.right)];
  const nv = newLocal(fl, it);
  const out: Ins[] = [];
  if (target.kind == EK.Ident) {
    const idx = localIndex(fl, (target as IdentExpr).local!);
    forgetUnique(fl, idx);
    if (a.op == Tok.Eq && isVarSelf(fl, target as IdentExpr)) return assignSelf(fl, a, idx, t);
    if (a.op == Tok.Eq) out.push(set(nv, owned(fl, a.right)));
    else out.push(set(nv, compound(fl, a, t, get(idx, it))));
    if (t.isHeap) out.push(release(fl, t, get(idx, T.Ptr)));
    out.push(set(idx, get(nv, it)));
    return out;
  }
  const addr = newLocal(fl, T.Ptr);
  const w = widthOf(t);
  const mem = placeMem(target);
  const off = placeOffset(target);
  if (a.op == Tok.Eq) {
    out.push(set(nv, owned(fl, a.right)));
    out.push(set(addr, placeBase(fl, target)));
  } else {
    out.push(set(addr, placeBase(fl, target)));
    out.push(set(nv, compound(fl, a, t, dataLoad(it, w, get(addr, T.Ptr), off, mem))));
  }
  if (t.isHeap) out.push(release(fl, t, dataLoad(T.Ptr, 4, get(addr, T.Ptr), off, mem)));
  out.push(dataStore(w, get(addr, T.Ptr), off, get(nv, it), mem));
  return out;
}

/** `self` in a `var self` method: the caller's object, which the method changes in place. */
export function isVarSelf(fl: FnState, id: IdentExpr): bool {
  return fl.info.mutSelf && fl.info.paramLocals.length > 0 && id.local === fl.info.paramLocals[0] && id.ty!.isHeap;
}

/**
 * `self = v` in a `var self` method replaces the fields of the caller's
 * object (the pointer the caller holds stays valid): the new value's
 * fields are retained, the old ones released, then the new value dropped.
 */
export function assignSelf(fl: FnState, a: BinaryExpr, self: i32, t: Type): Ins[] {
  const nv = newLocal(fl, T.Ptr);
  const out: Ins[] = [set(nv, owned(fl, a.right))];
  const offs = fieldOffsets(t.elems);
  for (let i = 0; i < t.elems.length; i++) {
    if (t.elems[i].isHeap) out.push(rt(fl, "retain", [dataLoad(T.Ptr, 4, get(nv, T.Ptr), offs[i])]));
  }
  for (let i = 0; i < t.elems.length; i++) {
    const ft = t.elems[i];
    if (ft.isHeap) out.push(release(fl, ft, dataLoad(T.Ptr, 4, get(self, T.Ptr), offs[i])));
  }
  for (let i = 0; i < t.elems.length; i++) {
    const ft = t.elems[i];
    const w = widthOf(ft);
    if (w == 0) continue;
    out.push(dataStore(w, get(self, T.Ptr), offs[i], dataLoad(irType(ft), w, get(nv, T.Ptr), offs[i])));
  }
  out.push(release(fl, t, get(nv, T.Ptr)));
  return out;
}

/** `x op= v` given the current value (borrowed). */
export function compound(fl: FnState, a: BinaryExpr, t: Type, current: Ins): Ins {
  if (t.kind == TyK.Str) return rt(fl, "str_concat", [current, borrowed(fl, a.right)]);
  return arith(fl, a.op, t, current, rightOperand(fl, a, t), a);
}


/** What a field or element place's storage is: a field of a struct or tuple, or an array element. */
function placeMem(e: Expr): Mem {
  if (e.kind == EK.Field && e.ty !== null) {
    const f = e as FieldExpr;
    if (!f.isVariant && f.index >= 0 && f.object.ty!.kind != TyK.Array) return fieldAt(fieldOffsets(f.object.ty!.elems)[f.index]);
  }
  if (e.kind == EK.Index && (e as IndexExpr).object.ty!.kind == TyK.Array) return Mem.Elem;
  return Mem.Data;
}
