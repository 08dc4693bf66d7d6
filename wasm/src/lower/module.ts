import { Program } from "../check/program";
import { Type } from "../check/types";
import { Diagnostics } from "../diagnostics";
import { Func, Import, IrModule, T } from "../ir/ir";
import { ClosureExpr, FnInfo } from "../syntax/ast";
import { DataSegment, irType } from "./layout";

/**
 * Module-level state of the lowering: which functions are needed (a work
 * list from `main`, so unused runtime and library functions are never
 * emitted), the static data, and the generated per-type helpers.
 */
export class ModuleLowering {
  ir: IrModule = new IrModule();
  data: DataSegment = new DataSegment(8192);
  queue: string[] = [];
  requested: Set<string> = new Set();
  helperTypes: Map<string, Type> = new Map();
  funcByName: Map<string, Func> = new Map();
  // Closure bodies waiting to be lowered as functions, by generated name.
  closures: Map<string, ClosureExpr> = new Map();
  closureCount: i32 = 0;
  // Named functions used as values: the address of their static closure.
  fnRefs: Map<string, i32> = new Map();
  // Whether loop nests that keep arrays unshared get their checks before the
  // nest (unique_nests.ts); off at -O0, which the differential fuzzer compares with.
  uniqueNests: bool = true;
  // Whether the code is for the wasm backend (else LLVM).
  forWasm: bool = true;
  // Debug builds (`--debug`): hooks at statements and function entries and
  // exits that call the host's debugger (debug_hooks.ts).
  debugHooks: bool = false;
  // Per source file of a debug build: the address of its line table.
  debugTables: Map<string, i32> = new Map();
  // A debug build's call stack area (debug_hooks.ts); 0 until reserved.
  debugStack: i32 = 0;
  // A debug build's descriptions of its locals' types, by type name (debug_types.ts).
  debugTypes: Map<string, string> = new Map();

  constructor(public program: Program, public diags: Diagnostics, public leakCheck: bool) {
  }

  /** Marks a function as needed; returns its name for a call instruction. */
  request(name: string): string {
    if (!this.requested.has(name)) {
      this.requested.add(name);
      this.queue.push(name);
    }
    return name;
  }

  requestHelper(kind: string, t: Type): string {
    const name = kind + "." + t.name;
    this.helperTypes.set(name, t);
    return this.request(name);
  }

  /** Puts a function in the table for indirect calls; returns its slot. */
  tableSlot(name: string): i32 {
    this.ir.table.push(name);
    return this.ir.table.length;
  }

  resultOf(name: string): T {
    if (this.program.funcs.has(name)) return irType(this.program.funcs.get(name).ret);
    return T.None;
  }

  addImport(f: FnInfo): void {
    const params: T[] = [];
    for (let i = 0; i < f.params.length; i++) params.push(irType(f.params[i]));
    this.ir.imports.push(new Import(f.decl.externModule, f.decl.name, f.name, params, irType(f.ret)));
  }

  addFunc(f: Func): void {
    this.ir.funcs.push(f);
    this.funcByName.set(f.name, f);
  }
}
