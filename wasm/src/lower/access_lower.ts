import { TyK, Type } from "../check/types";
import { EK, Expr, FieldExpr, IdentExpr, IndexExpr, RangeExpr } from "../syntax/ast";
import { binary, block, call, drop, fieldAt, get, iconst, iff, Ins, Mem, Op, set, T, unary, unreachable } from "../ir/ir";
import { ARRAY_DATA, dataLoad, fieldOffsets, HEADER, headerLoad, irType, LEN, widthOf } from "./layout";
import { FnBase } from "./fn_base";

/** Reading places: fields, bounds-checked elements and slices of arrays and strings. */
export class AccessLower extends FnBase {
  // Overridden by the expression lowering.
  owned(e: Expr): Ins { return unreachable(); }
  borrowed(e: Expr): Ins { return unreachable(); }

  loadField(t: Type, addr: Ins, offset: i32, mem: Mem = Mem.Data): Ins {
    return dataLoad(irType(t), widthOf(t), addr, offset, mem);
  }

  fieldRead(f: FieldExpr): Ins {
    const ot = f.object.ty!;
    const offs = fieldOffsets(ot.elems);
    return this.loadField(f.ty!, this.borrowed(f.object), offs[f.index], fieldAt(offs[f.index]));
  }

  /** Bounds-checked element address: [checks..., address]. */
  /**
   * The key of `a[i]` for the facts of a run of simple statements (both
   * locals, `a` an array), or -1.
   */
  elemKey(ix: IndexExpr): i64 {
    if (!this.inSimple || ix.index.kind != EK.Ident) return -1;
    const array = this.arrayId(ix.object);
    const n = ix.index as IdentExpr;
    if (array < 0 || n.local === null || n.variant >= 0) return -1;
    if (ix.object.ty!.kind != TyK.Array || ix.index.ty!.isHeap) return -1;
    return (<i64>array << 32) | <i64>this.localIndex(n.local!);
  }

  /**
   * The id of an array place for element facts: the local `a`, or for a field
   * `x.f` of a local struct, x's local with the field in the bits above 20
   * (self.bodies in self.bodies[i].vx); -1 for other places.
   */
  arrayId(e: Expr): i32 {
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
    return this.localIndex(o.local!) | ((f + 1) << 20);
  }

  /** The length of the array in local `p`: read from its header, or the one read at its declaration when it is stable (`lenLocal`). */
  arrayLength(p: i32, lenLocal: i32): Ins {
    return lenLocal >= 0 ? get(lenLocal, T.I32) : headerLoad(get(p, T.Ptr), LEN);
  }

  /**
   * Address of an element; `key` >= 0 skips the bounds check when the same
   * a[i] was checked in this run; `lenLocal` >= 0 holds the array's stable length.
   */
  elementAddr(arr: Ins, index: Expr, esize: i32, at: i32, base: i32, key: i64 = -1, lenLocal: i32 = -1): Ins {
    const p = this.newLocal(T.Ptr);
    const i = this.newLocal(T.I64);
    const it = index.ty!;
    let iv = this.owned(index);
    if (it.kind != TyK.I64) iv = unary(Op.ExtendI32S, T.I64, iv);
    if (key >= 0 && this.checked.includes(key)) {
      const a = binary(Op.Add, T.Ptr, get(p, T.Ptr),
        binary(Op.Mul, T.I32, unary(Op.WrapI64, T.I32, get(i, T.I64)), iconst(T.I32, esize)));
      return block(0, [set(p, arr), set(i, iv), binary(Op.Add, T.Ptr, a, iconst(T.I32, base))], T.Ptr);
    }
    if (key >= 0) this.checked.push(key);
    const len = unary(Op.ExtendI32U, T.I64, this.arrayLength(p, lenLocal));
    const check = iff(binary(Op.GeU, T.I32, get(i, T.I64), len), [
      this.rt("panic_index", [get(i, T.I64), unary(Op.ExtendI32U, T.I64, this.arrayLength(p, lenLocal)), this.loc(at)]),
      unreachable(),
    ], [], T.None);
    const addr = binary(Op.Add, T.Ptr, get(p, T.Ptr),
      binary(Op.Mul, T.I32, unary(Op.WrapI64, T.I32, get(i, T.I64)), iconst(T.I32, esize)));
    return block(0, [set(p, arr), set(i, iv), check, binary(Op.Add, T.Ptr, addr, iconst(T.I32, base))], T.Ptr);
  }

  indexRead(ix: IndexExpr): Ins {
    const ot = ix.object.ty!;
    const at = ix.object.end;
    if (ot.kind == TyK.Str) {
      return dataLoad(T.I32, 1, this.elementAddr(this.borrowed(ix.object), ix.index, 1, at, HEADER), 0);
    }
    const et = ot.elem!;
    const key = this.elemKey(ix);
    const addr = this.elementAddr(this.borrowed(ix.object), ix.index, widthOf(et), at, ARRAY_DATA, key, this.lenLocalOf(ix.object));
    // An element a loop holds the pointer of (see FnBase.elemPtr): checked, not loaded.
    const ptr = this.elemPtr(key);
    if (ptr >= 0) return block(0, [drop(addr), get(ptr, T.Ptr)], T.Ptr);
    return this.loadField(et, addr, 0, Mem.Elem);
  }

  slice(ix: IndexExpr): Ins {
    const r = ix.index as RangeExpr;
    const ot = ix.object.ty!;
    const lo = this.int64(r.lo);
    const hi = this.int64(r.hi);
    if (ot.kind == TyK.Str) return this.rt("str_slice", [this.borrowed(ix.object), lo, hi, this.loc(ix.object.end)]);
    const et = ot.elem!;
    const q = this.rt("array_slice", [this.borrowed(ix.object), lo, hi, iconst(T.I32, widthOf(et)), this.loc(ix.object.end)]);
    if (!et.isHeap) return q;
    return call(this.m.requestHelper("retain_elems", ot), [q], T.Ptr);
  }

  int64(e: Expr): Ins {
    const v = this.owned(e);
    return e.ty!.kind == TyK.I64 ? v : unary(Op.ExtendI32S, T.I64, v);
  }
}
