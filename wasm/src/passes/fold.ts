import { block, br, Func, iconst, fconst, Ins, K, Op, T } from "../ir/ir";
import { halveEvenProduct } from "./parity";

// Constant folding: evaluates operators on constants (with the same
// wrapping semantics as the machine), and replaces branches on constant
// conditions by the taken side. Division is folded only when it cannot trap,
// and a product of consecutive integers halved becomes a shift (parity.ts).

function isConst(n: Ins): bool {
  return n.kind == K.Const;
}

function foldInt(op: Op, ty: T, a: i64, b: i64, ok: bool[]): i64 {
  const is32 = ty != T.I64;
  switch (op) {
    case Op.Add: return a + b;
    case Op.Sub: return a - b;
    case Op.Mul: return a * b;
    case Op.And: return a & b;
    case Op.Or: return a | b;
    case Op.Xor: return a ^ b;
    case Op.Shl: return is32 ? <i64>(<i32>a << (<i32>b & 31)) : a << (b & 63);
    case Op.ShrS: return is32 ? <i64>(<i32>a >> (<i32>b & 31)) : a >> (b & 63);
    case Op.ShrU: return is32 ? <i64>(<u32>a >>> (<u32>b & 31)) : <i64>(<u64>a >>> (<u64>b & 63));
    case Op.DivS:
      if (b == 0 || b == -1) break;
      return a / b;
    case Op.RemS:
      if (b == 0 || b == -1) break;
      return a % b;
  }
  ok[0] = false;
  return 0;
}

function foldCompare(op: Op, a: i64, b: i64, ok: bool[]): i64 {
  switch (op) {
    case Op.Eq: return a == b ? 1 : 0;
    case Op.Ne: return a != b ? 1 : 0;
    case Op.LtS: return a < b ? 1 : 0;
    case Op.LeS: return a <= b ? 1 : 0;
    case Op.GtS: return a > b ? 1 : 0;
    case Op.GeS: return a >= b ? 1 : 0;
  }
  ok[0] = false;
  return 0;
}

function normalize(ty: T, v: i64): i64 {
  return ty == T.I64 ? v : <i64><i32>v;
}

function foldIns(n: Ins): Ins {
  for (let i = 0; i < n.args.length; i++) n.args[i] = foldIns(n.args[i]);
  foldList(n.body);
  foldList(n.other);
  if (n.kind == K.Binary && isConst(n.args[0]) && isConst(n.args[1])) {
    const a = n.args[0];
    const b = n.args[1];
    const ok: bool[] = [true];
    if (a.ty == T.F64) {
      switch (n.op) {
        case Op.Add: return fconst(a.f + b.f);
        case Op.Sub: return fconst(a.f - b.f);
        case Op.Mul: return fconst(a.f * b.f);
        case Op.FDiv: return fconst(a.f / b.f);
      }
      return n;
    }
    if (a.ty == T.Ptr || n.ty == T.Ptr) return n;  // addresses stay symbolic for other backends
    const isCmp = n.op >= Op.Eq && n.op <= Op.GeU;
    const v = isCmp ? foldCompare(n.op, normalize(a.ty, a.i), normalize(b.ty, b.i), ok) : foldInt(n.op, n.ty, a.i, b.i, ok);
    if (ok[0]) return iconst(n.ty, normalize(n.ty, v));
    return n;
  }
  const halved = halveEvenProduct(n);
  if (halved !== null) return halved;
  if (n.kind == K.Unary && isConst(n.args[0])) {
    const a = n.args[0];
    if (n.op == Op.Eqz && a.ty != T.F64) return iconst(T.I32, normalize(a.ty, a.i) == 0 ? 1 : 0);
    if (n.op == Op.ExtendI32S && a.ty == T.I32) return iconst(T.I64, <i64><i32>a.i);
    if (n.op == Op.WrapI64) return iconst(T.I32, <i64><i32>a.i);
    if (n.op == Op.FNeg) return fconst(-a.f);
    if (n.op == Op.ConvertS && a.ty == T.I64) return fconst(<f64>a.i);
    if (n.op == Op.ConvertS && a.ty == T.I32) return fconst(<f64><i32>a.i);
  }
  if (n.kind == K.If && isConst(n.args[0])) {
    const taken = normalize(n.args[0].ty, n.args[0].i) != 0 ? n.body : n.other;
    return block(0, taken, n.ty);
  }
  if (n.kind == K.BrIf && isConst(n.args[0])) {
    if (n.args[0].i != 0) return br(<i32>n.i);
    return block(0, [], T.None);
  }
  return n;
}

export function foldList(list: Ins[]): void {
  for (let i = 0; i < list.length; i++) list[i] = foldIns(list[i]);
}

export function fold(f: Func): void {
  foldList(f.body);
}

