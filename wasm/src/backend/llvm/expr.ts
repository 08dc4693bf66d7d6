import { Func, Ins, K, Op, T } from "../../ir/ir";
import { tbaaTag } from "./tbaa";
import { parsePosition, Position } from "./debug";
import { doubleConst, funcName, intConst, llType } from "./names";
import { ArithEmitter } from "./arith";
import { Label } from "./emitter";
import { COPY_HELPER, copyHelper } from "./copy";

function collectTargets(list: Ins[], into: Set<i32>): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (n.kind == K.Br || n.kind == K.BrIf) into.add(<i32>n.i);
    collectTargets(n.args, into);
    collectTargets(n.body, into);
    collectTargets(n.other, into);
  }
}

/**
 * Lowers one IR function to LLVM IR. Every IR local is an alloca in the
 * entry block (mem2reg turns them into SSA values); structured control flow
 * becomes basic blocks: a Block label names its continuation, a Loop label
 * its header, so Br/BrIf are plain branches. Values are returned as operand
 * text (`%t.4`, `42`, `poison`).
 */
export class FuncEmitter extends ArithEmitter {
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
    if (n.loc.length > 0) {
      this.lines.push("  ; " + n.loc);
      this.markLine(n.loc);
    }
    if (n.body.length == 0 && n.other.length == 0) return this.node(n);
    // The statements of a nested body mark their own lines; what follows the
    // body belongs to the statement that holds it again (with -g).
    const outer = this.dbg;
    const v = this.node(n);
    this.dbg = outer;
    return v;
  }

  node(n: Ins): string {
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
        if (n.args[2].kind == K.Const) {
          // LLVM expands a short copy of a constant length itself.
          this.emit("call void @llvm.memmove.p0.p0.i64(ptr " + dst + ", ptr " + src + ", i64 " + len + ", i1 false)");
        } else {
          // One of a length known only at run time: copy.ts's inlined helper.
          this.intrinsic(copyHelper());
          this.emit("call void " + COPY_HELPER + "(ptr " + dst + ", ptr " + src + ", i64 " + len + ")");
        }
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
  /** The whole function definition. */
  /** The debug scope of this function (-g only): its subprogram and the file it is declared in. */
  scope: i32 = 0;
  scopeFile: string = "";

  /**
   * Later instructions belong to the statement at `loc` (with -g). A
   * statement of another file (a body of another module the compiler
   * inlined) stays with the statement of this file that it came from: that
   * call is the line a reader of this function looks for.
   */
  markLine(loc: string): void {
    const debug = this.ctx.debug;
    if (debug === null) return;
    const at = parsePosition(loc);
    if (at !== null && at.file == this.scopeFile) this.dbg = debug.location(this.scope, at);
  }

  emitFunction(symbol: string): string {
    const f = this.f;
    collectTargets(f.body, this.targets);
    let entryDbg = "";
    let header = "";
    const debug = this.ctx.debug;
    if (debug !== null) {
      const at = parsePosition(f.loc);
      this.scope = debug.subprogram(f.name, at, debug.entryFile);
      this.scopeFile = at !== null ? at.file : debug.entryFile;
      header = " !dbg !" + this.scope.toString();
      entryDbg = debug.location(this.scope, at !== null ? at : new Position(debug.entryFile, 0, 0));
      this.dbg = entryDbg;
    }
    const want = f.result != T.None;
    const v = this.list(f.body, want);
    if (this.open) this.terminate(want ? "ret " + llType(f.result) + " " + v : "ret void");
    const params: string[] = [];
    for (let i = 0; i < f.params.length; i++) params.push(llType(f.params[i]) + " %arg." + i.toString());
    const out: string[] = [];
    // Copy-on-write helpers run only when a value is shared: cold, and kept
    // out of line so the common path in loops needs no spills around them.
    const attrs = f.name.startsWith("unique_copy.") ? "#1" : "#0";
    out.push("define internal " + llType(f.result) + " " + symbol + "(" + params.join(", ") + ") " + attrs + header + " {");
    out.push("entry:");
    // Locals start at zero, as in wasm.
    for (let i = 0; i < f.locals.length; i++) out.push("  %l." + i.toString() + " = alloca " + llType(f.locals[i]) + entryDbg);
    for (let i = 0; i < this.slots.length; i++) out.push("  " + this.slots[i] + entryDbg);
    if (this.usesHeap) out.push("  %heap = load ptr, ptr @pith.heap" + entryDbg);
    for (let i = 0; i < f.locals.length; i++) {
      const t = f.locals[i];
      const init = i < f.params.length ? "%arg." + i.toString() : t == T.F64 ? "0.0" : "0";
      out.push("  store " + llType(t) + " " + init + ", ptr %l." + i.toString() + entryDbg);
    }
    for (let i = 0; i < this.lines.length; i++) out.push(this.lines[i]);
    if (this.usesTrap) {
      this.intrinsic("declare void @llvm.trap() cold noreturn nounwind");
      out.push("trap:");
      out.push("  call void @llvm.trap()" + entryDbg);
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
