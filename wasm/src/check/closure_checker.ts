import { BlockExpr, ClosureExpr, EK, FnInfo } from "../syntax/ast";
import { check } from "./dispatch";
import { declareLocal, popScope, pushScope } from "./scope";
import { CheckState, ClosureCtx, err, errAt } from "./state";
import { assignable, fnOf, tError, tUnit, TyK, Type } from "./types";

/**
 * `|x: i64| x + k`: parameter types come from the annotation or from the
 * expected function type; the result from `-> T`, the expected type or
 * the body. The body is checked as a function of its own whose names from
 * the enclosing code are captured (see `lookup` in scope.ts).
 */
export function checkClosure(cx: CheckState, c: ClosureExpr, expected: Type | null): Type {
  const want: Type | null = expected !== null && expected.kind == TyK.Func && expected.elems.length == c.params.length ? expected : null;
  const info = new FnInfo("closure", cx.fn.decl, cx.mod);
  let bad = false;
  for (let i = 0; i < c.params.length; i++) {
    const p = c.params[i];
    let t: Type = tError;
    if (p.type !== null) t = cx.program.resolveType(p.type, cx.mod, null);
    else if (want !== null) t = want.elems[i];
    else if (expected !== null && expected.kind == TyK.Func) {
      if (!bad) errAt(cx, "E0503", c, "expected " + expected.name + ", found a closure with " + c.params.length.toString() + " parameter" + (c.params.length == 1 ? "" : "s"));
    } else err(cx, "E0502", p.start, p.end, "cannot infer the type of closure parameter '" + p.name + "'; write it, e.g. '|" + p.name + ": i64|'");
    if (t.isError) bad = true;
    info.params.push(t);
  }
  let ret: Type | null = null;
  if (c.ret !== null) ret = cx.program.resolveType(c.ret, cx.mod, null);
  else if (want !== null && !want.elem!.isError) ret = want.elem;
  const fn = cx.fn, breaks = cx.loopBreaks, values = cx.loopValues, isLoop = cx.loopIsLoop;
  cx.fn = info;
  cx.loopBreaks = [];
  cx.loopValues = [];
  cx.loopIsLoop = [];
  const ctx = new ClosureCtx(c, cx.scopes.length);
  ctx.inferring = ret === null;
  cx.closures.push(ctx);
  pushScope(cx);
  const own = cx.scopes[cx.scopes.length - 1];
  for (let i = 0; i < c.params.length; i++) {
    const p = c.params[i];
    if (own.has(p.name)) err(cx, "E0207", p.start, p.end, "parameter '" + p.name + "' is declared twice");
    info.paramLocals.push(declareLocal(cx, p.name, info.params[i], false));
  }
  info.ret = ret !== null ? ret! : tError;
  const bt = check(cx, c.body, ret);
  if (ret !== null) {
    if (!assignable(bt, ret!) && ret!.kind != TyK.Unit) {
      const tail = c.body.kind == EK.Block ? (c.body as BlockExpr).tail : null;
      errAt(cx, "E0300", tail !== null ? tail! : c.body, "closure result: expected " + ret!.name + ", found " + bt.name);
    }
  } else {
    // The body's value and every `return` must agree.
    let r: Type | null = bt.kind == TyK.Never ? null : bt;
    for (let i = 0; i < ctx.returnTypes.length; i++) {
      const t = ctx.returnTypes[i];
      if (t.kind == TyK.Never) continue;
      if (r === null) r = t;
      else if (!r!.isError && !t.isError && t != r!) errAt(cx, "E0300", ctx.returnAt[i], "return value: expected " + r!.name + ", found " + t.name);
    }
    ret = r !== null ? r! : tUnit;
  }
  info.ret = ret!;
  popScope(cx);
  cx.closures.pop();
  cx.fn = fn;
  cx.loopBreaks = breaks;
  cx.loopValues = values;
  cx.loopIsLoop = isLoop;
  c.info = info;
  c.source = cx.source;
  if (bad || ret!.isError) return tError;
  return fnOf(info.params, ret!);
}
