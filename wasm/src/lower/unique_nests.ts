import { TyK } from "../check/types";
import { BlockExpr, EK, Expr, FieldExpr, IdentExpr, IndexExpr, Local, LoopExpr, RangeExpr, BinaryExpr, Stmt } from "../syntax/ast";
import { samePlace, Scan } from "./invariant_elems";
import { fieldOnlyAsBase, onlyAsBase, simpleExpr, simpleStmt } from "./simple_runs";

// Arrays whose every element stays unshared through a whole loop nest:
// nbody's `b[j].vx += dx * mi` in `for s { for i { for j { ... } } }`. The
// element index changes in the innermost loop, so the check of b[j] cannot
// move out of it one element at a time (invariant_elems.ts); but when the
// nest is made of simple statements (simple_runs.ts) and loops over ranges,
// uses the array (a local `b`, or the field `x.f` of a local) only as the
// base of accesses, never takes one of its elements as a whole value and
// never replaces one, nothing in the nest can take a second reference to the
// array or to an element. Made unique before the nest, with every element,
// they stay unique to its end: the checks inside it go, and with them the
// copy's call on a cold path, which kept LLVM from moving loads out of the
// loops and from keeping values in registers across iterations.

/**
 * Collects the expressions of a loop nest of simple statements and range or
 * while loops, and the locals its statements declare; false when `l` is not one.
 */
function nestExprs(l: LoopExpr, out: Expr[], declared: Local[]): bool {
  if (l.body.kind != EK.Block) return false;
  if (l.kind == EK.While) {
    if (l.cond === null || !simpleExpr(l.cond!)) return false;
    out.push(l.cond!);
  } else if (l.kind == EK.For) {
    if (l.iter === null || l.iter!.kind != EK.Range) return false;
    const r = l.iter as RangeExpr;
    if (!simpleExpr(r.lo) || !simpleExpr(r.hi)) return false;
    out.push(r.lo);
    out.push(r.hi);
  } else return false;
  const body = l.body as BlockExpr;
  for (let i = 0; i < body.stmts.length; i++) {
    const st = body.stmts[i];
    if (simpleStmt(st)) {
      out.push(st.expr!);
      if (st.isLet && st.local !== null) declared.push(st.local!);
      continue;
    }
    if (st.isLet || st.expr === null || !isLoop(st.expr!) || !nestExprs(st.expr as LoopExpr, out, declared)) return false;
  }
  if (body.tail === null) return true;
  const tail = body.tail!;
  if (isLoop(tail)) return nestExprs(tail as LoopExpr, out, declared);
  if (!simpleExpr(tail)) return false;
  out.push(tail);
  return true;
}

function isLoop(e: Expr): bool {
  return e.kind == EK.For || e.kind == EK.While;
}

/** The local at the root of an array place: `b`, or `x` in `x.f`; null for other places. */
function rootOf(a: Expr): Local | null {
  let e = a;
  if (e.kind == EK.Field) {
    const f = e as FieldExpr;
    if (f.isVariant || f.index < 0) return null;
    e = f.object;
  }
  if (e.kind != EK.Ident) return null;
  const id = e as IdentExpr;
  return id.variant < 0 ? id.local : null;
}

/** The array place whose element `left` writes through (b in b[j].vx, self.bodies in self.bodies[j].vx), or null. */
function writtenArray(left: Expr): Expr | null {
  let p = left;
  while (p.kind == EK.Field || p.kind == EK.Index) {
    if (p.kind == EK.Index) {
      const ix = p as IndexExpr;
      if (ix.object.ty!.kind == TyK.Array && rootOf(ix.object) !== null) return p === left ? null : ix.object;
      p = ix.object;
    } else p = (p as FieldExpr).object;
  }
  return null;
}

/**
 * The array places of the loop nest `l` whose elements it writes through and
 * which stay unshared, with all their elements, from before the nest to its
 * end (see above); empty when there are none or `l` is not such a nest.
 */
export function uniqueNestArrays(l: LoopExpr): Expr[] {
  const exprs: Expr[] = [];
  const declared: Local[] = [];
  if (!nestExprs(l, exprs, declared)) return [];
  return arraysKeptUnique(exprs, declared);
}

/** The statement of a block at `i`, its tail at `stmts.length`. */
function itemAt(b: BlockExpr, i: i32): Expr | null {
  if (i < b.stmts.length) {
    const st = b.stmts[i];
    return st.isLet ? null : st.expr;
  }
  return b.tail;
}

/** Whether the block's statement (or tail) at `i` is a loop nest the arrays can stay unique through. */
function nestAt(b: BlockExpr, i: i32): bool {
  const e = itemAt(b, i);
  if (e === null || !isLoop(e!)) return false;
  const exprs: Expr[] = [];
  const declared: Local[] = [];
  return nestExprs(e as LoopExpr, exprs, declared);
}

/** Whether the block's statement (or tail) at `i` is a simple statement. */
function simpleAt(b: BlockExpr, i: i32): bool {
  if (i < b.stmts.length) return simpleStmt(b.stmts[i]);
  return b.tail !== null && simpleExpr(b.tail!);
}

/**
 * Consecutive loop nests of a block, from the one at `from`, with only simple
 * statements between them (advance's pair loop, then its position loop): the
 * index of the last nest (`stmts.length` for the tail), or -1 when fewer than
 * two nests follow each other. Made unique once before the first, the arrays
 * stay unique through all of them, as through one nest.
 */
export function nestRunEnd(b: BlockExpr, from: i32): i32 {
  if (!nestAt(b, from)) return -1;
  let last = from;
  let nests = 1;
  const end = b.tail !== null ? b.stmts.length + 1 : b.stmts.length;
  for (let i = from + 1; i < end; i++) {
    if (nestAt(b, i)) {
      last = i;
      nests++;
    } else if (!simpleAt(b, i)) break;
  }
  return nests >= 2 ? last : -1;
}

/** The arrays kept unique through the run of nests of `b` from `from` to `last` (see nestRunEnd). */
export function uniqueRunArrays(b: BlockExpr, from: i32, last: i32): Expr[] {
  const exprs: Expr[] = [];
  const declared: Local[] = [];
  for (let i = from; i <= last; i++) {
    const e = itemAt(b, i);
    if (e !== null && isLoop(e!)) {
      if (!nestExprs(e as LoopExpr, exprs, declared)) return [];
      continue;
    }
    const st: Stmt | null = i < b.stmts.length ? b.stmts[i] : null;
    if (st !== null && st.isLet) {
      exprs.push(st.expr!);
      if (st.local !== null) declared.push(st.local!);
    } else exprs.push(e!);
  }
  return arraysKeptUnique(exprs, declared);
}

/**
 * Of the arrays written through in `exprs` (the expressions of nests and the
 * simple statements between them), those that stay unique with every element.
 */
function arraysKeptUnique(exprs: Expr[], declared: Local[]): Expr[] {
  const out: Expr[] = [];
  for (let i = 0; i < exprs.length; i++) {
    const e = exprs[i];
    if (e.kind != EK.Assign) continue;
    const a = writtenArray((e as BinaryExpr).left);
    if (a === null) continue;
    const et = a.ty!.elem!;
    if (et.kind != TyK.Struct && et.kind != TyK.Tuple && et.kind != TyK.Array) continue;
    let dup = false;
    for (let j = 0; j < out.length; j++) if (samePlace(out[j], a!)) dup = true;
    if (dup) continue;
    const root = rootOf(a!)!;
    // A local the nest declares gets a new value each time round: it is not
    // the same array from before the nest to its end.
    if (!root.ty.isHeap || declared.includes(root)) continue;
    let ok = true;
    for (let j = 0; ok && j < exprs.length; j++) ok = onlyAsBase(exprs[j], root);
    if (a!.kind == EK.Field) {
      const index = (a as FieldExpr).index;
      for (let j = 0; ok && j < exprs.length; j++) ok = fieldOnlyAsBase(exprs[j], root, index);
    }
    if (!ok) continue;
    const scan = a!.kind == EK.Ident ? new Scan([root], []) : new Scan([], [a as FieldExpr]);
    for (let j = 0; j < exprs.length; j++) scan.visit(exprs[j], false);
    if (scan.escaping.length > 0) continue;
    out.push(a!);
  }
  return out;
}
