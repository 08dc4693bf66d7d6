import { TyK, Type } from "../check/types";
import { BinaryExpr, EK, Expr, FieldExpr, IdentExpr, IndexExpr } from "../syntax/ast";
import { Tok } from "../syntax/token";
import { binary, block, call, drop, fieldAt, get, iconst, iff, Ins, Mem, Op, set, T } from "../ir/ir";
import { ARRAY_DATA, dataLoad, dataStore, fieldOffsets, headerLoad, irType, RC, widthOf } from "./layout";
import { ExprLower } from "./expr_lower";

/** Places written to: copy on write of their parents, assignment and compound assignment. */
export class PlaceLower extends ExprLower {
  /** The pointer of a heap place made unique (copied if shared), written back to the place. */
  uniquePlace(e: Expr): Ins {
    const t = e.ty!;
    if (this.nestRoots.length > 0) {
      const known = this.nestUnique(e);
      if (known !== null) return known!;
    }
    if (e.kind == EK.Ident) {
      const idx = this.localIndex((e as IdentExpr).local!);
      if (this.inSimple) {
        if (this.uniq.includes(idx)) return get(idx, T.Ptr);
        this.uniq.push(idx);
        this.forgetElems(idx, false);  // a copy of the array shares its elements
        this.forgetFields(idx);  // and a copy of the struct its fields
      }
      return block(0, [this.makeUnique(idx, t), get(idx, T.Ptr)], T.Ptr);
    }
    const key = e.kind == EK.Index ? this.elemKey(e as IndexExpr) : -1;
    const fkey = e.kind == EK.Field ? this.fieldKey(e as FieldExpr) : -1;
    // Unique already in this run (or before the loop): the slot holds the same unshared field.
    const known = fkey >= 0 && this.ufields.includes(fkey) && this.uniq.includes(<i32>(fkey >> 32));
    const slot = this.placeAddr(e);
    const mem = placeMem(e);
    if (known) return dataLoad(T.Ptr, 4, slot, 0, mem);
    if (fkey >= 0) {
      this.ufields.push(fkey);
      this.forgetArrayElems(this.arrayId(e));  // a copy of the array shares its elements
    }
    if (key >= 0) {
      // Unique already in this run: the slot holds the same unshared element
      // (whose pointer a loop may already hold: the slot is still bounds-checked).
      const ptr = this.elemPtr(key);
      if (ptr >= 0) return block(0, [drop(slot), get(ptr, T.Ptr)], T.Ptr);
      if (this.uelems.includes(key)) return dataLoad(T.Ptr, 4, slot, 0, mem);
      this.uelems.push(key);
      this.forgetElemPtr(key);
    }
    return this.uniqueSlot(slot, t, mem);
  }

  /**
   * The pointer of a place a loop nest keeps unshared (unique_nests.ts): a
   * root local, one of the nest's arrays, or an element of one; else null.
   */
  nestUnique(e: Expr): Ins | null {
    if (e.kind == EK.Ident) {
      const id = e as IdentExpr;
      if (id.local === null || id.variant >= 0) return null;
      const idx = this.localIndex(id.local!);
      return this.nestRoots.includes(idx) ? get(idx, T.Ptr) : null;
    }
    if (e.kind == EK.Field) {
      const id = this.arrayId(e);
      return id >= 0 && this.nestArrays.includes(id) ? dataLoad(T.Ptr, 4, this.placeAddr(e), 0, placeMem(e)) : null;
    }
    if (e.kind != EK.Index) return null;
    const ix = e as IndexExpr;
    if (ix.object.ty!.kind != TyK.Array) return null;
    const id = this.arrayId(ix.object);
    if (id < 0 || !this.nestArrays.includes(id)) return null;
    // The pointer a loop keeps for an element at an index it does not change (invariant_elems.ts).
    const ptr = this.elemPtr(this.elemKey(ix));
    const slot = this.placeAddr(e);
    if (ptr >= 0) return block(0, [drop(slot), get(ptr, T.Ptr)], T.Ptr);
    return dataLoad(T.Ptr, 4, slot, 0, Mem.Elem);
  }

  /** The heap value in a slot made unique: copied and written back when shared. */
  uniqueSlot(slot: Ins, t: Type, mem: Mem): Ins {
    const a = this.newLocal(T.Ptr);
    const v = this.newLocal(T.Ptr);
    // Only a copy needs writing back: an unshared value is already in place.
    return block(0, [
      set(a, slot),
      set(v, dataLoad(T.Ptr, 4, get(a, T.Ptr), 0, mem)),
      iff(this.shared(get(v, T.Ptr)), [
        set(v, this.uniqueCall(t, get(v, T.Ptr))),
        dataStore(4, get(a, T.Ptr), 0, get(v, T.Ptr), mem),
      ], [], T.None),
      get(v, T.Ptr),
    ], T.Ptr);
  }

  /** The key of `x.f` (a heap field of a local struct) for the facts of a run of simple statements, or -1. */
  fieldKey(f: FieldExpr): i64 {
    if (!this.inSimple || f.isVariant || f.index < 0 || !f.ty!.isHeap || f.object.kind != EK.Ident) return -1;
    const o = f.object as IdentExpr;
    if (o.local === null || o.variant >= 0) return -1;
    return (<i64>this.localIndex(o.local!) << 32) | <i64>f.index;
  }

  /** Whether a heap object's reference count is not exactly one (it must be copied before writing). */
  shared(p: Ins): Ins {
    return binary(Op.Ne, T.I32, headerLoad(p, RC), iconst(T.I32, 1));
  }

  uniqueCall(t: Type, p: Ins): Ins {
    return call(this.m.requestHelper("unique", t), [p], T.Ptr);
  }

  /** Copy on write for a local: replaced by its copy when shared; the common unshared case makes no call. */
  makeUnique(idx: i32, t: Type): Ins {
    return iff(this.shared(get(idx, T.Ptr)), [set(idx, this.uniqueCall(t, get(idx, T.Ptr)))], [], T.None);
  }

  /** Address of the storage of a field or element place (its parent made unique). */
  placeAddr(e: Expr): Ins {
    if (e.kind == EK.Field) {
      const f = e as FieldExpr;
      const offs = fieldOffsets(f.object.ty!.elems);
      return binary(Op.Add, T.Ptr, this.uniquePlace(f.object), iconst(T.I32, offs[f.index]));
    }
    const ix = e as IndexExpr;
    const et = ix.object.ty!.elem!;
    const key = this.elemKey(ix);
    return this.elementAddr(this.uniquePlace(ix.object), ix.index, widthOf(et), ix.object.end, ARRAY_DATA, key, this.lenLocalOf(ix.object));
  }

  /**
   * The address a field place's storage is at an offset from (its struct,
   * made unique), or the whole address of an element place: the offset stays
   * on the load and store, so accesses to neighbouring fields share one base.
   */
  placeBase(e: Expr): Ins {
    if (e.kind == EK.Field) return this.uniquePlace((e as FieldExpr).object);
    return this.placeAddr(e);
  }

  /** The offset that goes with placeBase. */
  placeOffset(e: Expr): i32 {
    if (e.kind != EK.Field) return 0;
    const f = e as FieldExpr;
    return fieldOffsets(f.object.ty!.elems)[f.index];
  }

  /** Copy on write of a value: `v` itself when unshared, else its copy. */
  unique(t: Type, v: Ins): Ins {
    const p = this.newLocal(T.Ptr);
    return block(0, [set(p, v), this.makeUnique(p, t), get(p, T.Ptr)], T.Ptr);
  }

  assign(a: BinaryExpr): Ins[] {
    const target = a.left;
    const t = target.ty!;
    const it = irType(t);
    if (this.isUnit(t)) return [this.discard(a.right)];
    const nv = this.newLocal(it);
    const out: Ins[] = [];
    if (target.kind == EK.Ident) {
      const idx = this.localIndex((target as IdentExpr).local!);
      this.forgetUnique(idx);
      if (a.op == Tok.Eq && this.isVarSelf(target as IdentExpr)) return this.assignSelf(a, idx, t);
      if (a.op == Tok.Eq) out.push(set(nv, this.owned(a.right)));
      else out.push(set(nv, this.compound(a, t, get(idx, it))));
      if (t.isHeap) out.push(this.release(t, get(idx, T.Ptr)));
      out.push(set(idx, get(nv, it)));
      return out;
    }
    const addr = this.newLocal(T.Ptr);
    const w = widthOf(t);
    const mem = placeMem(target);
    const off = this.placeOffset(target);
    if (a.op == Tok.Eq) {
      out.push(set(nv, this.owned(a.right)));
      out.push(set(addr, this.placeBase(target)));
    } else {
      out.push(set(addr, this.placeBase(target)));
      out.push(set(nv, this.compound(a, t, dataLoad(it, w, get(addr, T.Ptr), off, mem))));
    }
    if (t.isHeap) out.push(this.release(t, dataLoad(T.Ptr, 4, get(addr, T.Ptr), off, mem)));
    out.push(dataStore(w, get(addr, T.Ptr), off, get(nv, it), mem));
    return out;
  }

  /** `self` in a `var self` method: the caller's object, which the method changes in place. */
  isVarSelf(id: IdentExpr): bool {
    return this.info.mutSelf && this.info.paramLocals.length > 0 && id.local === this.info.paramLocals[0] && id.ty!.isHeap;
  }

  /**
   * `self = v` in a `var self` method replaces the fields of the caller's
   * object (the pointer the caller holds stays valid): the new value's
   * fields are retained, the old ones released, then the new value dropped.
   */
  assignSelf(a: BinaryExpr, self: i32, t: Type): Ins[] {
    const nv = this.newLocal(T.Ptr);
    const out: Ins[] = [set(nv, this.owned(a.right))];
    const offs = fieldOffsets(t.elems);
    for (let i = 0; i < t.elems.length; i++) {
      if (t.elems[i].isHeap) out.push(this.rt("retain", [dataLoad(T.Ptr, 4, get(nv, T.Ptr), offs[i])]));
    }
    for (let i = 0; i < t.elems.length; i++) {
      const ft = t.elems[i];
      if (ft.isHeap) out.push(this.release(ft, dataLoad(T.Ptr, 4, get(self, T.Ptr), offs[i])));
    }
    for (let i = 0; i < t.elems.length; i++) {
      const ft = t.elems[i];
      const w = widthOf(ft);
      if (w == 0) continue;
      out.push(dataStore(w, get(self, T.Ptr), offs[i], dataLoad(irType(ft), w, get(nv, T.Ptr), offs[i])));
    }
    out.push(this.release(t, get(nv, T.Ptr)));
    return out;
  }

  /** `x op= v` given the current value (borrowed). */
  compound(a: BinaryExpr, t: Type, current: Ins): Ins {
    if (t.kind == TyK.Str) return this.rt("str_concat", [current, this.borrowed(a.right)]);
    return this.arith(a.op, t, current, this.operand(a, t), a);
  }
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
