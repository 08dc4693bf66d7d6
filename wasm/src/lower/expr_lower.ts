import { tStr, TyK, Type } from "../check/types";
import { EK, Expr, FieldExpr, IdentExpr, IndexExpr, InterpExpr, ListExpr, LitExpr, StructLitExpr } from "../syntax/ast";
import { block, fconst, get, iconst, Ins, Op, set, T, unary } from "../ir/ir";
import { irType } from "./layout";
import { arrayId, borrowed, fieldRead, indexRead, sliceRead } from "./access_lower";
import { allocObject, fnRefValue } from "./aggregate_lower";
import { FnState, localIndex, newLocal } from "./fn_state";
import { release, retain, temp } from "./ownership";
import { forgetArrayElems, forgetElems, forgetUnique } from "./run_facts";
import { rt, staticStr } from "./runtime_calls";
import { owned } from "./value";

/**
 * Expressions that read values: literals, variables, constants, fields and
 * elements (a new reference to a heap value), struct and tuple literals, and
 * string interpolation.
 */

export function intLit(fl: FnState, e: Expr): Ins {
  const t = e.ty!;
  const lit = e as LitExpr;
  return t.kind == TyK.F64 ? fconst(lit.floatValue) : iconst(irType(t), t.kind == TyK.U8 ? lit.intValue & 255 : t.kind == TyK.U32 ? <i64><i32>lit.intValue : lit.intValue);
}

export function floatLit(fl: FnState, e: Expr): Ins {
  return fconst((e as LitExpr).floatValue);
}

export function boolLit(fl: FnState, e: Expr): Ins {
  return iconst(T.I32, (e as LitExpr).boolValue ? 1 : 0);
}

export function strLit(fl: FnState, e: Expr): Ins {
  return staticStr(fl, (e as LitExpr).text);
}

/** A name: a payload-free variant, a function as a value, a constant, or a local (a new reference). */
export function identValue(fl: FnState, e: Expr): Ins {
  const t = e.ty!;
  const id = e as IdentExpr;
  if (id.variant >= 0) return allocObject(fl, [], [], id.variant);
  if (id.fnRef != "") return fnRefValue(fl, id.fnRef);
  if (id.local === null) return constValue(fl, id.global);
  if (t.isHeap) forgetUnique(fl, localIndex(fl, id.local!));  // a second reference
  return retain(fl, t, get(localIndex(fl, id.local!), irType(t)));
}

/** `a.b`: a field, or a path to a constant, a function or a variant. */
export function fieldValue(fl: FnState, e: Expr): Ins {
  const t = e.ty!;
  const f = e as FieldExpr;
  if (f.index == -2) return constValue(fl, (f.object as IdentExpr).global);
  if (f.index == -3) return fnRefValue(fl, (f.object as IdentExpr).fnRef);
  if (f.isVariant) return t.isHeap ? allocObject(fl, [], [], f.index) : iconst(T.I32, f.index);
  // A second reference to the field's value: it is no longer known unique.
  if (t.isHeap && f.object.kind == EK.Ident && (f.object as IdentExpr).local !== null) {
    const k = fl.ufields.indexOf((<i64>localIndex(fl, (f.object as IdentExpr).local!) << 32) | <i64>f.index);
    if (k >= 0) fl.ufields.splice(k, 1);
  }
  return retain(fl, t, fieldRead(fl, f));
}

/** `a[i]` (a new reference to the element) or `a[lo..hi]`. */
export function indexValue(fl: FnState, e: Expr): Ins {
  const t = e.ty!;
  const ix = e as IndexExpr;
  if (ix.index.kind == EK.Range) return sliceRead(fl, ix);
  // A second reference to the element: it is no longer known unique.
  if (t.isHeap && ix.object.kind == EK.Ident && (ix.object as IdentExpr).local !== null) {
    forgetElems(fl, localIndex(fl, (ix.object as IdentExpr).local!), false);
  } else if (t.isHeap && ix.object.kind == EK.Field) {
    const id = arrayId(fl, ix.object);
    if (id >= 0) forgetArrayElems(fl, id);
  }
  return retain(fl, t, indexRead(fl, ix));
}

/** A struct literal: its values in the order of the struct's fields. */
export function structLit(fl: FnState, e: Expr): Ins {
  const t = e.ty!;
  const s = e as StructLitExpr;
  const values: Expr[] = [];
  for (let i = 0; i < t.fieldNames.length; i++) {
    for (let j = 0; j < s.fieldNames.length; j++) if (s.fieldNames[j] == t.fieldNames[i]) values.push(s.values[j]);
  }
  return allocObject(fl, t.elems, values, -1);
}

export function tupleLit(fl: FnState, e: Expr): Ins {
  const t = e.ty!;
  if (t.kind == TyK.Unit) return block(0, [], T.None);  // `()` has no value to build
  return allocObject(fl, t.elems, (e as ListExpr).elems, -1);
}

export function constValue(fl: FnState, key: string): Ins {
  const c = fl.m.program.consts.get(key);
  const saved = fl.source;
  fl.source = c.decl.source;
  const v = owned(fl, c.decl.value);
  fl.source = saved;
  return v;
}

/** A borrowed str for a printable value (converting numbers and bools). */
export function strOf(fl: FnState, e: Expr): Ins {
  const t = e.ty!;
  if (t.kind == TyK.Str) return borrowed(fl, e);
  return temp(fl, t.kind == TyK.Str ? t : strType(e), toStr(fl, t, owned(fl, e)));
}

export function toStr(fl: FnState, t: Type, v: Ins): Ins {
  switch (t.kind) {
    case TyK.I64: return rt(fl, "i64_to_str", [v]);
    case TyK.I32: return rt(fl, "i64_to_str", [unary(Op.ExtendI32S, T.I64, v)]);
    case TyK.U8: case TyK.U32: return rt(fl, "i64_to_str", [unary(Op.ExtendI32U, T.I64, v)]);
    case TyK.U64: return rt(fl, "u64_to_str", [v]);
    case TyK.F64: return rt(fl, "f64_to_str", [v]);
    case TyK.Bool: return rt(fl, "bool_to_str", [v]);
  }
  return v;
}

export function lowerInterp(fl: FnState, interp: Expr): Ins {
  const e = interp as InterpExpr;
  const acc = newLocal(fl, T.Ptr);
  const body: Ins[] = [set(acc, staticStr(fl, e.parts[0]))];
  const st = strType(e);
  for (let i = 0; i < e.exprs.length; i++) {
    body.push(appendStr(fl, acc, strOf(fl, e.exprs[i]), st));
    if (e.parts[i + 1].length > 0) body.push(appendStr(fl, acc, staticStr(fl, e.parts[i + 1]), st));
  }
  body.push(get(acc, T.Ptr));
  return block(0, body, T.Ptr);
}

export function appendStr(fl: FnState, acc: i32, piece: Ins, st: Type): Ins {
  const next = newLocal(fl, T.Ptr);
  return block(0, [
    set(next, rt(fl, "str_concat", [get(acc, T.Ptr), piece])),
    release(fl, st, get(acc, T.Ptr)),
    set(acc, get(next, T.Ptr)),
  ], T.None);
}

function strType(e: Expr): Type {
  return tStr;
}
