import { CallExpr, DK, EK, EnumDecl, FieldExpr, FnDecl, IdentExpr, StructDecl, StructLitExpr, TypeExpr, VariantDecl, TK } from "../syntax/ast";
import { checkStructLitAs } from "./aggregate_checker";
import { callFn, checkArgs, takesArguments } from "./call_args";
import { check, expectType } from "./dispatch";
import { MAX_GENERIC_INSTANCES } from "./budget";
import { GenericFn, instanceKey } from "./program";
import { checkMutablePlace } from "./scope";
import { CheckState, err, errAt } from "./state";
import { bound, boundParams, explicitTypeArgs, unify } from "./type_binding";
import { tError, Type } from "./types";

// Uses of generic functions and generic types: calls that create an
// instance, and variants, literals and associated functions of a generic
// type whose type arguments come from the context or the values given.

// Deeper chains of generic instances than any program needs; a type argument
// longer than this (as written) is a sign of polymorphic recursion, and the
// next level would double it.
const MAX_INSTANCE_DEPTH: i32 = 48;
const MAX_TYPE_ARG_LENGTH: i32 = 512;

/**
 * Whether the instance of `g` for `args` may be created: a generic function
 * that calls itself with ever larger type arguments (polymorphic recursion,
 * `f((x, x))` in `f<T>(x: T)`) would create instances without end, each
 * type twice the size of the last. Both the chain of instantiations and
 * the size of a type argument are bounded, and the call that would cross
 * the bound gets the error.
 */
export function instanceWithinLimits(cx: CheckState, c: CallExpr, g: GenericFn, args: Type[]): bool {
  const key = instanceKey(g, args);
  if (g.instances.has(key)) return true;
  const budget = cx.program.budget;
  if (!budget.instanceFits()) {
    // Reported once: every later new instance would say the same.
    if (!budget.exhausted) {
      budget.exhausted = true;
      errAt(cx, "E0505", c, "generic instantiations exceeded " + MAX_GENERIC_INSTANCES.toString() + ": " + shorten(key) +
        " instantiated from here (in '" + shorten(cx.fn.name) + "'); calls that pass each generic call several distinct types multiply the copies: " +
        "give them fewer distinct type arguments or make the parameters concrete");
    }
    return false;
  }
  let longest = "";
  for (let i = 0; i < args.length; i++) if (args[i].name.length > longest.length) longest = args[i].name;
  if (cx.fn.instanceDepth < MAX_INSTANCE_DEPTH && longest.length <= MAX_TYPE_ARG_LENGTH) return true;
  const shown = shorten(longest);
  errAt(cx, "E0504", c, "generic instantiation too deep: '" + g.decl.name + "' would be instantiated for " + shown +
    "; a generic function that calls itself with ever larger type arguments never ends: give the recursive call the same type arguments");
  return false;
}

/** A type or instance name cut to a length a message can show. */
function shorten(name: string): string {
  return name.length > 60 ? name.substring(0, 57) + "..." : name;
}

/**
 * A call of a generic function: the type arguments are the explicit ones
 * (`make<i64>()`), else inferred from the arguments in order (a later
 * literal adopts a type bound earlier), then from the type the context
 * expects of the result; the matching instance is created on first use.
 */
export function callGeneric(cx: CheckState, c: CallExpr, g: GenericFn, expected: Type | null): Type {
  const d = g.decl;
  const env = new Map<string, Type>();
  if (c.callee.kind == EK.Ident && !explicitTypeArgs(cx, c.callee as IdentExpr, d.name, d.typeParams, env)) {
    checkArgs(cx, c, 0);
    return tError;
  }
  // A generic method's receiver is the call's object, not an argument.
  const skip = g.self !== null && d.params.length > 0 && d.params[0].isSelf ? 1 : 0;
  if (c.args.length != d.params.length - skip) {
    errAt(cx, "E0500", c.callee, takesArguments("'" + d.name + "'", d.params.length - skip, c.args.length));
    checkArgs(cx, c, 0);
    return tError;
  }
  for (let i = 0; i < c.args.length; i++) {
    const te = d.params[i + skip].type;
    let want = te !== null ? bound(cx, te!, d.typeParams, env) : null;
    // A closure argument needs only its parameter types; its result binds the rest.
    if (want === null && te !== null && te!.kind == TK.Func && c.args[i].kind == EK.Closure) want = boundParams(cx, te!, d.typeParams, env);
    const t = check(cx, c.args[i], want);
    if (t.isError) return tError;
    if (te !== null && !unify(cx, te!, t, d.typeParams, env)) {
      errAt(cx, "E0501", c.args[i], "argument " + (i + 1).toString() + " of '" + d.name + "' does not fit its generic parameter type (found " + t.name + ")");
      return tError;
    }
  }
  // Type parameters only the result mentions come from the expected type: `let m: Map<str, i64> = map.new()`.
  if (expected !== null && d.ret !== null && env.size < d.typeParams.length) unify(cx, d.ret!, expected!, d.typeParams, env);
  const args: Type[] = [];
  for (let i = 0; i < d.typeParams.length; i++) {
    if (!env.has(d.typeParams[i])) {
      errAt(cx, "E0502", c.callee, "cannot infer the type parameter " + d.typeParams[i] + " of '" + d.name + "'; write it, e.g. '" +
        d.name + "<i64>(...)', or give the result a type");
      return tError;
    }
    args.push(env.get(d.typeParams[i]));
  }
  if (!instanceWithinLimits(cx, c, g, args)) return tError;
  const savedEnv = cx.program.typeEnv;
  const isNew = !g.instances.has(instanceKey(g, args));
  const f = cx.program.instantiate(g, args);
  cx.program.typeEnv = savedEnv;
  if (f === null) return tError;
  if (isNew) f.instanceDepth = cx.fn.instanceDepth + 1;
  c.target = f.name;
  if (skip == 1 && f.mutSelf) checkMutablePlace(cx, (c.callee as FieldExpr).object, (c.callee as FieldExpr).name);
  return f.ret;
}

/** `Tree.Leaf` of a generic enum: the type arguments come from the context. */
export function genericUnitVariant(cx: CheckState, f: FieldExpr, expected: Type | null): Type {
  const head = (f.object as IdentExpr).name;
  if (expected === null || expected.base != head) {
    errAt(cx, "E0502", f, "cannot infer the type arguments of " + head + "; write the type, e.g. 'let x: " + head + "<i64> = ...'");
    return tError;
  }
  const t = expected!;
  f.object.ty = t;
  const v = t.variantIndex(f.name);
  if (v < 0) { err(cx, "E0409", f.end - f.name.length, f.end, "enum " + t.name + " has no variant '" + f.name + "'"); return tError; }
  if (t.variants[v].payload.length > 0) errAt(cx, "E0410", f, "variant " + head + "." + f.name + " needs " + t.variants[v].payload.length.toString() + " value(s) in parentheses");
  f.index = v;
  f.isVariant = true;
  return t;
}

/** A literal of a generic struct: its type from the context, or inferred from the field values. */
export function genericStructLit(cx: CheckState, s: StructLitExpr, expected: Type | null): Type {
  if (expected !== null && expected.base == s.name) return checkStructLitAs(cx, s, expected);
  const d = cx.program.genericTypes.get(s.name);
  if (d.kind != DK.Struct) {
    err(cx, "E0404", s.start, s.start + s.name.length, "'" + s.name + "' is not a struct");
    return tError;
  }
  const sd = d as StructDecl;
  const env = new Map<string, Type>();
  for (let i = 0; i < s.fieldNames.length; i++) {
    let te: TypeExpr | null = null;
    for (let j = 0; j < sd.fields.length; j++) if (sd.fields[j].name == s.fieldNames[i]) te = sd.fields[j].type;
    const want = te !== null ? bound(cx, te!, d.typeParams, env) : null;
    const t = check(cx, s.values[i], want);
    if (t.isError) return tError;
    if (te !== null) unify(cx, te!, t, d.typeParams, env);
  }
  const args: Type[] = [];
  for (let i = 0; i < d.typeParams.length; i++) {
    if (!env.has(d.typeParams[i])) {
      err(cx, "E0502", s.start, s.start + s.name.length, "cannot infer the type parameter " + d.typeParams[i] + " of " + s.name + "; write the type, e.g. 'let x: " + s.name + "<i64> = ...'");
      return tError;
    }
    args.push(env.get(d.typeParams[i]));
  }
  return checkStructLitAs(cx, s, cx.program.instantiateType(s.name, args));
}

/** `Tree.Node(l, v, r)` of a generic enum: from the context, or inferred from the payload. */
export function genericVariantCall(cx: CheckState, c: CallExpr, f: FieldExpr, head: string, expected: Type | null): Type {
  const d = cx.program.genericTypes.get(head);
  let t: Type | null = expected !== null && expected.base == head ? expected : null;
  if (t === null && d.kind == DK.Enum) {
    const ed = d as EnumDecl;
    let vd: VariantDecl | null = null;
    for (let i = 0; i < ed.variants.length; i++) if (ed.variants[i].name == f.name) vd = ed.variants[i];
    if (vd !== null && vd.payload.length == c.args.length) {
      const env = new Map<string, Type>();
      let ok = true;
      for (let i = 0; i < c.args.length; i++) {
        const want = bound(cx, vd.payload[i], d.typeParams, env);
        const at = check(cx, c.args[i], want);
        if (at.isError || !unify(cx, vd.payload[i], at, d.typeParams, env)) ok = false;
      }
      const args: Type[] = [];
      for (let i = 0; i < d.typeParams.length; i++) {
        if (!env.has(d.typeParams[i])) ok = false;
        else args.push(env.get(d.typeParams[i]));
      }
      if (ok) t = cx.program.instantiateType(head, args);
    }
  }
  if (t === null) {
    errAt(cx, "E0502", c, "cannot infer the type arguments of " + head + "; write the type, e.g. 'let x: " + head + "<i64> = ...'");
    return tError;
  }
  const ty = t!;
  f.object.ty = ty;
  const v = ty.variantIndex(f.name);
  if (v < 0) {
    err(cx, "E0409", f.end - f.name.length, f.end, "enum " + ty.name + " has no variant '" + f.name + "'");
    return tError;
  }
  const payload = ty.variants[v].payload;
  c.variant = v;
  if (payload.length != c.args.length) {
    errAt(cx, "E0410", c, "variant " + head + "." + f.name + " takes " + payload.length.toString() + " value(s), found " + c.args.length.toString());
    return ty;
  }
  for (let i = 0; i < c.args.length; i++) expectType(cx, c.args[i], payload[i], "payload of " + head + "." + f.name);
  return ty;
}

/**
 * `Stack.new()` on a generic type: an associated function of the instance
 * the context expects (`let s: Stack<i64> = Stack.new()`), or of the one
 * its arguments give (`Stack.of(1)`).
 */
export function genericAssocCall(cx: CheckState, c: CallExpr, f: FieldExpr, head: string, expected: Type | null): Type {
  let t: Type | null = expected !== null && expected.base == head ? expected : null;
  const impl = cx.program.genericMethods.get(head + "." + f.name);
  if (t === null) {
    let m: FnDecl | null = null;
    for (let i = 0; i < impl.methods.length; i++) if (impl.methods[i].name == f.name) m = impl.methods[i];
    const env = new Map<string, Type>();
    if (m !== null && m!.params.length == c.args.length) {
      for (let i = 0; i < c.args.length; i++) {
        const te = m!.params[i].type;
        if (te === null) continue;
        const at = check(cx, c.args[i], bound(cx, te!, impl.typeParams, env));
        if (at.isError) return tError;
        unify(cx, te!, at, impl.typeParams, env);
      }
    }
    const args: Type[] = [];
    for (let i = 0; i < impl.typeParams.length; i++) if (env.has(impl.typeParams[i])) args.push(env.get(impl.typeParams[i]));
    if (args.length < impl.typeParams.length) {
      errAt(cx, "E0502", c, "cannot infer the type arguments of " + head + "; write the type, e.g. 'let x: " + head + "<i64> = " + head + "." + f.name + "(...)'");
      checkArgs(cx, c, 0);
      return tError;
    }
    t = cx.program.instantiateType(head, args);
  }
  const ty = t!;
  f.object.ty = ty;
  const saved = cx.program.typeEnv;
  const fn = cx.program.instantiateMethod(ty, f.name);
  cx.program.typeEnv = saved;
  if (fn === null) { checkArgs(cx, c, 0); return tError; }
  if (fn.hasSelf) errAt(cx, "E0407", f, "'" + f.name + "' is a method; call it on a value");
  return callFn(cx, c, fn, c.args, 0);
}
