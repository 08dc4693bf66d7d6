import { IdentExpr, TK, TypeExpr } from "../syntax/ast";
import { CheckState, errAt } from "./state";
import { arrayOf, fnOf, isOption, isResult, optionOf, tError, tUnit, TyK, Type } from "./types";

// Binding a generic declaration's type parameters: from explicit type
// arguments, and by matching its written parameter types against the types
// of the values given.

/** Binds `make<i64>()`'s explicit type arguments; false after reporting a wrong count or an unknown type. */
export function explicitTypeArgs(cx: CheckState, id: IdentExpr, name: string, params: string[], env: Map<string, Type>): bool {
  const given = id.typeArgs;
  if (given.length == 0) return true;
  if (given.length != params.length) {
    errAt(cx, "E0320", id, "'" + name + "' takes " + params.length.toString() + " type argument(s), found " + given.length.toString());
    return false;
  }
  for (let i = 0; i < given.length; i++) {
    const saved = cx.program.typeEnv;
    const t = cx.program.resolveType(given[i], cx.mod, null);
    cx.program.typeEnv = saved;
    if (t.isError) return false;
    env.set(params[i], t);
  }
  return true;
}

/** The type a parameter requires once its type variables are bound, or null while some are free. */
export function bound(cx: CheckState, te: TypeExpr, params: string[], env: Map<string, Type>): Type | null {
  if (te.kind == TK.Named && params.includes(te.name)) return env.has(te.name) ? env.get(te.name) : null;
  if (te.kind == TK.Array) {
    const e = bound(cx, te.args[0], params, env);
    return e === null ? null : arrayOf(e!);
  }
  if (te.kind == TK.Optional) {
    const e = bound(cx, te.args[0], params, env);
    return e === null ? null : optionOf(e!);
  }
  if (te.kind == TK.Func) {
    const ps = boundAll(cx, te.args, params, env);
    if (ps === null) return null;
    let r: Type = tUnit;
    if (te.ret !== null) {
      const rb = bound(cx, te.ret!, params, env);
      if (rb === null) return null;
      r = rb!;
    }
    return fnOf(ps!, r);
  }
  if (te.kind == TK.Named && te.args.length > 0 && cx.program.genericTypes.has(te.name)) {
    const args = boundAll(cx, te.args, params, env);
    return args === null ? null : cx.program.instantiateType(te.name, args!);
  }
  if (te.kind == TK.Named && te.args.length == 0) {
    const saved = cx.program.typeEnv;
    const t = cx.program.resolveType(te, cx.mod, null);
    cx.program.typeEnv = saved;
    return t;
  }
  return null;
}

/** A function type with the bound parameter types of `te` and an unknown (error) result, or null. */
export function boundParams(cx: CheckState, te: TypeExpr, params: string[], env: Map<string, Type>): Type | null {
  const ps = boundAll(cx, te.args, params, env);
  return ps === null ? null : fnOf(ps!, tError);
}

/** `bound` of each type expression, or null when any is still free. */
export function boundAll(cx: CheckState, list: TypeExpr[], params: string[], env: Map<string, Type>): Type[] | null {
  const out: Type[] = [];
  for (let i = 0; i < list.length; i++) {
    const t = bound(cx, list[i], params, env);
    if (t === null) return null;
    out.push(t!);
  }
  return out;
}

export function unify(cx: CheckState, te: TypeExpr, t: Type, params: string[], env: Map<string, Type>): bool {
  if (te.kind == TK.Func) {
    if (t.kind != TyK.Func || t.elems.length != te.args.length) return false;
    for (let i = 0; i < te.args.length; i++) if (!unify(cx, te.args[i], t.elems[i], params, env)) return false;
    if (te.ret === null) return t.elem! == tUnit;
    return unify(cx, te.ret!, t.elem!, params, env);
  }
  if (te.kind == TK.Named && params.includes(te.name)) {
    if (env.has(te.name)) return env.get(te.name) == t;
    env.set(te.name, t);
    return true;
  }
  if (te.kind == TK.Array) return t.kind == TyK.Array && unify(cx, te.args[0], t.elem!, params, env);
  if (te.kind == TK.Named && te.args.length > 0 && t.base == te.name && t.typeArgs.length == te.args.length) {
    for (let i = 0; i < te.args.length; i++) if (!unify(cx, te.args[i], t.typeArgs[i], params, env)) return false;
    return true;
  }
  if (te.kind == TK.Optional) return isOption(t) && unify(cx, te.args[0], t.elem!, params, env);
  if (te.kind == TK.Named && te.name == "Result" && te.args.length == 2) {
    return isResult(t) && unify(cx, te.args[0], t.variants[0].payload[0], params, env) &&
      unify(cx, te.args[1], t.variants[1].payload[0], params, env);
  }
  if (te.kind == TK.Tuple) {
    if (t.kind != TyK.Tuple || t.elems.length != te.args.length) return false;
    for (let i = 0; i < te.args.length; i++) if (!unify(cx, te.args[i], t.elems[i], params, env)) return false;
    return true;
  }
  const b = bound(cx, te, params, env);
  return b !== null && b == t;
}
