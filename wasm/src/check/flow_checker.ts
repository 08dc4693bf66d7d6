import { CallExpr, FieldExpr, IdentExpr, BlockExpr, EK, Expr, IfExpr, LoopExpr, MatchExpr, RangeExpr, Stmt, UnaryLikeExpr } from "../syntax/ast";
import { check, expectType } from "./dispatch";
import { checkExhaustive, checkPattern } from "./patterns";
import { resultFromUses, valueOf, wrapCall } from "./result_inference";
import { declareLocal, popScope, pushScope } from "./scope";
import { CheckState, err, errAt } from "./state";
import { assignable, isResult, resultOf, tBool, tError, tNever, tUnit, TyK, Type } from "./types";

// Blocks, statements, branches, loops, and the jumps out of them.

/** `return`: in a closure whose result type is being inferred, one of the types it is inferred from. */
export function checkReturn(cx: CheckState, e: Expr, expected: Type | null): Type {
  const r = e as UnaryLikeExpr;
  const nc = cx.closures.length;
  if (nc > 0 && cx.closures[nc - 1].inferring) {
    // In a closure without a result type: the returns take part in inferring it.
    const ctx = cx.closures[nc - 1];
    ctx.returnAt.push(r.value !== null ? r.value! : r);
    ctx.returnTypes.push(r.value !== null ? check(cx, r.value!, null) : tUnit);
    return tNever;
  }
  if (r.value !== null) {
    const t = check(cx, r.value!, cx.fn.ret);
    if (!assignable(t, cx.fn.ret)) {
      errAt(cx, "E0300", r.value!, "return value: expected " + cx.fn.ret.name + ", found " + t.name);
    }
  } else if (cx.fn.ret.kind != TyK.Unit && !cx.fn.ret.isError) {
    errAt(cx, "E0302", e, "missing return value of type " + cx.fn.ret.name);
  }
  return tNever;
}

export function checkBreak(cx: CheckState, e: Expr, expected: Type | null): Type {
  const b = e as UnaryLikeExpr;
  const depth = cx.loopBreaks.length;
  if (depth == 0) {
    errAt(cx, "E0600", e, "'break' outside of a loop");
    if (b.value !== null) check(cx, b.value!, null);
    return tNever;
  }
  cx.loopBreaks[depth - 1] = true;
  const prev = cx.loopValues[depth - 1];
  if (b.value !== null) {
    const t = check(cx, b.value!, prev.kind == TyK.Never ? null : prev);
    if (!cx.loopIsLoop[depth - 1]) errAt(cx, "E0601", b.value!, "only 'loop' can break with a value");
    else cx.loopValues[depth - 1] = join(cx, prev, t, b.value!, "'break' values");
  } else if (prev.kind != TyK.Never && prev.kind != TyK.Unit && !prev.isError) {
    errAt(cx, "E0601", e, "this loop breaks with a value of type " + prev.name + " elsewhere");
  } else cx.loopValues[depth - 1] = tUnit;
  return tNever;
}

export function checkContinue(cx: CheckState, e: Expr, expected: Type | null): Type {
  if (cx.loopBreaks.length == 0) errAt(cx, "E0600", e, "'continue' outside of a loop");
  return tNever;
}

export function checkBlock(cx: CheckState, b: BlockExpr, expected: Type | null): Type {
  pushScope(cx);
  let diverges = false;
  for (let i = 0; i < b.stmts.length; i++) {
    const s = b.stmts[i];
    // `let r = Ok(3)`: the Result type from the first later use that fixes it.
    const hint = s.isLet && s.type === null && s.expr !== null ? resultFromUses(cx, s, b, i, expected) : null;
    if (checkStmt(cx, s, hint)) diverges = true;
  }
  let t: Type = diverges ? tNever : tUnit;
  if (b.tail !== null) {
    const tt = check(cx, b.tail!, expected);
    t = diverges && tt.kind == TyK.Unit ? tNever : tt;
  }
  popScope(cx);
  return t;
}

/** Returns true when the statement never completes (return, panic, ...). */
export function checkStmt(cx: CheckState, s: Stmt, hint: Type | null = null): bool {
  if (!s.isLet) {
    const t = check(cx, s.expr!, null);
    return t.kind == TyK.Never;
  }
  let declared: Type | null = s.type !== null ? cx.program.resolveType(s.type, cx.mod, null) : null;
  let t: Type = tError;
  if (s.expr !== null) {
    t = check(cx, s.expr!, declared !== null ? declared : hint);
    if (declared !== null && !assignable(t, declared)) {
      errAt(cx, "E0300", s.expr!, "expected " + declared.name + ", found " + t.name);
    }
  }
  let ty = declared !== null ? declared : t;
  if (ty.kind == TyK.Never) {
    // `let x = return 1` has nothing to give `x` a type (its uses would be garbage); with a written type it is fine.
    if (s.names.length == 0 && s.name != "_") errAt(cx, "E0306", s.expr!, "'" + s.name + "' never gets a value: this expression never produces one; write its type ('let " + s.name + ": T = ...') if that is intended");
    ty = tError;
  }
  if (ty.kind == TyK.Unit && s.expr !== null && declared === null) {
    if (s.expr!.kind == EK.If && (s.expr! as IfExpr).otherwise === null) err(cx, "E0305", s.expr!.start, s.expr!.start + 2, "'if' without 'else' has no value");
    else errAt(cx, "E0306", s.expr!, "this expression has no value to store");
    ty = tError;
  }
  if (s.names.length > 0) {
    if (t.kind == TyK.Never && s.expr !== null) errAt(cx, "E0306", s.expr!, "nothing to destructure: this expression never produces a value");
    if (ty.kind != TyK.Tuple || ty.elems.length != s.names.length) {
      if (!ty.isError && s.expr !== null) errAt(cx, "E0307", s.expr!, "cannot destructure " + ty.name + " into " + s.names.length.toString() + " names" + destructureHint(ty, s.names.length));
      for (let i = 0; i < s.names.length; i++) declareLocal(cx, s.names[i], tError, s.mutable);
    } else {
      s.local = declareLocal(cx, "$tuple", ty, false);
      for (let i = 0; i < s.names.length; i++) declareLocal(cx, s.names[i], ty.elems[i], s.mutable);
    }
    return false;
  }
  s.local = declareLocal(cx, s.name, ty, s.mutable);
  return t.kind == TyK.Never;
}

export function checkIf(cx: CheckState, e: IfExpr, expected: Type | null): Type {
  expectType(cx, e.cond, tBool, "condition of 'if'");
  if (expected === null && e.otherwise !== null) expected = resultHint(cx, null, [e.then, e.otherwise!], tError);
  const thenT = check(cx, e.then, e.otherwise !== null ? expected : null);
  if (e.otherwise === null) return tUnit;
  const elseT = check(cx, e.otherwise!, thenT.kind == TyK.Never ? expected : thenT);
  return join(cx, thenT, elseT, e.otherwise!, "'if' and 'else' branches");
}

/**
 * The Result type of arms or branches that are `Ok(x)` / `Err(e)`, from the
 * other arms: one whose value is already a Result (a call, a name), or the
 * payloads of an `Ok` and an `Err` together. A trial check whose
 * diagnostics are dropped; the real check follows with the type found.
 */
export function resultHint(cx: CheckState, m: MatchExpr | null, bodies: Expr[], st: Type): Type | null {
  let wraps = 0;
  for (let i = 0; i < bodies.length; i++) if (wrapCall(bodies[i]) !== null) wraps++;
  if (wraps == 0) return null;
  const mark = cx.diags.list.length;
  let ok: Type | null = null;
  let err: Type | null = null;
  let full: Type | null = null;
  for (let i = 0; i < bodies.length && full === null; i++) {
    if (m !== null) {
      pushScope(cx);
      checkPattern(cx, m.arms[i].pattern, st);
    }
    const w = wrapCall(bodies[i]);
    if (w !== null) {
      const t = check(cx, w.args[0], null);
      const isOk = (w.callee as IdentExpr).name == "Ok";
      if (!t.isError && t.kind != TyK.Never) {
        if (isOk && ok === null) ok = t;
        if (!isOk && err === null) err = t;
      }
    } else if (valueOf(bodies[i]).kind == EK.Call || valueOf(bodies[i]).kind == EK.Ident) {
      const t = check(cx, valueOf(bodies[i]), null);
      if (isResult(t)) full = t;
    }
    if (m !== null) popScope(cx);
  }
  cx.diags.list.length = mark;
  if (full !== null) return full;
  if (ok !== null && err !== null) return resultOf(ok!, err!);
  return null;
}

export function join(cx: CheckState, a: Type, b: Type, at: Expr, what: string): Type {
  if (a.kind == TyK.Never) return b;
  if (b.kind == TyK.Never) return a;
  if (a.isError || b.isError) return tError;
  if (a != b) {
    // A branch ending in a call that returns a value (`xs.pop()`) where the others give nothing.
    const unused = a.kind == TyK.Unit || b.kind == TyK.Unit ? "; if the value is not needed, write 'let _ = ...' for the expression that gives it" : "";
    errAt(cx, "E0304", at, what + " have different types: " + a.name + " and " + b.name + unused);
    return tError;
  }
  return a;
}

export function checkLoop(cx: CheckState, l: LoopExpr): Type {
  pushScope(cx);
  if (l.kind == EK.While) expectType(cx, l.cond!, tBool, "condition of 'while'");
  if (l.kind == EK.For) {
    const iter = l.iter!;
    let elem: Type = tError;
    if (iter.kind == EK.Range) {
      const r = iter as RangeExpr;
      const lt = check(cx, r.lo, null);
      const ht = check(cx, r.hi, lt.isInt ? lt : null);
      if (r.lo.kind == EK.Int && ht.isInt && ht != lt) check(cx, r.lo, ht);
      const t = r.lo.ty!;
      if (!t.isError && !t.isInt) errAt(cx, "E0311", r.lo, "a range needs integers, found " + t.name);
      else if (!ht.isError && ht != t) errAt(cx, "E0300", r.hi, "range end: expected " + t.name + ", found " + ht.name);
      r.ty = t;
      elem = t.isInt ? t : tError;
    } else {
      let t = check(cx, iter, null);
      // `for (k, v) in m` over a Map walks m.entries(); `for x in s` over a Set walks s.items().
      if (t.base == "Map" || t.base == "Set") {
        const field = new FieldExpr(EK.Field, iter.start, iter.end);
        field.object = iter;
        field.name = t.base == "Map" ? "entries" : "items";
        const call = new CallExpr(EK.Call, iter.start, iter.end);
        call.callee = field;
        l.iter = call;
        t = check(cx, call, null);
      }
      if (t.kind == TyK.Array) elem = t.elem!;
      else if (t.kind == TyK.Str) errAt(cx, "E0316", iter, "cannot iterate over str; loop over its bytes with 'for i in 0..len(s)' and 's[i]' (a u8), or over 'str.split(s, sep)'");
      else if (!t.isError) errAt(cx, "E0316", iter, "cannot iterate over " + t.name + "; use an array or a range like 0..n");
    }
    l.local = declareLocal(cx, l.varName, elem, false);
  }
  cx.loopBreaks.push(false);
  cx.loopValues.push(tNever);
  cx.loopIsLoop.push(l.kind == EK.Loop);
  check(cx, l.body, null);
  const broke = cx.loopBreaks.pop();
  const value = cx.loopValues.pop();
  cx.loopIsLoop.pop();
  popScope(cx);
  // `loop` without `break` never finishes; the code after it is unreachable.
  if (l.kind == EK.Loop && !broke) return tNever;
  if (l.kind == EK.Loop && value.kind != TyK.Never) return value;
  return tUnit;
}

export function checkMatch(cx: CheckState, m: MatchExpr, expected: Type | null): Type {
  const st = check(cx, m.scrutinee, null);
  if (st.kind == TyK.Never) errAt(cx, "E0306", m.scrutinee, "the matched expression needs a value, but this one never produces one");
  if (expected === null) {
    const bodies: Expr[] = [];
    for (let i = 0; i < m.arms.length; i++) bodies.push(m.arms[i].body);
    expected = resultHint(cx, m, bodies, st);
  }
  let result: Type = tNever;
  for (let i = 0; i < m.arms.length; i++) {
    const arm = m.arms[i];
    pushScope(cx);
    checkPattern(cx, arm.pattern, st);
    if (arm.guard !== null) expectType(cx, arm.guard!, tBool, "match guard");
    const t = check(cx, arm.body, result.kind == TyK.Never ? expected : result);
    result = join(cx, result, t, arm.body, "match arms");
    popScope(cx);
  }
  if (!st.isError && !m.recovered) checkExhaustive(cx, m, st);
  if (m.arms.length == 0) return tNever;
  return result;
}

/** What to write instead of `let (a, b) = v` for a `v` that is not a tuple of that many parts. */
function destructureHint(t: Type, names: i32): string {
  if (t.kind == TyK.Tuple) return ": the tuple has " + t.elems.length.toString() + " parts";
  if (t.kind == TyK.Array) return ": only a tuple can be taken apart, an array's length is known only at run time; index it ('xs[0]')";
  if (t.kind == TyK.Struct) return ": a struct is taken apart by its field names ('let " + (t.base.length > 0 ? t.base : t.name) + " { " + t.fieldNames.join(", ") + " } = v')";
  return "";
}
