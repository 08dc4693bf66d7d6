import {
  BinaryExpr, BlockExpr, CallExpr, CastExpr, EK, Expr, FieldExpr, IdentExpr, IfExpr, IndexExpr, InterpExpr,
  ListExpr, LoopExpr, MatchExpr, RangeExpr, Stmt, StructLitExpr, UnaryExpr, UnaryLikeExpr, FnInfo,
} from "../syntax/ast";
import { Tok } from "../syntax/token";
import { check } from "./dispatch";
import { findFn, lookup } from "./scope";
import { CheckState } from "./state";
import { isResult, resultOf, Type } from "./types";

// `let r = Ok(3)` gives only half of a Result type; the other half comes from
// the first later use of `r` in the same block that fixes it: an argument of
// a function or method with a declared Result parameter, `return r`, `r?` in
// a function returning a Result (for `Ok`), the block's value where a Result
// is expected, `let s: Result<..> = r`, or an assignment `r = Err(e)` /
// `r = f()`. The uses are found by walking the statements that
// follow (not into closures, which are functions of their own); the only
// checking is of the wrapped values, as a trial whose diagnostics are dropped.

/** The expression a block reduces to when it holds nothing but a value. */
export function valueOf(e: Expr): Expr {
  if (e.kind != EK.Block) return e;
  const b = e as BlockExpr;
  return b.stmts.length == 0 && b.tail !== null ? valueOf(b.tail!) : e;
}

/** `Ok(x)` or `Err(e)` as the value of an arm or branch (alone or as the only thing in a block). */
export function wrapCall(x: Expr): CallExpr | null {
  const e = valueOf(x);
  if (e.kind != EK.Call) return null;
  const c = e as CallExpr;
  if (c.callee.kind != EK.Ident || c.args.length != 1) return null;
  const n = (c.callee as IdentExpr).name;
  return n == "Ok" || n == "Err" ? c : null;
}

function isName(e: Expr | null, name: string): bool {
  return e !== null && e.kind == EK.Ident && (e as IdentExpr).name == name;
}

/** The Result type for `s` (a `let name = Ok(x)` without a type), or null. */
export function resultFromUses(cx: CheckState, s: Stmt, block: BlockExpr, index: i32, expected: Type | null): Type | null {
  const w = wrapCall(s.expr!);
  if (w === null || s.names.length > 0) return null;
  const isOk = (w.callee as IdentExpr).name == "Ok";
  const known = trialType(cx, w.args[0]);
  cx.pendingKnown = known;
  let found: Type | null = null;
  for (let i = index + 1; i < block.stmts.length && found === null; i++) {
    const st = block.stmts[i];
    if (st.isLet && st.expr !== null && isName(st.expr, s.name) && st.type !== null) {
      found = cx.program.resolveType(st.type!, cx.mod, null);
    } else if (st.expr !== null) {
      found = useIn(cx, st.expr!, s.name, isOk);
    }
    if (st.isLet && (st.name == s.name || st.names.includes(s.name))) break;  // shadowed from here on
  }
  if (found === null && block.tail !== null) {
    if (isName(block.tail, s.name) && expected !== null && isResult(expected)) found = expected;
    else found = useIn(cx, block.tail!, s.name, isOk);
  }
  // A use that disagrees with the known half is reported by the real check, at the Ok/Err.
  return found !== null && isResult(found!) ? found : null;
}

/** The type of `e` checked on its own, or null when that fails. */
export function trialType(cx: CheckState, e: Expr): Type | null {
  const mark = cx.diags.list.length;
  const t = check(cx, e, null);
  const failed = cx.diags.list.length > mark;
  cx.diags.list.length = mark;
  return failed || t.isError ? null : t;
}

/** The first Result type a use of `name` inside `e` fixes, in source order. */
export function useIn(cx: CheckState, e: Expr, name: string, isOk: bool): Type | null {
  switch (e.kind) {
    case EK.Call: {
      const c = e as CallExpr;
      let named = false;
      for (let i = 0; i < c.args.length; i++) if (isName(c.args[i], name)) named = true;
      const f = named ? calleeOf(cx, c) : null;
      if (f !== null) {
        const skip = c.callee.kind == EK.Field && f.hasSelf ? 1 : 0;
        for (let i = 0; i < c.args.length && i + skip < f.params.length; i++) {
          if (isName(c.args[i], name) && isResult(f.params[i + skip])) return f.params[i + skip];
        }
      }
      return firstUse(cx, [c.callee], c.args, name, isOk);
    }
    case EK.Return: {
      const r = e as UnaryLikeExpr;
      if (isName(r.value, name) && cx.closures.length == 0 && isResult(cx.fn.ret)) return cx.fn.ret;
      return r.value !== null ? useIn(cx, r.value!, name, isOk) : null;
    }
    case EK.Assign: {
      const a = e as BinaryExpr;
      if (a.op == Tok.Eq && isName(a.left, name)) {
        const w = wrapCall(a.right);
        if (w !== null) {
          const otherOk = (w.callee as IdentExpr).name == "Ok";
          if (otherOk == isOk) return null;
          const t = trialType(cx, w.args[0]);
          return t === null ? null : completed(cx, t, otherOk);
        }
        const t = trialType(cx, a.right);
        return t !== null && isResult(t) ? t : null;
      }
      return firstUse(cx, [a.left, a.right], [], name, isOk);
    }
    case EK.Block: {
      const b = e as BlockExpr;
      const exprs: Expr[] = [];
      for (let i = 0; i < b.stmts.length; i++) if (b.stmts[i].expr !== null) exprs.push(b.stmts[i].expr!);
      if (b.tail !== null) exprs.push(b.tail!);
      return firstUse(cx, exprs, [], name, isOk);
    }
    case EK.Unary: return useIn(cx, (e as UnaryExpr).operand, name, isOk);
    case EK.Binary: return firstUse(cx, [(e as BinaryExpr).left, (e as BinaryExpr).right], [], name, isOk);
    case EK.Field: return useIn(cx, (e as FieldExpr).object, name, isOk);
    case EK.Index: return firstUse(cx, [(e as IndexExpr).object, (e as IndexExpr).index], [], name, isOk);
    case EK.Interp: return firstUse(cx, (e as InterpExpr).exprs, [], name, isOk);
    case EK.StructLit: return firstUse(cx, (e as StructLitExpr).values, [], name, isOk);
    case EK.ArrayLit: case EK.TupleLit: return firstUse(cx, (e as ListExpr).elems, [], name, isOk);
    case EK.Cast: return useIn(cx, (e as CastExpr).value, name, isOk);
    case EK.Try: {
      // `r?` in a function returning Result<_, E>: the error type is E.
      const v = (e as UnaryLikeExpr).value;
      if (isName(v, name) && isOk && cx.closures.length == 0 && isResult(cx.fn.ret)) {
        return completed(cx, cx.fn.ret.variants[1].payload[0], false);
      }
      return v !== null ? useIn(cx, v!, name, isOk) : null;
    }
    case EK.Break: {
      const v = (e as UnaryLikeExpr).value;
      return v !== null ? useIn(cx, v!, name, isOk) : null;
    }
    case EK.Range: return firstUse(cx, [(e as RangeExpr).lo, (e as RangeExpr).hi], [], name, isOk);
    case EK.If: {
      const i = e as IfExpr;
      return firstUse(cx, [i.cond, i.then], i.otherwise !== null ? [i.otherwise!] : [], name, isOk);
    }
    case EK.Match: {
      const m = e as MatchExpr;
      const bodies: Expr[] = [];
      for (let i = 0; i < m.arms.length; i++) bodies.push(m.arms[i].body);
      return firstUse(cx, [m.scrutinee], bodies, name, isOk);
    }
    case EK.While: case EK.For: case EK.Loop: {
      const l = e as LoopExpr;
      const head: Expr[] = [];
      if (l.cond !== null) head.push(l.cond!);
      if (l.iter !== null) head.push(l.iter!);
      return firstUse(cx, head, [l.body], name, isOk);
    }
  }
  return null;  // literals, names, closures (a function of their own)
}

/** The non-generic function a call names: `f(..)`, `module.f(..)`, `Type.f(..)` or `value.method(..)`. */
export function calleeOf(cx: CheckState, c: CallExpr): FnInfo | null {
  if (c.callee.kind == EK.Ident) {
    const n = (c.callee as IdentExpr).name;
    return lookup(cx, n) === null ? findFn(cx, n) : null;
  }
  if (c.callee.kind != EK.Field) return null;
  const f = c.callee as FieldExpr;
  let key = "";
  if (f.object.kind == EK.Ident && lookup(cx, (f.object as IdentExpr).name) === null) {
    const head = (f.object as IdentExpr).name;
    if (cx.mod.imports.has(head)) key = cx.mod.imports.get(head) + f.name;
    else if (cx.program.types.has(head)) key = cx.program.types.get(head).name + "." + f.name;
  }
  if (key == "") {
    const t = trialType(cx, f.object);
    if (t === null) return null;
    key = t!.name + "." + f.name;
  }
  return cx.program.funcs.has(key) ? cx.program.funcs.get(key) : null;
}

export function firstUse(cx: CheckState, a: Expr[], b: Expr[], name: string, isOk: bool): Type | null {
  for (let i = 0; i < a.length; i++) {
    const t = useIn(cx, a[i], name, isOk);
    if (t !== null) return t;
  }
  for (let i = 0; i < b.length; i++) {
    const t = useIn(cx, b[i], name, isOk);
    if (t !== null) return t;
  }
  return null;
}

/** Result<T, E> from the other half and the binding's own (its trial check). */
export function completed(cx: CheckState, other: Type, otherOk: bool): Type | null {
  const own = cx.pendingKnown;
  if (own === null) return null;
  return otherOk ? resultOf(other, own!) : resultOf(own!, other);
}
