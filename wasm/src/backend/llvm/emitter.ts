import { Func, Ins, T } from "../../ir/ir";
import { DebugInfo } from "./debug";

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
  /** Line tables, only when the build asks for them (-g). */
  debug: DebugInfo | null = null;

  addDeclare(line: string): void {
    if (this.declares.has(line)) return;
    this.declares.add(line);
    this.declareOrder.push(line);
  }
}

export class Label {
  /** `slot` holds a block's result (typed blocks only): branches that carry a value store it there. */
  constructor(public id: i32, public target: string, public slot: string = "", public ty: T = T.None) {}
}

/**
 * The LLVM IR function emitter's state and the primitives every part of it
 * writes with: fresh names, instructions, blocks, the heap pointer and the
 * intrinsics a function declares. The arithmetic (arith.ts) and the
 * instructions and control flow (expr.ts) build on it.
 */
export class EmitterBase {
  lines: string[] = [];
  count: i32 = 0;
  open: bool = true;
  cur: string = "entry";
  labels: Label[] = [];
  targets: Set<i32> = new Set();
  slots: string[] = [];
  usesHeap: bool = false;
  usesTrap: bool = false;
  /** `, !dbg !N` for the statement being emitted; empty without -g. */
  dbg: string = "";

  constructor(public ctx: ModuleContext, public f: Func) {}

  fresh(prefix: string): string {
    return prefix + "." + (this.count++).toString();
  }

  /** Emits an instruction; code after a terminator lands in a fresh block that nothing reaches. */
  emit(line: string): void {
    if (!this.open) this.start(this.fresh("dead"));
    this.lines.push("  " + line + this.dbg);
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

  bool(v: string): string {
    return this.value("c", "icmp ne i32 " + v + ", 0");
  }

  intrinsic(decl: string): void {
    this.ctx.addDeclare(decl);
  }

  // Overridden by the instruction emitter (expr.ts).
  ins(n: Ins): string { return "poison"; }
}
