import { Func, Ins, K, T } from "../../ir/ir";
import { list } from "./control";
import { parsePosition, Position } from "./debug";
import { emitIns } from "./expr";
import { FuncState } from "./func_state";
import { ModuleContext } from "./module_context";
import { funcName, llType } from "./names";
import { intrinsic, terminate } from "./writer";

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
 * Lowers one IR function to its LLVM IR definition. Every IR local is an
 * alloca in the entry block (mem2reg turns them into SSA values);
 * structured control flow becomes basic blocks (control.ts).
 */
export function emitFunction(ctx: ModuleContext, f: Func, symbol: string): string {
  const s = new FuncState(ctx, f, emitIns);
  collectTargets(f.body, s.targets);
  let entryDbg = "";
  let header = "";
  const debug = ctx.debug;
  if (debug !== null) {
    const at = parsePosition(f.loc);
    s.scope = debug.subprogram(f.name, at, debug.entryFile);
    s.scopeFile = at !== null ? at.file : debug.entryFile;
    header = " !dbg !" + s.scope.toString();
    entryDbg = debug.location(s.scope, at !== null ? at : new Position(debug.entryFile, 0, 0));
    s.dbg = entryDbg;
  }
  const want = f.result != T.None;
  const v = list(s, f.body, want);
  if (s.open) terminate(s, want ? "ret " + llType(f.result) + " " + v : "ret void");
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
  for (let i = 0; i < s.slots.length; i++) out.push("  " + s.slots[i] + entryDbg);
  if (s.usesHeap) out.push("  %heap = load ptr, ptr @pith.heap" + entryDbg);
  for (let i = 0; i < f.locals.length; i++) {
    const t = f.locals[i];
    const init = i < f.params.length ? "%arg." + i.toString() : t == T.F64 ? "0.0" : "0";
    out.push("  store " + llType(t) + " " + init + ", ptr %l." + i.toString() + entryDbg);
  }
  for (let i = 0; i < s.lines.length; i++) out.push(s.lines[i]);
  if (s.usesTrap) {
    intrinsic(s, "declare void @llvm.trap() cold noreturn nounwind");
    out.push("trap:");
    out.push("  call void @llvm.trap()" + entryDbg);
    out.push("  unreachable");
  }
  out.push("}");
  return out.join("\n");
}

/** The symbol a Pith function gets. */
export function symbolOf(f: Func): string {
  return funcName(f.name);
}
