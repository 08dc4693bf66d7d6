import { Ins, K, Op, T } from "../../ir/ir";
import { EmitterBase } from "./emitter";
import { llType } from "./names";

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
/** Arithmetic, comparisons, conversions and the address sums inside objects. */
export class ArithEmitter extends EmitterBase {
  /** Wasm traps on integer division by zero; so does this (the runtime panics before it can happen). */
  zeroCheck(t: string, b: string, divisor: Ins): void {
    if (divisor.kind == K.Const && divisor.i != 0) return;
    this.usesTrap = true;
    const z = this.value("z", "icmp eq " + t + " " + b + ", 0");
    const ok = this.fresh("nonzero");
    this.terminate("br i1 " + z + ", label %trap, label %" + ok);
    this.start(ok);
  }

  /**
   * A condition as an i1. Comparisons and eqz feed the branch directly
   * instead of going through an i32 0/1 and back: shorter, and what a
   * reader expects to see.
   */
  cond(n: Ins): string {
    if (n.kind == K.Binary && n.op >= Op.Eq && n.op <= Op.GeU) return this.compare(n);
    if (n.kind == K.Unary && n.op == Op.Eqz) {
      const a = this.ins(n.args[0]);
      return this.value("c", "icmp eq " + llType(n.args[0].ty) + " " + a + ", 0");
    }
    return this.bool(this.ins(n));
  }

  /** A comparison's i1 result (ordered for floats: false on NaN, except `!=`). */
  compare(n: Ins): string {
    const ot = n.args[0].ty;
    const a = this.ins(n.args[0]);
    const b = this.ins(n.args[1]);
    if (ot == T.F64) return this.value("c", "fcmp " + floatCmp(n.op) + " double " + a + ", " + b);
    return this.value("c", "icmp " + intCmp(n.op) + " " + llType(ot) + " " + a + ", " + b);
  }

  binary(n: Ins): string {
    if (n.op >= Op.Eq && n.op <= Op.GeU) return this.value("v", "zext i1 " + this.compare(n) + " to i32");
    if (n.op == Op.Add && n.ty == T.Ptr) return this.objectAddress(n);
    const ot = n.args[0].ty;
    const a = this.ins(n.args[0]);
    const b = this.ins(n.args[1]);
    const t = llType(ot);
    const op = n.op;
    if (ot == T.F64) {
      switch (op) {
        case Op.Add: return this.value("v", "fadd double " + a + ", " + b);
        case Op.Sub: return this.value("v", "fsub double " + a + ", " + b);
        case Op.Mul: return this.value("v", "fmul double " + a + ", " + b);
        case Op.FDiv: return this.value("v", "fdiv double " + a + ", " + b);
        // llvm.minimum/maximum propagate NaN and order -0 below +0, as wasm's f64.min/max do.
        case Op.FMin: this.intrinsic("declare double @llvm.minimum.f64(double, double)");
          return this.value("v", "call double @llvm.minimum.f64(double " + a + ", double " + b + ")");
        case Op.FMax: this.intrinsic("declare double @llvm.maximum.f64(double, double)");
          return this.value("v", "call double @llvm.maximum.f64(double " + a + ", double " + b + ")");
        case Op.FCopysign: this.intrinsic("declare double @llvm.copysign.f64(double, double)");
          return this.value("v", "call double @llvm.copysign.f64(double " + a + ", double " + b + ")");
      }
      this.ctx.errors.push("unsupported f64 binary op " + (<i32>op).toString());
      return "poison";
    }
    const mask = ot == T.I64 ? "63" : "31";
    switch (op) {
      case Op.Add: return this.value("v", "add " + t + " " + a + ", " + b);
      case Op.Sub: return this.value("v", "sub " + t + " " + a + ", " + b);
      case Op.Mul: return this.value("v", "mul " + t + " " + a + ", " + b);
      case Op.And: return this.value("v", "and " + t + " " + a + ", " + b);
      case Op.Or: return this.value("v", "or " + t + " " + a + ", " + b);
      case Op.Xor: return this.value("v", "xor " + t + " " + a + ", " + b);
      // Wasm takes shift counts modulo the width; LLVM would call larger counts poison.
      case Op.Shl: case Op.ShrS: case Op.ShrU: {
        const k = this.value("k", "and " + t + " " + b + ", " + mask);
        const instr = op == Op.Shl ? "shl" : op == Op.ShrS ? "ashr" : "lshr";
        return this.value("v", instr + " " + t + " " + a + ", " + k);
      }
      case Op.DivU: case Op.RemU:
        this.zeroCheck(t, b, n.args[1]);
        return this.value("v", (op == Op.DivU ? "udiv " : "urem ") + t + " " + a + ", " + b);
      case Op.DivS: case Op.RemS: {
        this.zeroCheck(t, b, n.args[1]);
        const d = n.args[1];
        if (d.kind == K.Const && d.i != -1 && (ot == T.I64 || <i32>d.i != -1)) {
          return this.value("v", (op == Op.DivS ? "sdiv " : "srem ") + t + " " + a + ", " + b);
        }
        // MIN / -1 overflows (undefined in LLVM, a trap in wasm); the runtime
        // never divides by -1, but keep it defined: divide by 1 and fix up.
        const m1 = this.value("m1", "icmp eq " + t + " " + b + ", -1");
        const safe = this.value("d", "select i1 " + m1 + ", " + t + " 1, " + t + " " + b);
        if (op == Op.DivS) {
          const q = this.value("q", "sdiv " + t + " " + a + ", " + safe);
          const neg = this.value("neg", "sub " + t + " 0, " + a);
          return this.value("v", "select i1 " + m1 + ", " + t + " " + neg + ", " + t + " " + q);
        }
        const r = this.value("q", "srem " + t + " " + a + ", " + safe);
        return this.value("v", "select i1 " + m1 + ", " + t + " 0, " + t + " " + r);
      }
    }
    this.ctx.errors.push("unsupported integer binary op " + (<i32>op).toString());
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
  objectAddress(n: Ins): string {
    const a = this.ins(n.args[0]);
    const off = n.args[1];
    if (off.kind == K.Const && off.i >= 0 && off.i < 0x40000000) return this.value("v", "add nuw i32 " + a + ", " + off.i.toString());
    if (off.kind == K.Binary && off.op == Op.Mul && off.ty == T.I32 && off.args[1].kind == K.Const && off.args[1].i > 0 && off.args[1].i <= 256) {
      const scaled = this.value("v", "mul nuw i32 " + this.ins(off.args[0]) + ", " + off.args[1].i.toString());
      return this.value("v", "add nuw i32 " + a + ", " + scaled);
    }
    return this.value("v", "add i32 " + a + ", " + this.ins(off));
  }

  floatCall(intrinsic: string, a: string): string {
    this.intrinsic("declare double @llvm." + intrinsic + ".f64(double)");
    return this.value("v", "call double @llvm." + intrinsic + ".f64(double " + a + ")");
  }

  /**
   * Wasm's f64.nearest (ties to even) without llvm.roundeven, which becomes a
   * call to a `roundeven` no target links on baseline x86-64: adding and
   * subtracting 2^52 rounds |x| < 2^52 to an integer in the default
   * rounding mode, larger values (and NaN) are already integral.
   */
  nearest(a: string): string {
    const abs = this.floatCall("fabs", a);
    const big = this.value("big", "fcmp uge double " + abs + ", 0x4330000000000000");
    const up = this.value("v", "fadd double " + abs + ", 0x4330000000000000");
    const down = this.value("v", "fsub double " + up + ", 0x4330000000000000");
    const r = this.value("v", "select i1 " + big + ", double " + abs + ", double " + down);
    this.intrinsic("declare double @llvm.copysign.f64(double, double)");
    return this.value("v", "call double @llvm.copysign.f64(double " + r + ", double " + a + ")");
  }

  unary(n: Ins): string {
    const from = n.args[0].ty;
    const a = this.ins(n.args[0]);
    const ft = llType(from);
    const tt = llType(n.ty);
    switch (n.op) {
      case Op.Eqz: {
        const c = this.value("c", "icmp eq " + ft + " " + a + ", 0");
        return this.value("v", "zext i1 " + c + " to i32");
      }
      case Op.FNeg: return this.value("v", "fneg double " + a);
      case Op.FAbs: return this.floatCall("fabs", a);
      case Op.FSqrt: return this.floatCall("sqrt", a);
      case Op.FFloor: return this.floatCall("floor", a);
      case Op.FCeil: return this.floatCall("ceil", a);
      case Op.FTrunc: return this.floatCall("trunc", a);
      case Op.FNearest: return this.nearest(a);
      case Op.ExtendI32S: return this.value("v", "sext i32 " + a + " to i64");
      case Op.ExtendI32U: return this.value("v", "zext i32 " + a + " to i64");
      case Op.WrapI64: return this.value("v", "trunc i64 " + a + " to i32");
      case Op.ConvertS: return this.value("v", "sitofp " + ft + " " + a + " to double");
      case Op.ConvertU: return this.value("v", "uitofp " + ft + " " + a + " to double");
      // Saturating, NaN → 0: wasm's trunc_sat, never poison.
      case Op.TruncSatS: this.intrinsic("declare " + tt + " @llvm.fptosi.sat." + tt + ".f64(double)");
        return this.value("v", "call " + tt + " @llvm.fptosi.sat." + tt + ".f64(double " + a + ")");
      case Op.TruncSatU: this.intrinsic("declare " + tt + " @llvm.fptoui.sat." + tt + ".f64(double)");
        return this.value("v", "call " + tt + " @llvm.fptoui.sat." + tt + ".f64(double " + a + ")");
      case Op.Reinterpret: return this.value("v", "bitcast " + ft + " " + a + " to " + tt);
      case Op.Extend8S: {
        const b = this.value("b", "trunc " + ft + " " + a + " to i8");
        return this.value("v", "sext i8 " + b + " to " + tt);
      }
    }
    this.ctx.errors.push("unsupported unary op " + (<i32>n.op).toString());
    return "poison";
  }
}
