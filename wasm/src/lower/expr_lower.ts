import { tStr, TyK, Type } from "../check/types";
import {
  BinaryExpr, CallExpr, CastExpr, ClosureExpr, EK, Expr, FieldExpr, IdentExpr, IndexExpr, InterpExpr, ListExpr, LitExpr,
  StructLitExpr, UnaryExpr, UnaryLikeExpr,
} from "../syntax/ast";
import { block, drop, fconst, get, iconst, Ins, Op, set, T, unary, unreachable } from "../ir/ir";
import { irType } from "./layout";
import { AggregateLower } from "./aggregate_lower";

/** Expressions: owned and borrowed values, literals, variables, constants and string interpolation. */
export class ExprLower extends AggregateLower {
  // Overridden by the flow lowering.
  flow(e: Expr): Ins { return unreachable(); }
  lowerCall(c: CallExpr): Ins { return unreachable(); }

  owned(e: Expr): Ins {
    const t = e.ty!;
    switch (e.kind) {
      case EK.Int: {
        const lit = e as LitExpr;
        return t.kind == TyK.F64 ? fconst(lit.floatValue) : iconst(irType(t), t.kind == TyK.U8 ? lit.intValue & 255 : t.kind == TyK.U32 ? <i64><i32>lit.intValue : lit.intValue);
      }
      case EK.Float: return fconst((e as LitExpr).floatValue);
      case EK.Bool: return iconst(T.I32, (e as LitExpr).boolValue ? 1 : 0);
      case EK.Str: return this.staticStr((e as LitExpr).text);
      case EK.Interp: return this.interp(e as InterpExpr);
      case EK.Ident: {
        const id = e as IdentExpr;
        if (id.variant >= 0) return this.object([], [], id.variant);
        if (id.fnRef != "") return this.fnRefValue(id.fnRef);
        if (id.local === null) return this.constValue(id.global);
        if (t.isHeap) this.forgetUnique(this.localIndex(id.local!));  // a second reference
        return this.retain(t, get(this.localIndex(id.local!), irType(t)));
      }
      case EK.Unary: return this.unaryOp(e as UnaryExpr);
      case EK.Binary: return this.binaryOp(e as BinaryExpr);
      case EK.Cast: return this.cast(e as CastExpr);
      case EK.Call: return this.lowerCall(e as CallExpr);
      case EK.Field: {
        const f = e as FieldExpr;
        if (f.index == -2) return this.constValue((f.object as IdentExpr).global);
        if (f.index == -3) return this.fnRefValue((f.object as IdentExpr).fnRef);
        if (f.isVariant) return t.isHeap ? this.object([], [], f.index) : iconst(T.I32, f.index);
        // A second reference to the field's value: it is no longer known unique.
        if (t.isHeap && f.object.kind == EK.Ident && (f.object as IdentExpr).local !== null) {
          const k = this.ufields.indexOf((<i64>this.localIndex((f.object as IdentExpr).local!) << 32) | <i64>f.index);
          if (k >= 0) this.ufields.splice(k, 1);
        }
        return this.retain(t, this.fieldRead(f));
      }
      case EK.Index: {
        const ix = e as IndexExpr;
        if (ix.index.kind == EK.Range) return this.slice(ix);
        // A second reference to the element: it is no longer known unique.
        if (t.isHeap && ix.object.kind == EK.Ident && (ix.object as IdentExpr).local !== null) {
          this.forgetElems(this.localIndex((ix.object as IdentExpr).local!), false);
        } else if (t.isHeap && ix.object.kind == EK.Field) {
          const id = this.arrayId(ix.object);
          if (id >= 0) this.forgetArrayElems(id);
        }
        return this.retain(t, this.indexRead(ix));
      }
      case EK.StructLit: {
        const s = e as StructLitExpr;
        const values: Expr[] = [];
        for (let i = 0; i < t.fieldNames.length; i++) {
          for (let j = 0; j < s.fieldNames.length; j++) if (s.fieldNames[j] == t.fieldNames[i]) values.push(s.values[j]);
        }
        return this.object(t.elems, values, -1);
      }
      case EK.TupleLit:
        if (t.kind == TyK.Unit) return block(0, [], T.None);  // `()` has no value to build
        return this.object(t.elems, (e as ListExpr).elems, -1);
      case EK.ArrayLit: return this.arrayLit(e as ListExpr);
      case EK.Try: return this.tryOp(e as UnaryLikeExpr);
      case EK.Closure: return this.closureValue(e as ClosureExpr);
    }
    return this.flow(e);
  }

  /** Evaluates for effect only. */
  discard(e: Expr): Ins {
    const t = e.ty!;
    const v = this.owned(e);
    if (this.isUnit(t)) return v;
    if (t.isHeap) return this.release(t, v);
    return drop(v);
  }

  /** A value valid until the end of the current statement, without a new reference. */
  borrowed(e: Expr): Ins {
    const t = e.ty!;
    if (!t.isHeap) return this.owned(e);
    if (e.kind == EK.Ident && (e as IdentExpr).local !== null) return get(this.localIndex((e as IdentExpr).local!), T.Ptr);
    if (e.kind == EK.Str) return this.owned(e);
    if (e.kind == EK.Ident && (e as IdentExpr).fnRef != "") return this.owned(e);  // static
    if (e.kind == EK.Field && (e as FieldExpr).index >= 0 && !(e as FieldExpr).isVariant) return this.fieldRead(e as FieldExpr);
    if (e.kind == EK.Index && (e as IndexExpr).index.kind != EK.Range) return this.indexRead(e as IndexExpr);
    return this.temp(t, this.owned(e));
  }

  constValue(key: string): Ins {
    const c = this.m.program.consts.get(key);
    const saved = this.source;
    this.source = c.decl.source;
    const v = this.owned(c.decl.value);
    this.source = saved;
    return v;
  }

  /** A borrowed str for a printable value (converting numbers and bools). */
  strOf(e: Expr): Ins {
    const t = e.ty!;
    if (t.kind == TyK.Str) return this.borrowed(e);
    return this.temp(t.kind == TyK.Str ? t : strType(e), this.toStr(t, this.owned(e)));
  }

  toStr(t: Type, v: Ins): Ins {
    switch (t.kind) {
      case TyK.I64: return this.rt("i64_to_str", [v]);
      case TyK.I32: return this.rt("i64_to_str", [unary(Op.ExtendI32S, T.I64, v)]);
      case TyK.U8: case TyK.U32: return this.rt("i64_to_str", [unary(Op.ExtendI32U, T.I64, v)]);
      case TyK.U64: return this.rt("u64_to_str", [v]);
      case TyK.F64: return this.rt("f64_to_str", [v]);
      case TyK.Bool: return this.rt("bool_to_str", [v]);
    }
    return v;
  }

  interp(e: InterpExpr): Ins {
    const acc = this.newLocal(T.Ptr);
    const body: Ins[] = [set(acc, this.staticStr(e.parts[0]))];
    const st = strType(e);
    for (let i = 0; i < e.exprs.length; i++) {
      body.push(this.append(acc, this.strOf(e.exprs[i]), st));
      if (e.parts[i + 1].length > 0) body.push(this.append(acc, this.staticStr(e.parts[i + 1]), st));
    }
    body.push(get(acc, T.Ptr));
    return block(0, body, T.Ptr);
  }

  append(acc: i32, piece: Ins, st: Type): Ins {
    const next = this.newLocal(T.Ptr);
    return block(0, [
      set(next, this.rt("str_concat", [get(acc, T.Ptr), piece])),
      this.release(st, get(acc, T.Ptr)),
      set(acc, get(next, T.Ptr)),
    ], T.None);
  }
}

function strType(e: Expr): Type {
  return tStr;
}
