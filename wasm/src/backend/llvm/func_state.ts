import { Func, Ins, T } from "../../ir/ir";
import { ModuleContext } from "./module_context";

/** Emits one IR instruction and answers its operand text (`%t.4`, `42`, `poison`, or "" for none). */
export type EmitIns = (s: FuncState, n: Ins) => string;

export class Label {
  /** `slot` holds a block's result (typed blocks only): branches that carry a value store it there. */
  constructor(public id: i32, public target: string, public slot: string = "", public ty: T = T.None) {}
}

/**
 * The state of lowering one IR function to LLVM IR: the lines written so
 * far, the block being filled, the enclosing labels and what the function
 * turned out to need (the heap pointer, the trap block). The functions that
 * write into it live by concept in writer.ts, arith.ts, memory.ts, calls.ts,
 * control.ts and expr.ts; function.ts drives them.
 */
export class FuncState {
  lines: string[] = [];
  count: i32 = 0;
  open: bool = true;
  cur: string = "entry";
  labels: Label[] = [];
  /** Labels some branch names: only their blocks need a basic block of their own. */
  targets: Set<i32> = new Set();
  /** Result allocas of typed blocks, hoisted into the entry block. */
  slots: string[] = [];
  usesHeap: bool = false;
  usesTrap: bool = false;
  /** `, !dbg !N` for the statement being emitted; empty without -g. */
  dbg: string = "";
  /** The debug scope of this function (-g only): its subprogram and the file it is declared in. */
  scope: i32 = 0;
  scopeFile: string = "";

  /**
   * `ins` is expr.ts's instruction emitter, passed in by function.ts so that
   * the arithmetic, memory, call and control-flow files can emit their
   * operands without importing the file that dispatches to them.
   */
  constructor(public ctx: ModuleContext, public f: Func, public ins: EmitIns) {}
}
