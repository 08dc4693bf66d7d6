import { Program } from "../check/program";
import { TyK } from "../check/types";
import { Diagnostics } from "../diagnostics";
import { FnInfo } from "../syntax/ast";
import { call, Func, Ins, IrModule, K, T } from "../ir/ir";
import { ModuleLowering } from "./module";
import { genHelper, heapChildNames } from "./rc_helpers";
import { exprRules } from "./expr_rules";
import { lowerClosure, lowerFunction } from "./fn_lower";
import { FnState } from "./fn_state";
import { addDebugImports } from "./debug_hooks";

/** A program's lowering in progress: the module being built and the lowering of its functions. */
export class ProgramLowering {
  constructor(public m: ModuleLowering, public fns: FnState) {}
}

/**
 * Starts lowering the functions reachable from `main` (and the runtime they
 * use) to IR; `optimising` (not -O0) also keeps loop nests' arrays unshared
 * (unique_nests.ts); `forWasm`: the code is for the wasm backend. Null when
 * the program has no usable `main`. The caller then alternates `nextReached`
 * and `lowerReached` and ends with `finishLowering`: the library's bodies are
 * type-checked only where a program reaches them, and that check is the
 * caller's phase between the two, so the lowering never calls the checker.
 */
export function startLowering(program: Program, diags: Diagnostics, leakCheck: bool, optimising: bool = true, forWasm: bool = true, debugHooks: bool = false): ProgramLowering | null {
  const user = program.modules[0].module.source;
  if (!program.funcs.has("main")) {
    diags.error("E0212", user, 0, 0, "no 'main' function");
    return null;
  }
  const main = program.funcs.get("main");
  if (main.params.length > 0 || !(main.ret.kind == TyK.Unit || main.ret.kind == TyK.I32)) {
    diags.error("E0213", user, main.decl.nameStart, main.decl.nameStart + 4, "'main' must be 'fn main()' or 'fn main() -> i32'");
    return null;
  }
  const m = new ModuleLowering(program, diags, leakCheck);
  m.uniqueNests = optimising;
  m.forWasm = forWasm;
  m.debugHooks = debugHooks;
  if (debugHooks) addDebugImports(m);
  const start = new Func("_start", [], T.None);
  start.exportName = "_start";
  m.request("main");
  if (main.ret.kind == TyK.I32) {
    m.request("rt.proc_exit");
    start.body.push(call("rt.proc_exit", [call("main", [], T.I32)], T.None));
  } else start.body.push(call("main", [], T.None));
  m.addFunc(start);
  if (leakCheck) {
    const probe = new Func("__pith_live_allocations", [], T.I32);
    probe.exportName = "__pith_live_allocations";
    m.request("rt.live_allocations");
    probe.body.push(call("rt.live_allocations", [], T.I32));
    m.addFunc(probe);
  }
  const fns = new FnState(m);
  fns.rules = exprRules();
  return new ProgramLowering(m, fns);
}

/**
 * Lowers the queued helpers and closures up to the next source function the
 * program reaches, taken off the queue and returned for checking and
 * `lowerReached`; null when the queue is empty.
 */
export function nextReached(l: ProgramLowering): FnInfo | null {
  const m = l.m;
  const program = m.program;
  while (m.queue.length > 0) {
    const name = m.queue.shift();
    if (m.helperTypes.has(name)) {
      const t = m.helperTypes.get(name);
      m.addFunc(genHelper(m, name, t));
      if (name.startsWith("unique.")) m.ir.copyChildren.set(name, heapChildNames(t, "unique."));
      continue;
    }
    if (m.closures.has(name)) {
      m.addFunc(lowerClosure(l.fns, m.closures.get(name)));
      continue;
    }
    if (!program.funcs.has(name)) continue;
    return program.funcs.get(name);
  }
  return null;
}

/** Lowers a function `nextReached` returned, once it is type-checked: an import for an extern one. */
export function lowerReached(l: ProgramLowering, info: FnInfo): void {
  if (info.decl.isExtern) {
    l.m.addImport(info);
    return;
  }
  l.m.addFunc(lowerFunction(l.fns, info));
}

/** The finished module: data laid out and the heap's start patched in. */
export function finishLowering(l: ProgramLowering): IrModule {
  const m = l.m;
  m.ir.data = m.data.toArray();
  const heapBase = (m.ir.dataBase + m.ir.data.length + 15) & ~15;
  for (let i = 0; i < m.ir.funcs.length; i++) patchHeapBase(m.ir.funcs[i].body, heapBase);
  return m.ir;
}

function patchHeapBase(list: Ins[], value: i32): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (n.kind == K.Const && n.name == "heap_base") n.i = value;
    patchHeapBase(n.args, value);
    patchHeapBase(n.body, value);
    patchHeapBase(n.other, value);
  }
}
