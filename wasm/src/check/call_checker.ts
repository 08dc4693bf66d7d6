import { CallExpr, EK, FieldExpr, IdentExpr } from "../syntax/ast";
import { builtinMethod, checkBuiltin } from "./builtin_checker";
import { callFn, callValue, checkArgs } from "./call_args";
import { check, expectType } from "./dispatch";
import { callGeneric, genericAssocCall, genericVariantCall } from "./generic_checker";
import { checkMutablePlace, findFn, findRuntimeFn, lookup } from "./scope";
import { CheckState, err, errAt } from "./state";
import { assignable, isOption, isResult, optionOf, tError, tI64, tUnit, TyK, Type } from "./types";
import { foreignFunctionHint, foreignMethodHint, optionMethodHint } from "./foreign_names";

// Calls: of functions, methods, function values, builtins and enum
// constructors, each resolved from the callee's form.

// Builtin functions every program sees (the prelude), and intrinsics the
// runtime uses. User functions of the same name take precedence.
export function isBuiltin(name: string): bool {
  return name == "print" || name == "println" || name == "eprint" || name == "eprintln" || name == "panic" ||
    name == "assert" || name == "len" || name == "chr" || name == "read_line" || name == "read_all" || name.startsWith("__");
}

export function checkCall(cx: CheckState, c: CallExpr, expected: Type | null): Type {
  const callee = c.callee;
  if (callee.kind == EK.Ident) {
    const name = (callee as IdentExpr).name;
    const local = lookup(cx, name);
    if (local !== null && local.ty.kind == TyK.Func) {
      check(cx, callee, null);
      return callValue(cx, c, local.ty, "'" + name + "'");
    }
    if (local !== null && local.ty.isError) {
      check(cx, callee, null);
      checkArgs(cx, c, 0);
      return tError;
    }
    if (local !== null) {
      errAt(cx, "E0205", callee, "'" + name + "' is a variable, not a function");
      checkArgs(cx, c, 0);
      return tError;
    }
    const f = findFn(cx, name);
    if (f !== null && (callee as IdentExpr).typeArgs.length > 0) {
      errAt(cx, "E0320", callee, "'" + name + "' is not generic; call it without type arguments");
      checkArgs(cx, c, 0);
      return tError;
    }
    if (f !== null) return callFn(cx, c, f, c.args, 0);
    if (name == "Some" || name == "Ok" || name == "Err") return checkWrap(cx, c, name, expected);
    const gkey = cx.program.generics.has(cx.mod.prefix + name) ? cx.mod.prefix + name : name;
    if (cx.program.generics.has(gkey)) return callGeneric(cx, c, cx.program.generics.get(gkey), expected);
    if (isBuiltin(name)) return checkBuiltin(cx, c, name);
    const runtime = findRuntimeFn(cx, name);
    if (runtime !== null) return callFn(cx, c, runtime, c.args, 0);
    if (cx.program.types.has(name)) {
      errAt(cx, "E0205", callee, "'" + name + "' is a type; build a struct with '" + name + " { field: value }'");
    } else errAt(cx, "E0204", callee, "unknown function '" + name + "'" + foreignFunctionHint(name));
    checkArgs(cx, c, 0);
    return tError;
  }
  if (callee.kind == EK.Field) return checkMethodCall(cx, c, callee as FieldExpr, expected);
  const ct = check(cx, callee, null);
  if (ct.kind == TyK.Func) return callValue(cx, c, ct, "this function");
  if (ct.isError) { checkArgs(cx, c, 0); return tError; }
  errAt(cx, "E0205", callee, "this expression cannot be called");
  checkArgs(cx, c, 0);
  return tError;
}

/** Some(x), Ok(x), Err(e): the enum type comes from the context, or from x for Some. */
export function checkWrap(cx: CheckState, c: CallExpr, name: string, expected: Type | null): Type {
  if (c.args.length != 1) {
    errAt(cx, "E0500", c, "'" + name + "' takes 1 value, found " + c.args.length.toString());
    checkArgs(cx, c, 0);
    return tError;
  }
  if (name == "Some") {
    const want = expected !== null && isOption(expected) ? expected.elem : null;
    const t = check(cx, c.args[0], want);
    if (t.isError) return tError;
    if (t.kind == TyK.Never) { errAt(cx, "E0306", c.args[0], "the value of Some needs a value, but this expression never produces one"); return tError; }
    if (want !== null && !assignable(t, want!)) errAt(cx, "E0300", c.args[0], "expected " + want!.name + ", found " + t.name);
    c.variant = 0;
    return want !== null ? expected! : optionOf(t);
  }
  if (expected === null || !isResult(expected)) {
    check(cx, c.args[0], null);
    const other = name == "Ok" ? "Err" : "Ok";
    errAt(cx, "E0502", c, "cannot infer the Result type of " + name + "(...): nothing fixes its " + other + " type; give the binding a type (let r: Result<i64, str> = ...), use it where a Result is expected, or let another arm give the " + other + " type");
    return tError;
  }
  const v = name == "Ok" ? 0 : 1;
  expectType(cx, c.args[0], expected.variants[v].payload[0], "value of " + name);
  c.variant = v;
  return expected;
}

/** `map.new()` where a type of the module has the function: "; it belongs to a type: 'Map.new(...)'". */
export function staticMethodHint(cx: CheckState, prefix: string, name: string): string {
  // Methods are keyed by their type's name ("Map.new", "Rng.next").
  const generic = cx.program.genericMethods.keys();
  for (let i = 0; i < generic.length; i++) {
    const owner = ownerOf(generic[i], name);
    if (owner.length > 0 && cx.program.genericTypeMods.has(owner) && cx.program.genericTypeMods.get(owner).prefix == prefix) {
      return "; it belongs to a type: '" + owner + "." + name + "(...)'";
    }
  }
  const plain = cx.program.funcs.keys();
  for (let i = 0; i < plain.length; i++) {
    const owner = ownerOf(plain[i], name);
    if (owner.length > 0 && cx.program.types.has(owner)) return "; it belongs to a type: '" + owner + "." + name + "(...)'";
  }
  return "";
}

export function checkMethodCall(cx: CheckState, c: CallExpr, f: FieldExpr, expected: Type | null): Type {
  const obj = f.object;
  if (obj.kind == EK.Ident && lookup(cx, (obj as IdentExpr).name) === null) {
    const head = (obj as IdentExpr).name;
    // Module function: `math.sqrt(x)`.
    if (cx.mod.imports.has(head)) {
      const key = cx.mod.imports.get(head) + f.name;
      if (cx.program.funcs.has(key)) return callFn(cx, c, cx.program.funcs.get(key), c.args, 0);
      if (cx.program.generics.has(key)) return callGeneric(cx, c, cx.program.generics.get(key), expected);
      err(cx, "E0252", f.end - f.name.length, f.end, "module '" + head + "' has no function '" + f.name + "'" + staticMethodHint(cx, cx.mod.imports.get(head), f.name));
      checkArgs(cx, c, 0);
      return tError;
    }
    if (cx.program.genericTypes.has(head)) {
      if (cx.program.genericMethods.has(head + "." + f.name)) return genericAssocCall(cx, c, f, head, expected);
      return genericVariantCall(cx, c, f, head, expected);
    }
    if (cx.program.types.has(head)) {
      const t = cx.program.types.get(head);
      obj.ty = t;
      if (t.isError) {
        // A type name two files both declare: reported once where it is declared.
        for (let i = 0; i < c.args.length; i++) check(cx, c.args[i], null);
        return tError;
      }
      // Enum constructor: `Shape.Circle(1.0)`.
      if (t.kind == TyK.Enum && t.variantIndex(f.name) >= 0) {
        const v = t.variantIndex(f.name);
        const payload = t.variants[v].payload;
        c.variant = v;
        if (payload.length != c.args.length) {
          errAt(cx, "E0410", c, "variant " + t.name + "." + f.name + " takes " + payload.length.toString() + " value(s), found " + c.args.length.toString());
        }
        for (let i = 0; i < c.args.length; i++) {
          if (i < payload.length) expectType(cx, c.args[i], payload[i], "payload of " + t.name + "." + f.name);
          else check(cx, c.args[i], null);
        }
        return t;
      }
      // Associated function: `Point.new(1, 2)`.
      const key = t.name + "." + f.name;
      if (cx.program.funcs.has(key)) {
        const fn = cx.program.funcs.get(key);
        if (fn.hasSelf) errAt(cx, "E0407", f, "'" + f.name + "' is a method; call it on a value");
        return callFn(cx, c, fn, c.args, 0);
      }
      err(cx, "E0406", f.end - f.name.length, f.end, "type " + t.name + " has no " + (t.kind == TyK.Enum ? "variant or " : "") + "function '" + f.name + "'");
      checkArgs(cx, c, 0);
      return tError;
    }
    if (head == "std") {
      errAt(cx, "E0251", obj, "import the module first, e.g. 'import std." + f.name + "'");
      checkArgs(cx, c, 0);
      return tError;
    }
  }
  const t = check(cx, obj, null);
  if (t.isError) { checkArgs(cx, c, 0); return tError; }
  c.isMethod = true;
  const key = t.name + "." + f.name;
  if (t.base != "" && !cx.program.funcs.has(key)) {
    const saved = cx.program.typeEnv;
    cx.program.instantiateMethod(t, f.name);
    cx.program.typeEnv = saved;
  }
  if (!cx.program.funcs.has(key) && cx.program.generics.has(key) && cx.program.generics.get(key).self !== null) {
    return callGeneric(cx, c, cx.program.generics.get(key), expected);
  }
  if (cx.program.funcs.has(key)) {
    const fn = cx.program.funcs.get(key);
    if (!fn.hasSelf) errAt(cx, "E0408", f, "'" + f.name + "' has no 'self' parameter; call it as '" + t.name + "." + f.name + "(...)'");
    if (fn.mutSelf) checkMutablePlace(cx, obj, f.name);
    return callFn(cx, c, fn, c.args, fn.hasSelf ? 1 : 0);
  }
  if ((t.kind == TyK.Struct || t.kind == TyK.Tuple) && t.fieldIndex(f.name) >= 0 && t.elems[t.fieldIndex(f.name)].kind == TyK.Func) {
    // `s.f(x)` where the field f holds a function.
    c.isMethod = false;
    const ft = check(cx, f, null);
    return callValue(cx, c, ft, "'" + f.name + "'");
  }
  if (t.kind == TyK.Array || t.kind == TyK.Str) {
    const m = f.name;
    if (m == "len") return builtinMethod(cx, c, "#len", 0, tI64);
    if (t.kind == TyK.Array) {
      const elem = t.elem!;
      if (m == "push") {
        c.target = "#push";
        if (c.args.length != 1) errAt(cx, "E0500", c, "'push' takes 1 argument, found " + c.args.length.toString());
        else expectType(cx, c.args[0], elem, "argument of 'push'");
        checkMutablePlace(cx, obj, "push");
        return tUnit;
      }
      if (m == "pop") {
        checkMutablePlace(cx, obj, "pop");
        return builtinMethod(cx, c, "#pop", 0, elem);
      }
    }
  }
  const listLike = t.kind == TyK.Array || t.kind == TyK.Str;
  const hint = isOption(t) || isResult(t) ? optionMethodHint(f.name, isResult(t)) : foreignMethodHint(f.name, listLike);
  err(cx, "E0405", f.end - f.name.length, f.end, "type " + t.name + " has no method '" + f.name + "'" + hint);
  checkArgs(cx, c, 0);
  return tError;
}

/** "Map" for the method key "Map.new" and name "new"; "" when the key is not a type's method of that name. */
function ownerOf(key: string, name: string): string {
  if (!key.endsWith("." + name)) return "";
  const owner = key.substring(0, key.length - name.length - 1);
  if (owner.length == 0 || owner.includes(".") || owner.charCodeAt(0) < 65 || owner.charCodeAt(0) > 90) return "";
  return owner;
}
