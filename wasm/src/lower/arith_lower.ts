import { TyK, Type } from "../check/types";
import { BinaryExpr, CastExpr, EK, UnaryExpr } from "../syntax/ast";
import { Tok } from "../syntax/token";
import { binary, block, fconst, get, iconst, iff, Ins, K, Op, set, T, unary, unreachable } from "../ir/ir";
import { valuesEqual } from "./equality";
import { irType } from "./layout";
import { borrowed } from "./access_lower";
import { FnState, newLocal } from "./fn_state";
import { loc, rt, staticStr } from "./runtime_calls";
import { owned } from "./value";

/** Operators on scalars and strings, and numeric casts. */

export function unaryOp(fl: FnState, u: UnaryExpr): Ins {
  const t = u.ty!;
  if (u.op == Tok.Minus && u.operand.kind == EK.Int) return owned(fl, u.operand);
  const v = owned(fl, u.operand);
  const it = irType(t);
  if (u.op == Tok.Minus) {
    if (t.kind == TyK.F64) return unary(Op.FNeg, T.F64, v);
    return wrapU8(t, binary(Op.Sub, it, iconst(it, 0), v));
  }
  if (t.kind == TyK.Bool) return unary(Op.Eqz, T.I32, v);
  return wrapU8(t, binary(Op.Xor, it, v, iconst(it, -1)));
}

/** u8 arithmetic wraps modulo 256. */
export function wrapU8(t: Type, v: Ins): Ins {
  if (t.kind == TyK.U8) return binary(Op.And, T.I32, v, iconst(T.I32, 255));
  return v;
}

export function binaryOp(fl: FnState, b: BinaryExpr): Ins {
  const op = b.op;
  const lt = b.left.ty!;
  if (op == Tok.AndAnd) return iff(owned(fl, b.left), [owned(fl, b.right)], [iconst(T.I32, 0)], T.I32);
  if (op == Tok.OrOr) return iff(owned(fl, b.left), [iconst(T.I32, 1)], [owned(fl, b.right)], T.I32);
  if (lt.kind == TyK.Str) return strOp(fl, op, b);
  if (lt.kind == TyK.Tuple) {
    const eq = valuesEqual(fl, lt, borrowed(fl, b.left), borrowed(fl, b.right));
    return op == Tok.NotEq ? unary(Op.Eqz, T.I32, eq) : eq;
  }
  return arith(fl, op, lt, owned(fl, b.left), rightOperand(fl, b, lt), b);
}

export function strOp(fl: FnState, op: i32, b: BinaryExpr): Ins {
  const l = borrowed(fl, b.left);
  const r = borrowed(fl, b.right);
  if (op == Tok.Plus) return rt(fl, "str_concat", [l, r]);
  if (op == Tok.EqEq) return rt(fl, "str_eq", [l, r]);
  if (op == Tok.NotEq) return unary(Op.Eqz, T.I32, rt(fl, "str_eq", [l, r]));
  const c = rt(fl, "str_cmp", [l, r]);
  return binary(cmpOp(op, false), T.I32, c, iconst(T.I32, 0));
}

/** Arithmetic and comparison on scalars; `at` gives the operator position for panics. */
export function arith(fl: FnState, op: i32, t: Type, l: Ins, r: Ins, at: BinaryExpr): Ins {
  const it = irType(t);
  const isF = t.kind == TyK.F64;
  const unsigned = t.isUnsigned;
  switch (op) {
    case Tok.Plus: case Tok.PlusEq: return wrapU8(t, binary(Op.Add, it, l, r));
    case Tok.Minus: case Tok.MinusEq: return wrapU8(t, binary(Op.Sub, it, l, r));
    case Tok.Star: case Tok.StarEq: return wrapU8(t, binary(Op.Mul, it, l, r));
    case Tok.Slash: case Tok.SlashEq:
      if (isF) return binary(Op.FDiv, T.F64, l, r);
      return divide(fl, t, l, r, false, at);
    case Tok.Percent: case Tok.PercentEq:
      if (isF) return rt(fl, "fmod", [l, r]);
      return divide(fl, t, l, r, true, at);
    case Tok.Amp: case Tok.AmpEq: return binary(Op.And, it, l, r);
    case Tok.Pipe: case Tok.PipeEq: return binary(Op.Or, it, l, r);
    case Tok.Caret: case Tok.CaretEq: return binary(Op.Xor, it, l, r);
    case Tok.Shl: case Tok.ShlEq:
      return wrapU8(t, binary(Op.Shl, it, l, shiftCount(t, r)));
    case Tok.Shr: case Tok.ShrEq:
      return binary(unsigned ? Op.ShrU : Op.ShrS, it, l, shiftCount(t, r));
  }
  return binary(cmpOp(op, unsigned || t.kind == TyK.Ptr), T.I32, l, r);
}

/** The right operand; a shift count of another integer type is converted to the shifted type. */
export function rightOperand(fl: FnState, b: BinaryExpr, lt: Type): Ins {
  const r = owned(fl, b.right);
  const isShift = b.op == Tok.Shl || b.op == Tok.Shr || b.op == Tok.ShlEq || b.op == Tok.ShrEq;
  return isShift && b.right.ty! != lt ? convert(b.right.ty!, lt, r) : r;
}

/** A shift count is taken modulo the width of the shifted type (u8: 8). */
export function shiftCount(t: Type, r: Ins): Ins {
  return t.kind == TyK.U8 ? binary(Op.And, T.I32, r, iconst(T.I32, 7)) : r;
}

/** Integer division: panics on zero, and MIN / -1 wraps instead of trapping. */
export function divide(fl: FnState, t: Type, l: Ins, r: Ins, rem: bool, at: BinaryExpr): Ins {
  const it = irType(t);
  // A constant divisor other than 0 and -1 can neither panic nor overflow:
  // the plain machine instruction is exact (spectral-norm's `/ 2`).
  if (r.kind == K.Const) {
    const d = it == T.I64 ? r.i : <i64><i32>r.i;
    if (t.isUnsigned && d != 0) return binary(rem ? Op.RemU : Op.DivU, it, l, r);
    if (!t.isUnsigned && d != 0 && d != -1) return binary(rem ? Op.RemS : Op.DivS, it, l, r);
  }
  const a = newLocal(fl, it);
  const b = newLocal(fl, it);
  const opPos = at.kind == EK.Assign ? at.left.end : at.left.end;
  const check = iff(unary(Op.Eqz, T.I32, get(b, it)), [
    rt(fl, "panic", [staticStr(fl, rem ? "remainder by zero" : "division by zero"), loc(fl, opOffset(fl, opPos))]),
    unreachable(),
  ], [], T.None);
  let result: Ins;
  if (t.isUnsigned) result = binary(rem ? Op.RemU : Op.DivU, it, get(a, it), get(b, it));
  else {
    result = iff(binary(Op.Eq, T.I32, get(b, it), iconst(it, -1)),
      [rem ? iconst(it, 0) : binary(Op.Sub, it, iconst(it, 0), get(a, it))],
      [binary(rem ? Op.RemS : Op.DivS, it, get(a, it), get(b, it))], it);
  }
  return block(0, [set(a, l), set(b, r), check, result], it);
}

/** The byte offset of the operator token after the left operand. */
export function opOffset(fl: FnState, afterLeft: i32): i32 {
  let i = afterLeft;
  const bytes = fl.source.bytes;
  while (i < bytes.length && (bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 || bytes[i] == 41)) i++;
  return i;
}

export function lowerCast(fl: FnState, c: CastExpr): Ins {
  const from = c.value.ty!;
  const to = c.ty!;
  const v = owned(fl, c.value);
  return convert(from, to, v);
}


export function cmpOp(op: i32, unsigned: bool): Op {
  switch (op) {
    case Tok.EqEq: return Op.Eq;
    case Tok.NotEq: return Op.Ne;
    case Tok.Lt: return unsigned ? Op.LtU : Op.LtS;
    case Tok.Le: return unsigned ? Op.LeU : Op.LeS;
    case Tok.Gt: return unsigned ? Op.GtU : Op.GtS;
  }
  return unsigned ? Op.GeU : Op.GeS;
}

/**
 * Numeric conversions for `as`: wrap to a narrower integer, extend a
 * narrower one by its own signedness, truncate a float with saturation.
 */
export function convert(from: Type, to: Type, v: Ins): Ins {
  const f = from.kind;
  const t = to.kind;
  if (from == to) return v;
  const from64 = f == TyK.I64 || f == TyK.U64;
  const fromUnsigned = from.isUnsigned || f == TyK.Bool || f == TyK.Ptr;
  if (t == TyK.F64) {
    if (f == TyK.F64) return v;
    return unary(from.isUnsigned ? Op.ConvertU : Op.ConvertS, T.F64, v);
  }
  if (t == TyK.I64 || t == TyK.U64) {
    if (f == TyK.F64) return unary(t == TyK.U64 ? Op.TruncSatU : Op.TruncSatS, T.I64, v);
    if (from64) return v;
    return unary(fromUnsigned ? Op.ExtendI32U : Op.ExtendI32S, T.I64, v);
  }
  // to i32, u32, u8 or ptr
  if (f == TyK.F64) {
    if (t == TyK.U8) {
      // Saturate to 0..255: clamp in f64 first.
      const clamped = binary(Op.FMin, T.F64, binary(Op.FMax, T.F64, v, fconst(0)), fconst(255));
      return unary(Op.TruncSatS, T.I32, clamped);
    }
    return unary(t == TyK.U32 ? Op.TruncSatU : Op.TruncSatS, T.I32, v);
  }
  const r = from64 ? unary(Op.WrapI64, T.I32, v) : v;
  if (t == TyK.U8) return binary(Op.And, T.I32, r, iconst(T.I32, 255));
  return r;
}
