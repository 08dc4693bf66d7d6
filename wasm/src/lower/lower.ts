import { Program } from "../check/program";
import { TyK } from "../check/types";
import { Diagnostics } from "../diagnostics";
import { call, Func, get, Ins, IrModule, K, set, T, pushAll, unreachable } from "../ir/ir";
import { FlowLower } from "./flow_lower";
import { ClosureExpr, Expr, FnInfo } from "../syntax/ast";
import { closureFields } from "./aggregate_lower";
import { fieldOffsets, irType } from "./layout";
import { ModuleLowering } from "./module";
import { genHelper, heapChildNames } from "./rc_helpers";
import { stableLengthLocals } from "./stable_lengths";

class FnLower extends FlowLower {
  lowerFunction(info: FnInfo): Func {
    const params: T[] = [];
    for (let i = 0; i < info.params.length; i++) params.push(irType(info.params[i]) == T.None ? T.I32 : irType(info.params[i]));
    const result = info.ret.kind == TyK.Never ? T.None : irType(info.ret);
    const f = new Func(info.name, params, result);
    this.f = f;
    this.info = info;
    this.source = info.decl.source;
    f.loc = this.posText(info.decl.start);
    for (let i = 0; i < params.length; i++) {
      f.locals.push(params[i]);
      const l = info.paramLocals[i];
      l.index = i;
      l.borrowed = true;
    }
    this.scopes = [[]];
    this.temps = [[]];
    this.startLengths(info.decl.body!);
    this.lowerBody(info.decl.body!, result);
    return f;
  }

  /** A closure's body as a function: (closure, params...) -> result; the captures are read from the closure. */
  lowerClosure(c: ClosureExpr): Func {
    const info = c.info!;
    const params: T[] = [T.Ptr];
    for (let i = 0; i < info.params.length; i++) params.push(irType(info.params[i]) == T.None ? T.I32 : irType(info.params[i]));
    const result = info.ret.kind == TyK.Never ? T.None : irType(info.ret);
    const f = new Func(c.fnName, params, result);
    this.f = f;
    this.info = info;
    this.source = c.source!;
    f.loc = this.posText(c.start);
    for (let i = 0; i < params.length; i++) f.locals.push(params[i]);
    for (let i = 0; i < info.paramLocals.length; i++) {
      const l = info.paramLocals[i];
      l.index = i + 1;
      l.borrowed = true;
    }
    this.scopes = [[]];
    this.temps = [[]];
    // The closure keeps its captures alive while it runs: they are borrowed.
    const offs = fieldOffsets(closureFields(c));
    for (let j = 0; j < c.inner.length; j++) {
      const l = c.inner[j];
      l.borrowed = true;
      if (this.isUnit(l.ty)) continue;
      f.body.push(set(this.localIndex(l), this.loadField(l.ty, get(0, T.Ptr), offs[j + 1])));
    }
    this.startLengths(c.body);
    this.lowerBody(c.body, result);
    return f;
  }

  /**
   * The array locals of a function body whose length is read once, at their
   * declaration: for LLVM, above -O0. V8 ran wasm fannkuch about 9% slower
   * with the extra locals (medians of 7 interleaved runs: 1406 ms against 1291).
   */
  startLengths(body: Expr): void {
    this.stableLens = this.m.uniqueNests && !this.m.forWasm ? stableLengthLocals(body) : [];
    this.lenLocals = new Map();
  }

  lowerBody(body: Expr, result: T): void {
    const f = this.f;
    if (result == T.None || body.ty!.kind == TyK.Never) {
      f.body.push(this.discard(body));
      pushAll(f.body, this.popTemps());
      if (body.ty!.kind == TyK.Never) f.body.push(unreachable());
    } else {
      const r = this.newLocal(result);
      f.body.push(set(r, this.owned(body)));
      pushAll(f.body, this.popTemps());
      f.body.push(get(r, result));
    }
  }
}

/** A program's lowering in progress: the module being built and the lowering of its functions. */
export class ProgramLowering {
  constructor(public m: ModuleLowering, public fns: FnLower) {}
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
export function startLowering(program: Program, diags: Diagnostics, leakCheck: bool, optimising: bool = true, forWasm: bool = true): ProgramLowering | null {
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
  return new ProgramLowering(m, new FnLower(m));
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
      m.addFunc(l.fns.lowerClosure(m.closures.get(name)));
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
  l.m.addFunc(l.fns.lowerFunction(info));
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
