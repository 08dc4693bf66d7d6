import { EK, FieldExpr, IdentExpr, IndexExpr, ListExpr, StructLitExpr, RangeExpr } from "../syntax/ast";
import { ExprChecker, fnValueType } from "./expr_checker";
import { arrayOf, assignable, tError, tI64, tU8, TyK, Type } from "./types";

/** Field access (struct fields, tuple elements, enum variants, module constants), indexing and aggregate literals. */
export class AggregateChecker extends ExprChecker {
  checkField(f: FieldExpr): Type {
    // `Enum.Variant` without payload.
    if (f.object.kind == EK.Ident) {
      const id = f.object as IdentExpr;
      if (this.lookup(id.name) === null && this.program.types.has(id.name)) {
        const t = this.program.types.get(id.name);
        f.object.ty = t;
        if (t.kind == TyK.Enum) {
          const v = t.variantIndex(f.name);
          if (v < 0) { this.err("E0409", f.end - f.name.length, f.end, "enum " + t.name + " has no variant '" + f.name + "'"); return tError; }
          if (t.variants[v].payload.length > 0) {
            this.errAt("E0410", f, "variant " + t.name + "." + f.name + " needs " + t.variants[v].payload.length.toString() + " value(s) in parentheses");
          }
          f.index = v;
          f.isVariant = true;
          return t;
        }
        this.errAt("E0202", f, "'" + id.name + "' is a type; call a function on it with '" + id.name + "." + f.name + "(...)'");
        return tError;
      }
      if (this.lookup(id.name) === null && this.mod.imports.has(id.name)) {
        const key = this.mod.imports.get(id.name) + f.name;
        if (this.program.consts.has(key)) {
          const c = this.program.consts.get(key);
          id.global = c.name;
          f.index = -2;  // a module constant: lowered like an identifier
          return c.ty;
        }
        if (this.program.funcs.has(key)) {
          // A module function as a value: `apply(math.sqrt, 2.0)`.
          const fn = this.program.funcs.get(key);
          id.fnRef = fn.name;
          f.index = -3;
          return fnValueType(fn);
        }
        this.errAt("E0252", f, "module '" + id.name + "' has no constant '" + f.name + "'");
        return tError;
      }
    }
    const t = this.check(f.object, null);
    if (t.isError) return tError;
    if (t.kind == TyK.Struct || t.kind == TyK.Tuple) {
      const i = t.fieldIndex(f.name);
      if (i >= 0) { f.index = i; return t.elems[i]; }
      this.err("E0400", f.end - f.name.length, f.end, "type " + t.name + " has no field '" + f.name + "'");
      return tError;
    }
    if (this.program.funcs.has(t.name + "." + f.name) || f.name == "len" || f.name == "push" || f.name == "pop") {
      this.errAt("E0401", f, "'" + f.name + "' is a method; call it with '" + f.name + "()'");
      return tError;
    }
    // `s.length`, `xs.size`, `xs.count` (JavaScript, Swift, Go habits): the length is a function.
    const isLength = f.name == "length" || f.name == "size" || f.name == "count";
    const hint = isLength && (t.kind == TyK.Str || t.kind == TyK.Array) ? "; the length is 'len(" + this.shortText(f.object) + ")'" : "";
    this.err("E0400", f.end - f.name.length, f.end, "type " + t.name + " has no field '" + f.name + "'" + hint);
    return tError;
  }

  checkIndex(ix: IndexExpr): Type {
    const t = this.check(ix.object, null);
    if (ix.index.kind == EK.Range) {
      const r = ix.index as RangeExpr;
      this.expectType(r.lo, tI64, "slice start");
      this.expectType(r.hi, tI64, "slice end");
      r.ty = tI64;
      if (t.kind == TyK.Str || t.kind == TyK.Array) return t;
      if (!t.isError) this.errAt("E0318", ix.object, "cannot slice a value of type " + t.name);
      return tError;
    }
    const it = this.check(ix.index, tI64);
    if (!it.isError && !it.isInt) this.errAt("E0311", ix.index, "an index must be an integer, found " + it.name);
    if (t.kind == TyK.Array) return t.elem!;
    if (t.kind == TyK.Str) return tU8;
    if (t.kind == TyK.Tuple) {
      // Python and TypeScript index tuples; here a part is a field with a fixed number.
      const tuple = this.shortText(ix.object);
      this.errAt("E0318", ix.object, "cannot index a value of type " + t.name + "; a tuple's parts are '" + tuple + ".0', '" + tuple + ".1', ... (a number known when compiling)");
    } else if (!t.isError) this.errAt("E0318", ix.object, "cannot index a value of type " + t.name);
    return tError;
  }

  checkStructLit(s: StructLitExpr): Type {
    return this.checkStructLitAs(s, this.program.types.has(s.name) ? this.program.types.get(s.name) : null);
  }

  checkStructLitAs(s: StructLitExpr, known: Type | null): Type {
    if (known === null || known.kind != TyK.Struct) {
      this.err("E0404", s.start, s.start + s.name.length, "unknown struct '" + s.name + "'");
      for (let i = 0; i < s.values.length; i++) this.check(s.values[i], null);
      return tError;
    }
    const t = known!;
    const seen = new Set<i32>();
    for (let i = 0; i < s.fieldNames.length; i++) {
      const fi = t.fieldIndex(s.fieldNames[i]);
      if (fi < 0) {
        this.err("E0400", s.fieldStarts[i], s.fieldStarts[i] + s.fieldNames[i].length, "struct " + t.name + " has no field '" + s.fieldNames[i] + "'");
        this.check(s.values[i], null);
        continue;
      }
      if (seen.has(fi)) this.err("E0402", s.fieldStarts[i], s.fieldStarts[i] + s.fieldNames[i].length, "field '" + s.fieldNames[i] + "' is given twice");
      seen.add(fi);
      this.expectType(s.values[i], t.elems[fi], "field '" + s.fieldNames[i] + "'");
    }
    let missing = "";
    for (let i = 0; i < t.fieldNames.length; i++) {
      if (!seen.has(i)) missing += (missing.length > 0 ? ", " : "") + t.fieldNames[i];
    }
    if (missing.length > 0) this.errAt("E0403", s, "missing field(s) in " + t.name + ": " + missing);
    return t;
  }

  checkArrayLit(a: ListExpr, expected: Type | null): Type {
    let elem: Type | null = expected !== null && expected.kind == TyK.Array ? expected.elem : null;
    if (a.count !== null) {
      const t = this.check(a.elems[0], elem);
      if (elem !== null && !assignable(t, elem)) this.errAt("E0300", a.elems[0], "array element: expected " + elem.name + ", found " + t.name);
      const ct = this.check(a.count!, tI64);
      if (!ct.isError && !ct.isInt) this.errAt("E0311", a.count!, "an array length must be an integer, found " + ct.name);
      if (t.kind == TyK.Unit || t.kind == TyK.Never) { this.errAt("E0306", a.elems[0], "an array element needs a value"); return tError; }
      return arrayOf(elem !== null ? elem : t);
    }
    if (a.elems.length == 0) {
      if (elem === null) {
        this.errAt("E0502", a, "cannot infer the element type of an empty array; write its type, e.g. 'let a: [i64] = []'");
        return tError;
      }
      return arrayOf(elem);
    }
    for (let i = 0; i < a.elems.length; i++) {
      const t = this.check(a.elems[i], elem);
      if (elem === null || elem.isError) {
        if (t.kind == TyK.Unit || t.kind == TyK.Never) { this.errAt("E0306", a.elems[i], "an array element needs a value"); elem = tError; }
        else elem = t;
      } else if (t.kind == TyK.Never) this.errAt("E0306", a.elems[i], "an array element needs a value");
      else if (!assignable(t, elem)) this.errAt("E0300", a.elems[i], "array element: expected " + elem.name + ", found " + t.name);
    }
    return arrayOf(elem!);
  }
}
