import { TyK } from "../check/types";
import {
  BinaryExpr, BlockExpr, CallExpr, CastExpr, EK, Expr, FieldExpr, IdentExpr, IndexExpr, Local, LoopExpr, Stmt, UnaryExpr,
} from "../syntax/ast";
import { Tok } from "../syntax/token";

// Runs of simple statements, and the locals a loop writes through: what lets
// the lowering keep copy-on-write and bounds-check facts from one statement
// (or one iteration) to the next.

/**
 * Straight-line expressions without conditionals or blocks: numbers,
 * variables, fields, elements, casts, arithmetic, assignments and calls of
 * plain functions on scalars. Their lowering branches only to panics, and
 * passes no heap value to a function.
 */
export function simpleExpr(e: Expr): bool {
  switch (e.kind) {
    case EK.Int: case EK.Float: case EK.Bool: return true;
    case EK.Ident: return (e as IdentExpr).local !== null || !e.ty!.isHeap;
    case EK.Unary: return !(e as UnaryExpr).operand.ty!.isHeap && simpleExpr((e as UnaryExpr).operand);
    case EK.Binary: {
      const b = e as BinaryExpr;
      if (b.op == Tok.AndAnd || b.op == Tok.OrOr || b.left.ty!.isHeap || b.right.ty!.isHeap) return false;
      return simpleExpr(b.left) && simpleExpr(b.right);
    }
    case EK.Assign: {
      const b = e as BinaryExpr;
      if (b.right.ty!.isHeap) return false;
      return simpleExpr(b.left) && simpleExpr(b.right);
    }
    case EK.Field: {
      const f = e as FieldExpr;
      return !f.isVariant && f.index >= 0 && simpleExpr(f.object);
    }
    case EK.Index: {
      const ix = e as IndexExpr;
      return ix.index.kind != EK.Range && ix.object.ty!.kind == TyK.Array && simpleExpr(ix.object) && simpleExpr(ix.index);
    }
    case EK.Cast: return !e.ty!.isHeap && simpleExpr((e as CastExpr).value);
    case EK.Call: {
      // A plain function of scalars (math.sqrt(d2)): the callee cannot reach
      // this function's locals, so their uniqueness and lengths still hold.
      const c = e as CallExpr;
      // len(x) reads the length of a borrowed place: no reference is taken.
      if (c.target == "#len") {
        const r = c.isMethod ? (c.callee as FieldExpr).object : c.args[0];
        return (r.kind == EK.Ident || r.kind == EK.Field || r.kind == EK.Index) && simpleExpr(r);
      }
      if (c.isMethod || c.variant >= 0 || c.target == "" || c.target.startsWith("#") || e.ty!.isHeap) return false;
      for (let i = 0; i < c.args.length; i++) if (c.args[i].ty!.isHeap || !simpleExpr(c.args[i])) return false;
      return true;
    }
  }
  return false;
}

export function simpleStmt(st: Stmt): bool {
  if (st.expr === null) return false;
  if (st.isLet) return st.names.length == 0 && simpleExpr(st.expr!);
  return simpleExpr(st.expr!);
}

/** The local at the root of a place (x in x[i].f), or null. */
function placeRoot(e: Expr): Local | null {
  while (e.kind == EK.Field || e.kind == EK.Index) e = e.kind == EK.Field ? (e as FieldExpr).object : (e as IndexExpr).object;
  if (e.kind != EK.Ident) return null;
  const id = e as IdentExpr;
  return id.variant < 0 ? id.local : null;
}

/** Whether `x` occurs in `e` only as the array or struct of an element or field access. */
export function onlyAsBase(e: Expr, x: Local): bool {
  switch (e.kind) {
    case EK.Int: case EK.Float: case EK.Bool: return true;
    case EK.Ident: return (e as IdentExpr).local !== x;
    case EK.Unary: return onlyAsBase((e as UnaryExpr).operand, x);
    case EK.Binary: case EK.Assign: return onlyAsBase((e as BinaryExpr).left, x) && onlyAsBase((e as BinaryExpr).right, x);
    case EK.Field: {
      const o = (e as FieldExpr).object;
      return o.kind == EK.Ident ? true : onlyAsBase(o, x);
    }
    case EK.Index: {
      const ix = e as IndexExpr;
      return (ix.object.kind == EK.Ident ? true : onlyAsBase(ix.object, x)) && onlyAsBase(ix.index, x);
    }
    case EK.Cast: return onlyAsBase((e as CastExpr).value, x);
    case EK.Call: {
      const c = e as CallExpr;
      if (c.isMethod) return false;
      for (let i = 0; i < c.args.length; i++) if (!onlyAsBase(c.args[i], x)) return false;
      return true;
    }
  }
  return false;
}

/**
 * Heap locals written through in a while or range loop whose condition and
 * body are simple and which use them only as the base of accesses.
 */
export function loopWritten(l: LoopExpr): Local[] {
  const out: Local[] = [];
  const body = l.body as BlockExpr;
  if (l.kind == EK.While && (l.cond === null || !simpleExpr(l.cond!))) return out;
  const exprs: Expr[] = [];
  // Locals declared in the body get a new value each iteration: none of
  // them can be made unique once before the loop.
  const declared: Local[] = [];
  for (let i = 0; i < body.stmts.length; i++) {
    if (!simpleStmt(body.stmts[i])) return out;
    exprs.push(body.stmts[i].expr!);
    if (body.stmts[i].isLet && body.stmts[i].local !== null) declared.push(body.stmts[i].local!);
  }
  if (body.tail !== null) {
    if (!simpleExpr(body.tail!)) return out;
    exprs.push(body.tail!);
  }
  for (let i = 0; i < exprs.length; i++) {
    const e = exprs[i];
    if (e.kind != EK.Assign) continue;
    const left = (e as BinaryExpr).left;
    if (left.kind == EK.Ident) continue;
    const x = placeRoot(left);
    if (x === null || !x.ty.isHeap || out.includes(x) || declared.includes(x!)) continue;
    let ok = l.kind != EK.While || onlyAsBase(l.cond!, x);
    for (let j = 0; ok && j < exprs.length; j++) ok = onlyAsBase(exprs[j], x);
    if (ok) out.push(x);
  }
  return out;
}

/** Whether `e` is `x.f` with `f` the field `index` of the local `x`. */
function isFieldOf(e: Expr, x: Local, index: i32): bool {
  if (e.kind != EK.Field) return false;
  const f = e as FieldExpr;
  return !f.isVariant && f.index == index && f.object.kind == EK.Ident && (f.object as IdentExpr).local === x;
}

/** Whether `x.f` occurs in `e` only as the array or struct of an access, or the argument of `len`. */
export function fieldOnlyAsBase(e: Expr, x: Local, index: i32): bool {
  switch (e.kind) {
    case EK.Int: case EK.Float: case EK.Bool: case EK.Ident: return true;
    case EK.Unary: return fieldOnlyAsBase((e as UnaryExpr).operand, x, index);
    case EK.Binary: case EK.Assign: {
      const b = e as BinaryExpr;
      return fieldOnlyAsBase(b.left, x, index) && fieldOnlyAsBase(b.right, x, index);
    }
    case EK.Field: {
      if (isFieldOf(e, x, index)) return false;
      const o = (e as FieldExpr).object;
      return isFieldOf(o, x, index) || fieldOnlyAsBase(o, x, index);
    }
    case EK.Index: {
      const ix = e as IndexExpr;
      return (isFieldOf(ix.object, x, index) || fieldOnlyAsBase(ix.object, x, index)) && fieldOnlyAsBase(ix.index, x, index);
    }
    case EK.Cast: return fieldOnlyAsBase((e as CastExpr).value, x, index);
    case EK.Call: {
      const c = e as CallExpr;
      if (c.target == "#len" && !c.isMethod && isFieldOf(c.args[0], x, index)) return true;
      if (c.isMethod) return false;
      for (let i = 0; i < c.args.length; i++) if (!fieldOnlyAsBase(c.args[i], x, index)) return false;
      return true;
    }
  }
  return false;
}

/**
 * The heap fields `x.f` of the loop's written locals `roots` that the loop
 * writes through (x.f[i] = v) and otherwise uses only as a base: made unique
 * once before the loop, they stay unique through it.
 */
export function loopWrittenFields(l: LoopExpr, roots: Local[]): FieldExpr[] {
  const out: FieldExpr[] = [];
  if (roots.length == 0) return out;
  const body = l.body as BlockExpr;
  const exprs: Expr[] = [];
  if (l.kind == EK.While) exprs.push(l.cond!);
  for (let i = 0; i < body.stmts.length; i++) exprs.push(body.stmts[i].expr!);
  if (body.tail !== null) exprs.push(body.tail!);
  for (let i = 0; i < exprs.length; i++) {
    const e = exprs[i];
    if (e.kind != EK.Assign) continue;
    // The access just above the root: x.f in x.f[i].g.
    let p = (e as BinaryExpr).left;
    let f: FieldExpr | null = null;
    while (p.kind == EK.Field || p.kind == EK.Index) {
      const o = p.kind == EK.Field ? (p as FieldExpr).object : (p as IndexExpr).object;
      if (o.kind == EK.Ident) {
        if (p.kind == EK.Field) f = p as FieldExpr;
        break;
      }
      p = o;
    }
    if (f === null || f === (e as BinaryExpr).left || f.isVariant || f.index < 0 || !f.ty!.isHeap) continue;
    const x = (f.object as IdentExpr).local;
    if (x === null || (f.object as IdentExpr).variant >= 0 || !roots.includes(x!)) continue;
    let dup = false;
    for (let j = 0; j < out.length; j++) if ((out[j].object as IdentExpr).local === x && out[j].index == f.index) dup = true;
    if (dup) continue;
    let ok = true;
    for (let j = 0; ok && j < exprs.length; j++) ok = fieldOnlyAsBase(exprs[j], x!, f.index);
    if (ok) out.push(f);
  }
  return out;
}
