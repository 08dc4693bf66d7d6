import { binary, iconst, Ins, K, Op } from "../ir/ir";

// A product of two consecutive integers, `x * (x + 1)` or `x * (x - 1)`, is
// always even, also with wrapping (one factor is even, and wrapping modulo
// 2^n keeps the low bit), so dividing it by 2 is exact and equals an
// arithmetic shift right by 1. LLVM does not know this parity (it keeps a
// signed division by 2 as shift, add of the sign bit and shift), and C only
// gets a single shift because signed overflow is undefined there. Triangular
// numbers like `(i + j) * (i + j + 1) / 2` are common in index arithmetic
// (spectral-norm's matrix entry, pair numbering, sums 1..n).

/**
 * Whether `a` and `b` always compute the same value when evaluated one after
 * the other: the same tree of constants, local reads and arithmetic that
 * cannot trap, with no writes, calls or loads in between.
 */
function sameValue(a: Ins, b: Ins): bool {
  if (a.kind != b.kind || a.ty != b.ty) return false;
  if (a.kind == K.Const) return a.i == b.i && a.f == b.f;
  if (a.kind == K.LocalGet) return a.i == b.i;
  if (a.kind != K.Binary && a.kind != K.Unary) return false;
  if (a.op != b.op) return false;
  // Divisions can trap: a second copy would trap at the same place, but keep the match simple.
  if (a.op == Op.DivS || a.op == Op.DivU || a.op == Op.RemS || a.op == Op.RemU) return false;
  for (let i = 0; i < a.args.length; i++) {
    if (!sameValue(a.args[i], b.args[i])) return false;
  }
  return true;
}

function isIntConst(n: Ins, v: i64): bool {
  return n.kind == K.Const && n.i == v;
}

/** Whether `next` is `x + 1`, `1 + x`, `x + -1` or `x - 1`. */
function isNeighbour(next: Ins, x: Ins): bool {
  if (next.kind != K.Binary || next.ty != x.ty) return false;
  const l = next.args[0];
  const r = next.args[1];
  if (next.op == Op.Add) {
    if ((isIntConst(r, 1) || isIntConst(r, -1)) && sameValue(l, x)) return true;
    return (isIntConst(l, 1) || isIntConst(l, -1)) && sameValue(r, x);
  }
  return next.op == Op.Sub && isIntConst(r, 1) && sameValue(l, x);
}

/** `x * (x ± 1) / 2` as `x * (x ± 1) >> 1` (signed), else null. */
export function halveEvenProduct(n: Ins): Ins | null {
  if (n.kind != K.Binary || n.op != Op.DivS || !isIntConst(n.args[1], 2)) return null;
  const p = n.args[0];
  if (p.kind != K.Binary || p.op != Op.Mul || p.ty != n.ty) return null;
  if (!isNeighbour(p.args[1], p.args[0]) && !isNeighbour(p.args[0], p.args[1])) return null;
  return binary(Op.ShrS, n.ty, p, iconst(n.ty, 1));
}
