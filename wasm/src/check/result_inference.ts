import {
  BinaryExpr, BlockExpr, CallExpr, CastExpr, EK, Expr, FieldExpr, IdentExpr, IfExpr, IndexExpr, InterpExpr,
  ListExpr, LoopExpr, MatchExpr, RangeExpr, Stmt, StructLitExpr, UnaryExpr, UnaryLikeExpr, FnInfo,
} from "../syntax/ast";
import { Tok } from "../syntax/token";
import { CallChecker } from "./call_checker";
import { isResult, resultOf, Type } from "./types";

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

/**
 * `let r = Ok(3)` gives only half of a Result type; the other half comes from
 * the first later use of `r` in the same block that fixes it: an argument of
 * a function or method with a declared Result parameter, `return r`, `r?` in
 * a function returning a Result (for `Ok`), the block's value where a Result
 * is expected, `let s: Result<..> = r`, or an assignment `r = Err(e)` /
 * `r = f()`. The uses are found by walking the statements that
 * follow (not into closures, which are functions of their own); the only
 * checking is of the wrapped values, as a trial whose diagnostics are dropped.
 */
export class ResultInference extends CallChecker {
  // The half of the binding's Result type its own Ok/Err gives.
  pendingKnown: Type | null = null;

  /** The Result type for `s` (a `let name = Ok(x)` without a type), or null. */
  resultFromUses(s: Stmt, block: BlockExpr, index: i32, expected: Type | null): Type | null {
    const w = wrapCall(s.expr!);
    if (w === null || s.names.length > 0) return null;
    const isOk = (w.callee as IdentExpr).name == "Ok";
    const known = this.trialType(w.args[0]);
    this.pendingKnown = known;
    let found: Type | null = null;
    for (let i = index + 1; i < block.stmts.length && found === null; i++) {
      const st = block.stmts[i];
      if (st.isLet && st.expr !== null && isName(st.expr, s.name) && st.type !== null) {
        found = this.program.resolveType(st.type!, this.mod, null);
      } else if (st.expr !== null) {
        found = this.useIn(st.expr!, s.name, isOk);
      }
      if (st.isLet && (st.name == s.name || st.names.includes(s.name))) break;  // shadowed from here on
    }
    if (found === null && block.tail !== null) {
      if (isName(block.tail, s.name) && expected !== null && isResult(expected)) found = expected;
      else found = this.useIn(block.tail!, s.name, isOk);
    }
    // A use that disagrees with the known half is reported by the real check, at the Ok/Err.
    return found !== null && isResult(found!) ? found : null;
  }

  /** The type of `e` checked on its own, or null when that fails. */
  trialType(e: Expr): Type | null {
    const mark = this.diags.list.length;
    const t = this.check(e, null);
    const failed = this.diags.list.length > mark;
    this.diags.list.length = mark;
    return failed || t.isError ? null : t;
  }

  /** The first Result type a use of `name` inside `e` fixes, in source order. */
  useIn(e: Expr, name: string, isOk: bool): Type | null {
    switch (e.kind) {
      case EK.Call: {
        const c = e as CallExpr;
        let named = false;
        for (let i = 0; i < c.args.length; i++) if (isName(c.args[i], name)) named = true;
        const f = named ? this.calleeOf(c) : null;
        if (f !== null) {
          const skip = c.callee.kind == EK.Field && f.hasSelf ? 1 : 0;
          for (let i = 0; i < c.args.length && i + skip < f.params.length; i++) {
            if (isName(c.args[i], name) && isResult(f.params[i + skip])) return f.params[i + skip];
          }
        }
        return this.firstUse([c.callee], c.args, name, isOk);
      }
      case EK.Return: {
        const r = e as UnaryLikeExpr;
        if (isName(r.value, name) && this.closures.length == 0 && isResult(this.fn.ret)) return this.fn.ret;
        return r.value !== null ? this.useIn(r.value!, name, isOk) : null;
      }
      case EK.Assign: {
        const a = e as BinaryExpr;
        if (a.op == Tok.Eq && isName(a.left, name)) {
          const w = wrapCall(a.right);
          if (w !== null) {
            const otherOk = (w.callee as IdentExpr).name == "Ok";
            if (otherOk == isOk) return null;
            const t = this.trialType(w.args[0]);
            return t === null ? null : this.completed(t, otherOk);
          }
          const t = this.trialType(a.right);
          return t !== null && isResult(t) ? t : null;
        }
        return this.firstUse([a.left, a.right], [], name, isOk);
      }
      case EK.Block: {
        const b = e as BlockExpr;
        const exprs: Expr[] = [];
        for (let i = 0; i < b.stmts.length; i++) if (b.stmts[i].expr !== null) exprs.push(b.stmts[i].expr!);
        if (b.tail !== null) exprs.push(b.tail!);
        return this.firstUse(exprs, [], name, isOk);
      }
      case EK.Unary: return this.useIn((e as UnaryExpr).operand, name, isOk);
      case EK.Binary: return this.firstUse([(e as BinaryExpr).left, (e as BinaryExpr).right], [], name, isOk);
      case EK.Field: return this.useIn((e as FieldExpr).object, name, isOk);
      case EK.Index: return this.firstUse([(e as IndexExpr).object, (e as IndexExpr).index], [], name, isOk);
      case EK.Interp: return this.firstUse((e as InterpExpr).exprs, [], name, isOk);
      case EK.StructLit: return this.firstUse((e as StructLitExpr).values, [], name, isOk);
      case EK.ArrayLit: case EK.TupleLit: return this.firstUse((e as ListExpr).elems, [], name, isOk);
      case EK.Cast: return this.useIn((e as CastExpr).value, name, isOk);
      case EK.Try: {
        // `r?` in a function returning Result<_, E>: the error type is E.
        const v = (e as UnaryLikeExpr).value;
        if (isName(v, name) && isOk && this.closures.length == 0 && isResult(this.fn.ret)) {
          return this.completed(this.fn.ret.variants[1].payload[0], false);
        }
        return v !== null ? this.useIn(v!, name, isOk) : null;
      }
      case EK.Break: {
        const v = (e as UnaryLikeExpr).value;
        return v !== null ? this.useIn(v!, name, isOk) : null;
      }
      case EK.Range: return this.firstUse([(e as RangeExpr).lo, (e as RangeExpr).hi], [], name, isOk);
      case EK.If: {
        const i = e as IfExpr;
        return this.firstUse([i.cond, i.then], i.otherwise !== null ? [i.otherwise!] : [], name, isOk);
      }
      case EK.Match: {
        const m = e as MatchExpr;
        const bodies: Expr[] = [];
        for (let i = 0; i < m.arms.length; i++) bodies.push(m.arms[i].body);
        return this.firstUse([m.scrutinee], bodies, name, isOk);
      }
      case EK.While: case EK.For: case EK.Loop: {
        const l = e as LoopExpr;
        const head: Expr[] = [];
        if (l.cond !== null) head.push(l.cond!);
        if (l.iter !== null) head.push(l.iter!);
        return this.firstUse(head, [l.body], name, isOk);
      }
    }
    return null;  // literals, names, closures (a function of their own)
  }

  /** The non-generic function a call names: `f(..)`, `module.f(..)`, `Type.f(..)` or `value.method(..)`. */
  calleeOf(c: CallExpr): FnInfo | null {
    if (c.callee.kind == EK.Ident) {
      const n = (c.callee as IdentExpr).name;
      return this.lookup(n) === null ? this.findFn(n) : null;
    }
    if (c.callee.kind != EK.Field) return null;
    const f = c.callee as FieldExpr;
    let key = "";
    if (f.object.kind == EK.Ident && this.lookup((f.object as IdentExpr).name) === null) {
      const head = (f.object as IdentExpr).name;
      if (this.mod.imports.has(head)) key = this.mod.imports.get(head) + f.name;
      else if (this.program.types.has(head)) key = this.program.types.get(head).name + "." + f.name;
    }
    if (key == "") {
      const t = this.trialType(f.object);
      if (t === null) return null;
      key = t!.name + "." + f.name;
    }
    return this.program.funcs.has(key) ? this.program.funcs.get(key) : null;
  }

  firstUse(a: Expr[], b: Expr[], name: string, isOk: bool): Type | null {
    for (let i = 0; i < a.length; i++) {
      const t = this.useIn(a[i], name, isOk);
      if (t !== null) return t;
    }
    for (let i = 0; i < b.length; i++) {
      const t = this.useIn(b[i], name, isOk);
      if (t !== null) return t;
    }
    return null;
  }

  /** Result<T, E> from the other half and the binding's own (its trial check). */
  completed(other: Type, otherOk: bool): Type | null {
    const own = this.pendingKnown;
    if (own === null) return null;
    return otherOk ? resultOf(other, own!) : resultOf(own!, other);
  }
}
