// Arithmetic, comparisons, conversions and the address sums inside objects.
import { Ins, K, Op, T } from "../../ir/ir";
import { FuncState } from "./func_state";
import { llType } from "./names";
import { fresh, intrinsic, nonZero, startBlock, terminate, value } from "./writer";

function intCmp(op: Op): string {
  switch (op) {
    case Op.Eq: return "eq"; case Op.Ne: return "ne";
    case Op.LtS: return "slt"; case Op.LtU: return "ult"; case Op.LeS: return "sle"; case Op.LeU: return "ule";
    case Op.GtS: return "sgt"; case Op.GtU: return "ugt"; case Op.GeS: return "sge"; case Op.GeU: return "uge";
  }
  return "";
}

// Ordered comparisons are false on NaN and `!=` is true, as in wasm.
function floatCmp(op: Op): string {
  switch (op) {
    case Op.Eq: return "oeq"; case Op.Ne: return "une";
    case Op.LtS: case Op.LtU: return "olt"; case Op.LeS: case Op.LeU: return "ole";
    case Op.GtS: case Op.GtU: return "ogt"; case Op.GeS: case Op.GeU: return "oge";
  }
  return "";
}

/** Wasm traps on integer division by zero; so does this (the runtime panics before it can happen). */
function zeroCheck(s: FuncState, t: string, b: string, divisor: Ins): void {
  if (divisor.kind == K.Const && divisor.i != 0) return;
  s.usesTrap = true;
  const z = value(s, "z", "icmp eq " + t + " " + b + ", 0");
  const ok = fresh(s, "nonzero");
  terminate(s, "br i1 " + z + ", label %trap, label %" + ok);
  startBlock(s, ok);
}

/**
 * A condition as an i1. Comparisons and eqz feed the branch directly
 * instead of going through an i32 0/1 and back: shorter, and what a
 * reader expects to see.
 */
export function cond(s: FuncState, n: Ins): string {
  if (n.kind == K.Binary && n.op >= Op.Eq && n.op <= Op.GeU) return compare(s, n);
  if (n.kind == K.Unary && n.op == Op.Eqz) {
    const a = s.ins(s, n.args[0]);
    return value(s, "c", "icmp eq " + llType(n.args[0].ty) + " " + a + ", 0");
  }
  return nonZero(s, s.ins(s, n));
}

/** A comparison's i1 result (ordered for floats: false on NaN, except `!=`). */
function compare(s: FuncState, n: Ins): string {
  const ot = n.args[0].ty;
  const a = s.ins(s, n.args[0]);
  const b = s.ins(s, n.args[1]);
  if (ot == T.F64) return value(s, "c", "fcmp " + floatCmp(n.op) + " double " + a + ", " + b);
  return value(s, "c", "icmp " + intCmp(n.op) + " " + llType(ot) + " " + a + ", " + b);
}

export function binary(s: FuncState, n: Ins): string {
  if (n.op >= Op.Eq && n.op <= Op.GeU) return value(s, "v", "zext i1 " + compare(s, n) + " to i32");
  if (n.op == Op.Add && n.ty == T.Ptr) return objectAddress(s, n);
  const ot = n.args[0].ty;
  const a = s.ins(s, n.args[0]);
  const b = s.ins(s, n.args[1]);
  const t = llType(ot);
  const op = n.op;
  if (ot == T.F64) {
    switch (op) {
      case Op.Add: return value(s, "v", "fadd double " + a + ", " + b);
      case Op.Sub: return value(s, "v", "fsub double " + a + ", " + b);
      case Op.Mul: return value(s, "v", "fmul double " + a + ", " + b);
      case Op.FDiv: return value(s, "v", "fdiv double " + a + ", " + b);
      // llvm.minimum/maximum propagate NaN and order -0 below +0, as wasm's f64.min/max do.
      case Op.FMin: intrinsic(s, "declare double @llvm.minimum.f64(double, double)");
        return value(s, "v", "call double @llvm.minimum.f64(double " + a + ", double " + b + ")");
      case Op.FMax: intrinsic(s, "declare double @llvm.maximum.f64(double, double)");
        return value(s, "v", "call double @llvm.maximum.f64(double " + a + ", double " + b + ")");
      case Op.FCopysign: intrinsic(s, "declare double @llvm.copysign.f64(double, double)");
        return value(s, "v", "call double @llvm.copysign.f64(double " + a + ", double " + b + ")");
    }
    s.ctx.errors.push("unsupported f64 binary op " + (<i32>op).toString());
    return "poison";
  }
  const mask = ot == T.I64 ? "63" : "31";
  switch (op) {
    case Op.Add: return value(s, "v", "add " + t + " " + a + ", " + b);
    case Op.Sub: return value(s, "v", "sub " + t + " " + a + ", " + b);
    case Op.Mul: return value(s, "v", "mul " + t + " " + a + ", " + b);
    case Op.And: return value(s, "v", "and " + t + " " + a + ", " + b);
    case Op.Or: return value(s, "v", "or " + t + " " + a + ", " + b);
    case Op.Xor: return value(s, "v", "xor " + t + " " + a + ", " + b);
    // Wasm takes shift counts modulo the width; LLVM would call larger counts poison.
    case Op.Shl: case Op.ShrS: case Op.ShrU: {
      const k = value(s, "k", "and " + t + " " + b + ", " + mask);
      const instr = op == Op.Shl ? "shl" : op == Op.ShrS ? "ashr" : "lshr";
      return value(s, "v", instr + " " + t + " " + a + ", " + k);
    }
    case Op.DivU: case Op.RemU:
      zeroCheck(s, t, b, n.args[1]);
      return value(s, "v", (op == Op.DivU ? "udiv " : "urem ") + t + " " + a + ", " + b);
    case Op.DivS: case Op.RemS: {
      zeroCheck(s, t, b, n.args[1]);
      const d = n.args[1];
      if (d.kind == K.Const && d.i != -1 && (ot == T.I64 || <i32>d.i != -1)) {
        return value(s, "v", (op == Op.DivS ? "sdiv " : "srem ") + t + " " + a + ", " + b);
      }
      // MIN / -1 overflows (undefined in LLVM, a trap in wasm); the runtime
      // never divides by -1, but keep it defined: divide by 1 and fix up.
      const m1 = value(s, "m1", "icmp eq " + t + " " + b + ", -1");
      const safe = value(s, "d", "select i1 " + m1 + ", " + t + " 1, " + t + " " + b);
      if (op == Op.DivS) {
        const q = value(s, "q", "sdiv " + t + " " + a + ", " + safe);
        const neg = value(s, "neg", "sub " + t + " 0, " + a);
        return value(s, "v", "select i1 " + m1 + ", " + t + " " + neg + ", " + t + " " + q);
      }
      const r = value(s, "q", "srem " + t + " " + a + ", " + safe);
      return value(s, "v", "select i1 " + m1 + ", " + t + " 0, " + t + " " + r);
    }
  }
  s.ctx.errors.push("unsupported integer binary op " + (<i32>op).toString());
  return "poison";
}

/**
 * An address inside an object: the lowering types `object + offset` and
 * `array + index * size` as Ptr only where the sum stays inside the object
 * (indices are bounds-checked first), so the sum cannot wrap and carries
 * `nuw`. That lets LLVM widen it into the 64-bit address arithmetic, fold
 * constant offsets into the load or store and see that neighbouring fields
 * are adjacent. Any other shape is a plain add.
 */
function objectAddress(s: FuncState, n: Ins): string {
  const a = s.ins(s, n.args[0]);
  const off = n.args[1];
  if (off.kind == K.Const && off.i >= 0 && off.i < 0x40000000) return value(s, "v", "add nuw i32 " + a + ", " + off.i.toString());
  if (off.kind == K.Binary && off.op == Op.Mul && off.ty == T.I32 && off.args[1].kind == K.Const && off.args[1].i > 0 && off.args[1].i <= 256) {
    const scaled = value(s, "v", "mul nuw i32 " + s.ins(s, off.args[0]) + ", " + off.args[1].i.toString());
    return value(s, "v", "add nuw i32 " + a + ", " + scaled);
  }
  return value(s, "v", "add i32 " + a + ", " + s.ins(s, off));
}

function floatCall(s: FuncState, name: string, a: string): string {
  intrinsic(s, "declare double @llvm." + name + ".f64(double)");
  return value(s, "v", "call double @llvm." + name + ".f64(double " + a + ")");
}

/**
 * Wasm's f64.nearest (ties to even) without llvm.roundeven, which becomes a
 * call to a `roundeven` no target links on baseline x86-64: adding and
 * subtracting 2^52 rounds |x| < 2^52 to an integer in the default
 * rounding mode, larger values (and NaN) are already integral.
 */
function nearest(s: FuncState, a: string): string {
  const abs = floatCall(s, "fabs", a);
  const big = value(s, "big", "fcmp uge double " + abs + ", 0x4330000000000000");
  const up = value(s, "v", "fadd double " + abs + ", 0x4330000000000000");
  const down = value(s, "v", "fsub double " + up + ", 0x4330000000000000");
  const r = value(s, "v", "select i1 " + big + ", double " + abs + ", double " + down);
  intrinsic(s, "declare double @llvm.copysign.f64(double, double)");
  return value(s, "v", "call double @llvm.copysign.f64(double " + r + ", double " + a + ")");
}

export function unary(s: FuncState, n: Ins): string {
  const from = n.args[0].ty;
  const a = s.ins(s, n.args[0]);
  const ft = llType(from);
  const tt = llType(n.ty);
  switch (n.op) {
    case Op.Eqz: {
      const c = value(s, "c", "icmp eq " + ft + " " + a + ", 0");
      return value(s, "v", "zext i1 " + c + " to i32");
    }
    case Op.FNeg: return value(s, "v", "fneg double " + a);
    case Op.FAbs: return floatCall(s, "fabs", a);
    case Op.FSqrt: return floatCall(s, "sqrt", a);
    case Op.FFloor: return floatCall(s, "floor", a);
    case Op.FCeil: return floatCall(s, "ceil", a);
    case Op.FTrunc: return floatCall(s, "trunc", a);
    case Op.FNearest: return nearest(s, a);
    case Op.ExtendI32S: return value(s, "v", "sext i32 " + a + " to i64");
    case Op.ExtendI32U: return value(s, "v", "zext i32 " + a + " to i64");
    case Op.WrapI64: return value(s, "v", "trunc i64 " + a + " to i32");
    case Op.ConvertS: return value(s, "v", "sitofp " + ft + " " + a + " to double");
    case Op.ConvertU: return value(s, "v", "uitofp " + ft + " " + a + " to double");
    // Saturating, NaN → 0: wasm's trunc_sat, never poison.
    case Op.TruncSatS: intrinsic(s, "declare " + tt + " @llvm.fptosi.sat." + tt + ".f64(double)");
      return value(s, "v", "call " + tt + " @llvm.fptosi.sat." + tt + ".f64(double " + a + ")");
    case Op.TruncSatU: intrinsic(s, "declare " + tt + " @llvm.fptoui.sat." + tt + ".f64(double)");
      return value(s, "v", "call " + tt + " @llvm.fptoui.sat." + tt + ".f64(double " + a + ")");
    case Op.Reinterpret: return value(s, "v", "bitcast " + ft + " " + a + " to " + tt);
    case Op.Extend8S: {
      const b = value(s, "b", "trunc " + ft + " " + a + " to i8");
      return value(s, "v", "sext i8 " + b + " to " + tt);
    }
  }
  s.ctx.errors.push("unsupported unary op " + (<i32>n.op).toString());
  return "poison";
}
