import { Func, Ins, K, Op, T } from "../../ir/ir";
import { tbaaTag } from "./tbaa";
import { doubleConst, funcName, intConst, llType } from "./names";

/** What a function emitter needs from the module: callee signatures and the intrinsics it declares. */
export class ModuleContext {
  /** Callee name → its symbol, result and parameter types (functions and import adapters alike). */
  symbols: Map<string, string> = new Map();
  results: Map<string, T> = new Map();
  params: Map<string, T[]> = new Map();
  declares: Set<string> = new Set();
  declareOrder: string[] = [];
  errors: string[] = [];
  /** Whether some function calls through @pith.table. */
  usesTable: bool = false;

  addDeclare(line: string): void {
    if (this.declares.has(line)) return;
    this.declares.add(line);
    this.declareOrder.push(line);
  }
}

class Label {
  /** `slot` holds a block's result (typed blocks only): branches that carry a value store it there. */
  constructor(public id: i32, public target: string, public slot: string = "", public ty: T = T.None) {}
}

function collectTargets(list: Ins[], into: Set<i32>): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (n.kind == K.Br || n.kind == K.BrIf) into.add(<i32>n.i);
    collectTargets(n.args, into);
    collectTargets(n.body, into);
    collectTargets(n.other, into);
  }
}

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

/**
 * Lowers one IR function to LLVM IR. Every IR local is an alloca in the
 * entry block (mem2reg turns them into SSA values); structured control flow
 * becomes basic blocks: a Block label names its continuation, a Loop label
 * its header, so Br/BrIf are plain branches. Values are returned as operand
 * text (`%t.4`, `42`, `poison`).
 */
export class FuncEmitter {
  lines: string[] = [];
  count: i32 = 0;
  open: bool = true;
  cur: string = "entry";
  labels: Label[] = [];
  targets: Set<i32> = new Set();
  slots: string[] = [];
  usesHeap: bool = false;
  usesTrap: bool = false;

  constructor(public ctx: ModuleContext, public f: Func) {}

  fresh(prefix: string): string {
    return prefix + "." + (this.count++).toString();
  }

  /** Emits an instruction; code after a terminator lands in a fresh block that nothing reaches. */
  emit(line: string): void {
    if (!this.open) this.start(this.fresh("dead"));
    this.lines.push("  " + line);
  }

  value(prefix: string, rhs: string): string {
    const v = "%" + this.fresh(prefix);
    this.emit(v + " = " + rhs);
    return v;
  }

  terminate(line: string): void {
    this.emit(line);
    this.open = false;
  }

  start(name: string): void {
    this.lines.push(name + ":");
    this.cur = name;
    this.open = true;
  }

  heap(): string {
    this.usesHeap = true;
    return "%heap";
  }

  /** A pointer into the heap for a 32-bit address plus a constant offset (wasm's 33-bit effective address). */
  address(addr: Ins, offset: i64): string {
    if (addr.kind == K.Const) {
      const at = (<i64>(<u32>(<i32>addr.i))) + offset;
      const heap = this.heap();
      return at == 0 ? heap : this.value("ptr", "getelementptr i8, ptr " + heap + ", i64 " + at.toString());
    }
    const element = this.elementAddress(addr, offset);
    if (element.length > 0) return element;
    const a = this.ins(addr);
    let wide = this.value("a", "zext i32 " + a + " to i64");
    if (offset != 0) wide = this.value("a", "add i64 " + wide + ", " + offset.toString());
    return this.value("ptr", "getelementptr i8, ptr " + this.heap() + ", i64 " + wide);
  }

  /**
   * The heap pointer of an array element's address `block { ..; p + (i as i32) * size + base }`
   * computed in 64 bits: the index is in bounds (checked, or proven by a loop's
   * entry test), so no 32-bit sum wraps, and LLVM can step the address of a
   * loop's index as an induction variable. "" for other addresses.
   */
  elementAddress(addr: Ins, offset: i64): string {
    if (addr.kind != K.Block || addr.i != 0 || addr.ty != T.Ptr || addr.body.length == 0 || this.targets.has(0)) return "";
    const last = addr.body[addr.body.length - 1];
    if (last.kind != K.Binary || last.op != Op.Add || last.ty != T.Ptr || last.args[1].kind != K.Const) return "";
    const sum = last.args[0];
    if (sum.kind != K.Binary || sum.op != Op.Add || sum.ty != T.Ptr || sum.args[0].kind != K.LocalGet) return "";
    const scaled = sum.args[1];
    if (scaled.kind != K.Binary || scaled.op != Op.Mul || scaled.ty != T.I32 || scaled.args[1].kind != K.Const) return "";
    const wrap = scaled.args[0];
    if (wrap.kind != K.Unary || wrap.op != Op.WrapI64 || wrap.args[0].kind != K.LocalGet) return "";
    const size = <i64>(<i32>scaled.args[1].i);
    const base = <i64>(<i32>last.args[1].i);
    if (size <= 0 || base < 0) return "";
    this.list(addr.body.slice(0, addr.body.length - 1), false);
    if (!this.open) return this.heap();
    const p = this.value("a", "zext i32 " + this.ins(sum.args[0]) + " to i64");
    const at = this.value("a", "mul nuw nsw i64 " + this.ins(wrap.args[0]) + ", " + size.toString());
    const start = this.value("a", "add nuw nsw i64 " + p + ", " + (base + offset).toString());
    const wide = this.value("a", "add nuw nsw i64 " + start + ", " + at);
    return this.value("ptr", "getelementptr i8, ptr " + this.heap() + ", i64 " + wide);
  }

  bool(v: string): string {
    return this.value("c", "icmp ne i32 " + v + ", 0");
  }

  intrinsic(decl: string): void {
    this.ctx.addDeclare(decl);
  }

  /** Emits a list; returns the value of its last instruction when wanted. Code after a terminator is skipped: nothing can reach it. */
  list(body: Ins[], want: bool): string {
    let v = "";
    for (let i = 0; i < body.length; i++) {
      if (!this.open) return want ? "poison" : "";
      v = this.ins(body[i]);
    }
    if (want && (v == "" || !this.open)) return "poison";
    return v;
  }

  /** The enclosing label a branch names; an unknown one is reported (a compiler bug) and gives null. */
  labelOf(label: i32): Label | null {
    for (let i = this.labels.length - 1; i >= 0; i--) if (this.labels[i].id == label) return this.labels[i];
    this.ctx.errors.push("branch to unknown label " + label.toString() + " in " + this.f.name);
    return null;
  }

  /** A value a branch carries goes to the target block's result slot (typed blocks only). */
  storeResult(target: Label, v: string): void {
    if (target.slot != "") this.emit("store " + llType(target.ty) + " " + v + ", ptr " + target.slot);
  }

  /**
   * A branch to a label with the value it carries (the inliner turns
   * `return v` into a branch out of the inlined block); null when the label
   * is unknown.
   */
  branchValue(label: i32, value: Ins | null): Label | null {
    const target = this.labelOf(label);
    if (target === null) return null;
    if (value !== null) this.storeResult(target, this.ins(value));
    return target;
  }

  ins(n: Ins): string {
    if (n.loc.length > 0) this.lines.push("  ; " + n.loc);
    switch (n.kind) {
      case K.Const:
        if (n.ty == T.F64) return doubleConst(n.f);
        return intConst(n.ty, n.i);
      case K.LocalGet: {
        const t = this.f.locals[<i32>n.i];
        return this.value("v", "load " + llType(t) + ", ptr %l." + n.i.toString());
      }
      case K.LocalSet: case K.LocalTee: {
        const t = this.f.locals[<i32>n.i];
        const v = this.ins(n.args[0]);
        this.emit("store " + llType(t) + " " + v + ", ptr %l." + n.i.toString());
        return n.kind == K.LocalTee ? v : "";
      }
      case K.Binary: return this.binary(n);
      case K.Unary: return this.unary(n);
      case K.Load: {
        const p = this.address(n.args[0], n.i);
        const tag = tbaaTag(n.mem, n.width, n.ty);
        if (n.width == 1) {
          const b = this.value("b", "load i8, ptr " + p + tag);
          return this.value("v", "zext i8 " + b + " to " + llType(n.ty));
        }
        const t = llType(n.ty);
        return this.value("v", "load " + t + ", ptr " + p + ", align " + n.width.toString() + tag);
      }
      case K.Store: {
        const p = this.address(n.args[0], n.i);
        const v = this.ins(n.args[1]);
        const vt = n.args[1].ty;
        const tag = tbaaTag(n.mem, n.width, vt);
        if (n.width == 1) {
          const b = this.value("b", "trunc " + llType(vt) + " " + v + " to i8");
          this.emit("store i8 " + b + ", ptr " + p + tag);
        } else this.emit("store " + llType(vt) + " " + v + ", ptr " + p + ", align " + n.width.toString() + tag);
        return "";
      }
      case K.Call: return this.call(n);
      case K.CallIndirect: return this.callIndirect(n);
      case K.Block: return this.block(n);
      case K.Loop: {
        const head = this.fresh("loop");
        this.terminate("br label %" + head);
        this.start(head);
        this.labels.push(new Label(<i32>n.i, head));
        const v = this.list(n.body, n.ty != T.None);
        this.labels.pop();
        return v;
      }
      case K.If: return this.iff(n);
      case K.Br: {
        const target = this.branchValue(<i32>n.i, n.args.length > 0 ? n.args[0] : null);
        this.terminate(target === null ? "unreachable" : "br label %" + target.target);
        return "";
      }
      case K.BrIf: {
        // Operands as wasm's br_if: an optional carried value, then the condition.
        const hasValue = n.args.length > 1;
        const value = hasValue ? this.ins(n.args[0]) : "";
        const c = this.cond(n.args[n.args.length - 1]);
        const target = this.labelOf(<i32>n.i);
        if (target === null) return value;
        if (hasValue) this.storeResult(target, value);
        const next = this.fresh("next");
        this.terminate("br i1 " + c + ", label %" + target.target + ", label %" + next);
        this.start(next);
        return value;
      }
      case K.Return: {
        if (n.args.length > 0 && this.f.result != T.None) {
          const v = this.ins(n.args[0]);
          this.terminate("ret " + llType(this.f.result) + " " + v);
        } else {
          for (let i = 0; i < n.args.length; i++) this.ins(n.args[i]);
          this.terminate(this.f.result == T.None ? "ret void" : "ret " + llType(this.f.result) + " poison");
        }
        return "";
      }
      case K.Drop: this.ins(n.args[0]); return "";
      case K.Unreachable: this.terminate("unreachable"); return "";
      case K.Select: {
        const a = this.ins(n.args[0]);
        const b = this.ins(n.args[1]);
        const c = this.cond(n.args[2]);
        return this.value("v", "select i1 " + c + ", " + llType(n.ty) + " " + a + ", " + llType(n.ty) + " " + b);
      }
      case K.MemorySize: return this.value("pages", "load i32, ptr @pith.pages");
      case K.MemoryGrow: {
        const d = this.ins(n.args[0]);
        return this.value("grown", "call i32 @pith.memory_grow(i32 " + d + ")");
      }
      case K.MemoryCopy: {
        const dst = this.address(n.args[0], 0);
        const src = this.address(n.args[1], 0);
        const len = this.value("len", "zext i32 " + this.ins(n.args[2]) + " to i64");
        this.intrinsic("declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)");
        this.emit("call void @llvm.memmove.p0.p0.i64(ptr " + dst + ", ptr " + src + ", i64 " + len + ", i1 false)");
        return "";
      }
      case K.MemoryFill: {
        const dst = this.address(n.args[0], 0);
        const b = this.value("b", "trunc i32 " + this.ins(n.args[1]) + " to i8");
        const len = this.value("len", "zext i32 " + this.ins(n.args[2]) + " to i64");
        this.intrinsic("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)");
        this.emit("call void @llvm.memset.p0.i64(ptr " + dst + ", i8 " + b + ", i64 " + len + ", i1 false)");
        return "";
      }
    }
    return "";
  }

  call(n: Ins): string {
    const name = n.name;
    if (!this.ctx.symbols.has(name)) {
      this.ctx.errors.push("call to unknown function '" + name + "' in " + this.f.name);
      return n.ty == T.None ? "" : "poison";
    }
    const params = this.ctx.params.get(name);
    const result = this.ctx.results.get(name);
    const args: string[] = [];
    for (let i = 0; i < n.args.length; i++) {
      const v = this.ins(n.args[i]);
      const t = i < params.length ? params[i] : n.args[i].ty;
      args.push(llType(t) + " " + v);
    }
    const text = "call " + llType(result) + " " + this.ctx.symbols.get(name) + "(" + args.join(", ") + ")";
    if (result == T.None) { this.emit(text); return ""; }
    return this.value("r", text);
  }

  /** Wasm's call_indirect: the callee's pointer from @pith.table at the slot. */
  callIndirect(n: Ins): string {
    const args: string[] = [];
    const count = n.args.length - 1;
    for (let i = 0; i < count; i++) {
      const v = this.ins(n.args[i]);
      const t = i < n.sig.length ? n.sig[i] : n.args[i].ty;
      args.push(llType(t) + " " + v);
    }
    const slot = this.ins(n.args[count]);
    this.ctx.usesTable = true;
    const wide = this.value("s", "zext i32 " + slot + " to i64");
    const at = this.value("fp", "getelementptr ptr, ptr @pith.table, i64 " + wide);
    const fp = this.value("fn", "load ptr, ptr " + at);
    const text = "call " + llType(n.ty) + " " + fp + "(" + args.join(", ") + ")";
    if (n.ty == T.None) { this.emit(text); return ""; }
    return this.value("r", text);
  }

  block(n: Ins): string {
    const want = n.ty != T.None;
    const label = <i32>n.i;
    // A block nothing branches to is only a sequence: no basic block needed.
    if (!this.targets.has(label)) return this.list(n.body, want);
    const end = this.fresh("block");
    let slot = "";
    if (want) {
      // The fall-through and every branch carrying a value store into one
      // slot; mem2reg turns it into a phi.
      slot = "%" + this.fresh("result");
      this.slots.push(slot + " = alloca " + llType(n.ty));
    }
    this.labels.push(new Label(label, end, slot, n.ty));
    const v = this.list(n.body, want);
    this.labels.pop();
    if (this.open) {
      if (want) this.emit("store " + llType(n.ty) + " " + v + ", ptr " + slot);
      this.terminate("br label %" + end);
    }
    this.start(end);
    return want ? this.value("v", "load " + llType(n.ty) + ", ptr " + slot) : "";
  }

  iff(n: Ins): string {
    const want = n.ty != T.None;
    const c = this.cond(n.args[0]);
    const id = (this.count++).toString();
    const thenB = "then." + id;
    const elseB = "else." + id;
    const endB = "endif." + id;
    const hasElse = n.other.length > 0;
    this.terminate("br i1 " + c + ", label %" + thenB + ", label %" + (hasElse ? elseB : endB));
    const condBlock = this.cur;
    const incoming: string[] = [];
    this.start(thenB);
    const tv = this.list(n.body, want);
    if (this.open) {
      if (want) incoming.push("[ " + tv + ", %" + this.cur + " ]");
      this.terminate("br label %" + endB);
    }
    if (hasElse) {
      this.start(elseB);
      const ev = this.list(n.other, want);
      if (this.open) {
        if (want) incoming.push("[ " + ev + ", %" + this.cur + " ]");
        this.terminate("br label %" + endB);
      }
    } else if (want) incoming.push("[ poison, %" + condBlock + " ]");
    this.start(endB);
    if (!want) return "";
    if (incoming.length == 0) return "poison";
    return this.value("v", "phi " + llType(n.ty) + " " + incoming.join(", "));
  }

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

  /** The whole function definition. */
  emitFunction(symbol: string): string {
    const f = this.f;
    collectTargets(f.body, this.targets);
    const want = f.result != T.None;
    const v = this.list(f.body, want);
    if (this.open) this.terminate(want ? "ret " + llType(f.result) + " " + v : "ret void");
    const params: string[] = [];
    for (let i = 0; i < f.params.length; i++) params.push(llType(f.params[i]) + " %arg." + i.toString());
    const out: string[] = [];
    // Copy-on-write helpers run only when a value is shared: cold, and kept
    // out of line so the common path in loops needs no spills around them.
    const attrs = f.name.startsWith("unique.") ? "#1" : "#0";
    out.push("define internal " + llType(f.result) + " " + symbol + "(" + params.join(", ") + ") " + attrs + " {");
    out.push("entry:");
    // Locals start at zero, as in wasm.
    for (let i = 0; i < f.locals.length; i++) out.push("  %l." + i.toString() + " = alloca " + llType(f.locals[i]));
    for (let i = 0; i < this.slots.length; i++) out.push("  " + this.slots[i]);
    if (this.usesHeap) out.push("  %heap = load ptr, ptr @pith.heap");
    for (let i = 0; i < f.locals.length; i++) {
      const t = f.locals[i];
      const init = i < f.params.length ? "%arg." + i.toString() : t == T.F64 ? "0.0" : "0";
      out.push("  store " + llType(t) + " " + init + ", ptr %l." + i.toString());
    }
    for (let i = 0; i < this.lines.length; i++) out.push(this.lines[i]);
    if (this.usesTrap) {
      this.intrinsic("declare void @llvm.trap() cold noreturn nounwind");
      out.push("trap:");
      out.push("  call void @llvm.trap()");
      out.push("  unreachable");
    }
    out.push("}");
    return out.join("\n");
  }
}

/** The symbol a Pith function gets. */
export function symbolOf(f: Func): string {
  return funcName(f.name);
}
