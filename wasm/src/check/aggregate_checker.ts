import { EK, FieldExpr, IdentExpr, IndexExpr, ListExpr, StructLitExpr, RangeExpr } from "../syntax/ast";
import { check, expectType } from "./dispatch";
import { fnValueType } from "./expr_checker";
import { lookup, shortText } from "./scope";
import { CheckState, err, errAt } from "./state";
import { arrayOf, assignable, tError, tI64, tU8, TyK, Type } from "./types";

// Field access (struct fields, tuple elements, enum variants, module
// constants), indexing and aggregate literals.

export function checkField(cx: CheckState, f: FieldExpr): Type {
  // `Enum.Variant` without payload.
  if (f.object.kind == EK.Ident) {
    const id = f.object as IdentExpr;
    if (lookup(cx, id.name) === null && cx.program.types.has(id.name)) {
      const t = cx.program.types.get(id.name);
      f.object.ty = t;
      if (t.isError) return tError;
      if (t.kind == TyK.Enum) {
        const v = t.variantIndex(f.name);
        if (v < 0) { err(cx, "E0409", f.end - f.name.length, f.end, "enum " + t.name + " has no variant '" + f.name + "'"); return tError; }
        if (t.variants[v].payload.length > 0) {
          errAt(cx, "E0410", f, "variant " + t.name + "." + f.name + " needs " + t.variants[v].payload.length.toString() + " value(s) in parentheses");
        }
        f.index = v;
        f.isVariant = true;
        return t;
      }
      errAt(cx, "E0202", f, "'" + id.name + "' is a type; call a function on it with '" + id.name + "." + f.name + "(...)'");
      return tError;
    }
    if (lookup(cx, id.name) === null && cx.mod.imports.has(id.name)) {
      const key = cx.mod.imports.get(id.name) + f.name;
      if (cx.program.consts.has(key)) {
        const c = cx.program.consts.get(key);
        id.global = c.name;
        f.index = -2;  // a module constant: lowered like an identifier
        return c.ty;
      }
      if (cx.program.funcs.has(key)) {
        // A module function as a value: `apply(math.sqrt, 2.0)`.
        const fn = cx.program.funcs.get(key);
        id.fnRef = fn.name;
        f.index = -3;
        return fnValueType(fn);
      }
      errAt(cx, "E0252", f, "module '" + id.name + "' has no constant '" + f.name + "'");
      return tError;
    }
  }
  const t = check(cx, f.object, null);
  if (t.isError) return tError;
  if (t.kind == TyK.Struct || t.kind == TyK.Tuple) {
    const i = t.fieldIndex(f.name);
    if (i >= 0) { f.index = i; return t.elems[i]; }
    err(cx, "E0400", f.end - f.name.length, f.end, "type " + t.name + " has no field '" + f.name + "'");
    return tError;
  }
  if (cx.program.funcs.has(t.name + "." + f.name) || f.name == "len" || f.name == "push" || f.name == "pop") {
    errAt(cx, "E0401", f, "'" + f.name + "' is a method; call it with '" + f.name + "()'");
    return tError;
  }
  // `s.length`, `xs.size`, `xs.count` (JavaScript, Swift, Go habits): the length is a function.
  const isLength = f.name == "length" || f.name == "size" || f.name == "count";
  const hint = isLength && (t.kind == TyK.Str || t.kind == TyK.Array) ? "; the length is 'len(" + shortText(cx, f.object) + ")'" : "";
  err(cx, "E0400", f.end - f.name.length, f.end, "type " + t.name + " has no field '" + f.name + "'" + hint);
  return tError;
}

export function checkIndex(cx: CheckState, ix: IndexExpr): Type {
  const t = check(cx, ix.object, null);
  if (ix.index.kind == EK.Range) {
    const r = ix.index as RangeExpr;
    expectType(cx, r.lo, tI64, "slice start");
    expectType(cx, r.hi, tI64, "slice end");
    r.ty = tI64;
    if (t.kind == TyK.Str || t.kind == TyK.Array) return t;
    if (!t.isError) errAt(cx, "E0318", ix.object, "cannot slice a value of type " + t.name);
    return tError;
  }
  const it = check(cx, ix.index, tI64);
  if (!it.isError && !it.isInt) errAt(cx, "E0311", ix.index, "an index must be an integer, found " + it.name);
  if (t.kind == TyK.Array) return t.elem!;
  if (t.kind == TyK.Str) return tU8;
  if (t.kind == TyK.Tuple) {
    // Python and TypeScript index tuples; here a part is a field with a fixed number.
    const tuple = shortText(cx, ix.object);
    errAt(cx, "E0318", ix.object, "cannot index a value of type " + t.name + "; a tuple's parts are '" + tuple + ".0', '" + tuple + ".1', ... (a number known when compiling)");
  } else if (!t.isError) errAt(cx, "E0318", ix.object, "cannot index a value of type " + t.name);
  return tError;
}

export function checkStructLit(cx: CheckState, s: StructLitExpr): Type {
  return checkStructLitAs(cx, s, cx.program.types.has(s.name) ? cx.program.types.get(s.name) : null);
}

export function checkStructLitAs(cx: CheckState, s: StructLitExpr, known: Type | null): Type {
  if (known !== null && known!.isError) {
    // A name two files both declare: reported once where it is declared.
    for (let i = 0; i < s.values.length; i++) check(cx, s.values[i], null);
    return tError;
  }
  if (known === null || known.kind != TyK.Struct) {
    err(cx, "E0404", s.start, s.start + s.name.length, "unknown struct '" + s.name + "'");
    for (let i = 0; i < s.values.length; i++) check(cx, s.values[i], null);
    return tError;
  }
  const t = known!;
  const seen = new Set<i32>();
  for (let i = 0; i < s.fieldNames.length; i++) {
    const fi = t.fieldIndex(s.fieldNames[i]);
    if (fi < 0) {
      err(cx, "E0400", s.fieldStarts[i], s.fieldStarts[i] + s.fieldNames[i].length, "struct " + t.name + " has no field '" + s.fieldNames[i] + "'");
      check(cx, s.values[i], null);
      continue;
    }
    if (seen.has(fi)) err(cx, "E0402", s.fieldStarts[i], s.fieldStarts[i] + s.fieldNames[i].length, "field '" + s.fieldNames[i] + "' is given twice");
    seen.add(fi);
    expectType(cx, s.values[i], t.elems[fi], "field '" + s.fieldNames[i] + "'");
  }
  let missing = "";
  for (let i = 0; i < t.fieldNames.length; i++) {
    if (!seen.has(i)) missing += (missing.length > 0 ? ", " : "") + t.fieldNames[i];
  }
  if (missing.length > 0) errAt(cx, "E0403", s, "missing field(s) in " + t.name + ": " + missing);
  return t;
}

export function checkArrayLit(cx: CheckState, a: ListExpr, expected: Type | null): Type {
  let elem: Type | null = expected !== null && expected.kind == TyK.Array ? expected.elem : null;
  if (a.count !== null) {
    const t = check(cx, a.elems[0], elem);
    if (elem !== null && !assignable(t, elem)) errAt(cx, "E0300", a.elems[0], "array element: expected " + elem.name + ", found " + t.name);
    const ct = check(cx, a.count!, tI64);
    if (!ct.isError && !ct.isInt) errAt(cx, "E0311", a.count!, "an array length must be an integer, found " + ct.name);
    if (t.kind == TyK.Unit || t.kind == TyK.Never) { errAt(cx, "E0306", a.elems[0], "an array element needs a value"); return tError; }
    return arrayOf(elem !== null ? elem : t);
  }
  if (a.elems.length == 0) {
    if (elem === null) {
      errAt(cx, "E0502", a, "cannot infer the element type of an empty array; write its type, e.g. 'let a: [i64] = []'");
      return tError;
    }
    return arrayOf(elem);
  }
  for (let i = 0; i < a.elems.length; i++) {
    const t = check(cx, a.elems[i], elem);
    if (elem === null || elem.isError) {
      if (t.kind == TyK.Unit || t.kind == TyK.Never) { errAt(cx, "E0306", a.elems[i], "an array element needs a value"); elem = tError; }
      else elem = t;
    } else if (t.kind == TyK.Never) errAt(cx, "E0306", a.elems[i], "an array element needs a value");
    else if (!assignable(t, elem)) errAt(cx, "E0300", a.elems[i], "array element: expected " + elem.name + ", found " + t.name);
  }
  return arrayOf(elem!);
}
