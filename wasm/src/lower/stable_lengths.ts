import { TyK } from "../check/types";
import {
  BinaryExpr, BlockExpr, CallExpr, CastExpr, ClosureExpr, EK, Expr, FieldExpr, IdentExpr, IfExpr, IndexExpr,
  InterpExpr, ListExpr, Local, LoopExpr, MatchExpr, RangeExpr, StructLitExpr, UnaryExpr, UnaryLikeExpr,
} from "../syntax/ast";

// Array locals whose length never changes after their declaration: fannkuch's
// `var perm = [0; n]`, written only through `perm[i] = v`. Copy on write
// copies keep the length, and only assigning the local itself or calling a
// method on it (push, pop) can change it; so the length can be read once,
// where the local is declared, into a local of its own. Bounds checks and
// len() then use that local: LLVM no longer reloads the length from the
// header after every store it cannot tell apart, can move the checks out of
// loops, and, when the length was a constant the allocation stored, sees the
// constant (fannkuch(10) checks `i < 10`, as C does).

/** Collects, from a function's body, the array locals it declares and those that may change length after. */
class LengthChanges {
  declared: Local[] = [];
  changed: Local[] = [];

  mark(e: Expr): void {
    if (e.kind != EK.Ident) return;
    const l = (e as IdentExpr).local;
    if (l !== null && !this.changed.includes(l!)) this.changed.push(l!);
  }

  list(es: Expr[]): void {
    for (let i = 0; i < es.length; i++) this.visit(es[i]);
  }

  block(b: BlockExpr): void {
    for (let i = 0; i < b.stmts.length; i++) {
      const st = b.stmts[i];
      const l = st.local;
      if (st.isLet && st.names.length == 0 && l !== null && l!.ty.kind == TyK.Array) this.declared.push(l!);
      if (st.expr !== null) this.visit(st.expr!);
    }
    if (b.tail !== null) this.visit(b.tail!);
  }

  visit(e: Expr): void {
    switch (e.kind) {
      case EK.Unary: this.visit((e as UnaryExpr).operand); return;
      case EK.Cast: this.visit((e as CastExpr).value); return;
      case EK.Binary: {
        const b = e as BinaryExpr;
        this.visit(b.left);
        this.visit(b.right);
        return;
      }
      case EK.Assign: {
        const b = e as BinaryExpr;
        this.mark(b.left);  // x = v, x op= v: a new value
        this.visit(b.left);
        this.visit(b.right);
        return;
      }
      case EK.Call: {
        const c = e as CallExpr;
        // A method's receiver may be changed in place (xs.push(v)); len does not.
        if (c.callee.kind == EK.Field && (c.callee as FieldExpr).name != "len") this.mark((c.callee as FieldExpr).object);
        this.visit(c.callee);
        this.list(c.args);
        return;
      }
      case EK.Field: this.visit((e as FieldExpr).object); return;
      case EK.Index: {
        const ix = e as IndexExpr;
        this.visit(ix.object);
        this.visit(ix.index);
        return;
      }
      case EK.Interp: this.list((e as InterpExpr).exprs); return;
      case EK.StructLit: this.list((e as StructLitExpr).values); return;
      case EK.ArrayLit: case EK.TupleLit: {
        const l = e as ListExpr;
        this.list(l.elems);
        if (l.count !== null) this.visit(l.count!);
        return;
      }
      case EK.If: {
        const f = e as IfExpr;
        this.visit(f.cond);
        this.block(f.then);
        if (f.otherwise !== null) this.visit(f.otherwise!);
        return;
      }
      case EK.Match: {
        const m = e as MatchExpr;
        this.visit(m.scrutinee);
        for (let i = 0; i < m.arms.length; i++) {
          if (m.arms[i].guard !== null) this.visit(m.arms[i].guard!);
          this.visit(m.arms[i].body);
        }
        return;
      }
      case EK.Block: this.block(e as BlockExpr); return;
      case EK.Closure: this.visit((e as ClosureExpr).body); return;
      case EK.Try: case EK.Return: case EK.Break: {
        const u = e as UnaryLikeExpr;
        if (u.value !== null) this.visit(u.value!);
        return;
      }
      case EK.Range: {
        const r = e as RangeExpr;
        this.visit(r.lo);
        this.visit(r.hi);
        return;
      }
      case EK.While: case EK.For: case EK.Loop: {
        const l = e as LoopExpr;
        if (l.cond !== null) this.visit(l.cond!);
        if (l.iter !== null) this.visit(l.iter!);
        this.block(l.body);
        return;
      }
    }
  }
}

/**
 * The array locals declared by `let`/`var` statements in `body` whose length
 * stays what it was at the declaration (see above).
 */
export function stableLengthLocals(body: Expr): Local[] {
  const scan = new LengthChanges();
  scan.visit(body);
  const out: Local[] = [];
  for (let i = 0; i < scan.declared.length; i++) if (!scan.changed.includes(scan.declared[i])) out.push(scan.declared[i]);
  return out;
}
