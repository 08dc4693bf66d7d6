import { BinaryExpr, CallExpr, CastExpr, EK, Expr, FieldExpr, IdentExpr, IndexExpr, Local, LoopExpr, UnaryExpr } from "../syntax/ast";

// Elements written through at an index the loop does not change: nbody's
// b[i].vx in the loop over j. The loop's array is already unique through the
// loop (loopWritten, loopWrittenFields); if no element of it is ever taken
// as a whole value (a second reference) or replaced, an element made unique
// before the loop stays unique through every iteration, so its copy-on-write
// check moves out of the loop. In the loop the check sat next to the
// element's field stores and its slow path (a call) made LLVM reload and
// spill around it on every iteration.

/** The array of an access: a local `b`, or the field `x.f` of a local struct; null otherwise. */
function arrayPlace(e: Expr, written: Local[], fields: FieldExpr[]): Expr | null {
  if (e.kind == EK.Ident) {
    const id = e as IdentExpr;
    return id.local !== null && id.variant < 0 && written.includes(id.local!) ? e : null;
  }
  if (e.kind != EK.Field) return null;
  const f = e as FieldExpr;
  for (let i = 0; i < fields.length; i++) if (samePlace(fields[i], f)) return fields[i];
  return null;
}

/** Whether `a` and `b` are the same array place (a local, or one field of a local). */
export function samePlace(a: Expr, b: Expr): bool {
  if (a.kind != b.kind) return false;
  if (a.kind == EK.Ident) return (a as IdentExpr).local === (b as IdentExpr).local;
  const fa = a as FieldExpr;
  const fb = b as FieldExpr;
  if (fa.index != fb.index || fa.isVariant || fb.isVariant || fa.object.kind != EK.Ident || fb.object.kind != EK.Ident) return false;
  return (fa.object as IdentExpr).local === (fb.object as IdentExpr).local;
}

export class Scan {
  // Array places one of whose elements is used as a whole value, or replaced.
  escaping: Expr[] = [];
  constructor(public written: Local[], public fields: FieldExpr[]) {}

  /** Visits `e`; `asBase` when it is the object of a field or element access. */
  visit(e: Expr, asBase: bool): void {
    switch (e.kind) {
      case EK.Unary: this.visit((e as UnaryExpr).operand, false); return;
      case EK.Cast: this.visit((e as CastExpr).value, false); return;
      case EK.Binary: case EK.Assign: {
        const b = e as BinaryExpr;
        // The target of an assignment is written, not read as a value: b[i].vx = v
        // leaves b[i] in place, b[i] = v replaces it.
        this.visit(b.left, false);
        this.visit(b.right, false);
        return;
      }
      case EK.Call: {
        const c = e as CallExpr;
        for (let i = 0; i < c.args.length; i++) this.visit(c.args[i], false);
        return;
      }
      case EK.Field: this.visit((e as FieldExpr).object, true); return;
      case EK.Index: {
        const ix = e as IndexExpr;
        const a = arrayPlace(ix.object, this.written, this.fields);
        if (a !== null && !asBase && !this.escaping.includes(a!)) this.escaping.push(a!);
        if (a === null) this.visit(ix.object, true);
        this.visit(ix.index, false);
        return;
      }
    }
  }
}

/** Whether the loop's expressions assign the local `x`. */
function assigns(exprs: Expr[], x: Local): bool {
  for (let i = 0; i < exprs.length; i++) {
    const e = exprs[i];
    if (e.kind != EK.Assign) continue;
    const left = (e as BinaryExpr).left;
    if (left.kind == EK.Ident && (left as IdentExpr).local === x) return true;
  }
  return false;
}

/** Whether the loop's body declares the local `x` (a new value each iteration). */
function declares(l: LoopExpr, x: Local): bool {
  for (let i = 0; i < l.body.stmts.length; i++) if (l.body.stmts[i].isLet && l.body.stmts[i].local === x) return true;
  return false;
}

/** The expressions of a loop whose body is a run of simple statements (see loopWritten). */
function loopExprs(l: LoopExpr): Expr[] {
  const exprs: Expr[] = [];
  if (l.kind == EK.While) exprs.push(l.cond!);
  for (let i = 0; i < l.body.stmts.length; i++) exprs.push(l.body.stmts[i].expr!);
  if (l.body.tail !== null) exprs.push(l.body.tail!);
  return exprs;
}

/**
 * The elements `a[i]` that the loop writes through, of an array it made
 * unique before its body (`written` locals, `fields`), at an index local the
 * loop never assigns, where no element of that array is used as a value or
 * replaced in the loop: made unique once before the loop, they stay so.
 */
export function loopInvariantElems(l: LoopExpr, written: Local[], fields: FieldExpr[]): IndexExpr[] {
  const out: IndexExpr[] = [];
  if (written.length == 0) return out;
  const exprs = loopExprs(l);
  const scan = new Scan(written, fields);
  for (let i = 0; i < exprs.length; i++) scan.visit(exprs[i], false);
  for (let i = 0; i < exprs.length; i++) {
    const e = exprs[i];
    if (e.kind != EK.Assign) continue;
    // The access on the array itself: b[i] in b[i].vx, self.bodies[i] in self.bodies[i].vx.
    let p = (e as BinaryExpr).left;
    let found: IndexExpr | null = null;
    while (p.kind == EK.Field || p.kind == EK.Index) {
      if (p.kind == EK.Index && arrayPlace((p as IndexExpr).object, written, fields) !== null) {
        found = p as IndexExpr;
        break;
      }
      p = p.kind == EK.Field ? (p as FieldExpr).object : (p as IndexExpr).object;
    }
    if (found === null || found === (e as BinaryExpr).left || found.index.kind != EK.Ident) continue;
    const ix = found!;
    const a = arrayPlace(ix.object, written, fields)!;
    const n = (ix.index as IdentExpr).local;
    if (n === null || (ix.index as IdentExpr).variant >= 0 || n === l.local || n!.ty.isHeap || assigns(exprs, n!)) continue;
    // An index declared in the body takes a new value each iteration.
    if (declares(l, n!)) continue;
    if (!ix.ty!.isHeap || scan.escaping.includes(a)) continue;
    let dup = false;
    for (let j = 0; j < out.length; j++) {
      if (samePlace(out[j].object, ix.object) && (out[j].index as IdentExpr).local === n) dup = true;
    }
    if (!dup) out.push(ix);
  }
  return out;
}
