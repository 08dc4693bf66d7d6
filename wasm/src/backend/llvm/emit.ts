import { Func, IrModule } from "../../ir/ir";
import { emitFunction, symbolOf } from "./function";
import { ModuleContext } from "./module_context";
import { adapterFor, adapterSymbol, SHIM_DECLARES } from "./imports";
import { DebugInfo, Position } from "./debug";
import { byteString } from "./names";
import { tbaaMetadata } from "./tbaa";

export class LlvmResult {
  text: string = "";
  /** Problems that make the output unusable (an import with no native adapter, an internal inconsistency). */
  errors: string[] = [];
}

/** The wasm module's initial memory, in 64 KiB pages: the static data plus one page, as the wasm backend declares it. */
function initialPages(m: IrModule): i32 {
  const dataEnd = m.dataBase + m.data.length;
  return (dataEnd + 65535) / 65536 + 1;
}

function startFunction(m: IrModule): string {
  for (let i = 0; i < m.funcs.length; i++) if (m.funcs[i].exportName == "_start") return m.funcs[i].name;
  return m.start;
}

/**
 * Lowers an IR module to portable LLVM IR text: no target triple or
 * datalayout (clang supplies them per target), linear memory is the shim's
 * heap, WASI imports are adapters over the shim, and `pith_main` runs the
 * start function. The result needs the shim from lang/runtime/native to link.
 * With `lineTables` (-g) every instruction also carries its source line (debug.ts).
 */
export function emitLlvm(m: IrModule, sourceName: string, lineTables: bool = false): LlvmResult {
  const result = new LlvmResult();
  const ctx = new ModuleContext();
  if (lineTables) ctx.debug = new DebugInfo(sourceName);
  for (let i = 0; i < m.funcs.length; i++) {
    const f = m.funcs[i];
    ctx.symbols.set(f.name, symbolOf(f));
    ctx.results.set(f.name, f.result);
    ctx.params.set(f.name, f.params);
  }
  const adapters: string[] = [];
  const shims = new Set<string>();
  const adapterSeen = new Set<string>();
  for (let i = 0; i < m.imports.length; i++) {
    const imp = m.imports[i];
    const adapter = adapterFor(imp);
    if (adapter === null) {
      result.errors.push("the native backend cannot provide '" + imp.module + "." + imp.field + "'");
      continue;
    }
    const symbol = adapterSymbol(imp);
    ctx.symbols.set(imp.name, symbol);
    ctx.results.set(imp.name, imp.result);
    ctx.params.set(imp.name, imp.params);
    // Two modules may import the same host function (the runtime and std.env both end the process).
    if (adapterSeen.has(symbol)) continue;
    adapterSeen.add(symbol);
    adapters.push("; import " + imp.module + "." + imp.field + " (Pith: " + imp.name + ")\n" + adapter.text);
    for (let j = 0; j < adapter.shims.length; j++) shims.add(adapter.shims[j]);
  }

  const out: string[] = [];
  out.push("; Pith program " + sourceName + ", lowered to portable LLVM IR.");
  out.push("; No target triple or datalayout: clang supplies them for each target.");
  out.push("; Linear memory is the shim's heap; addresses are 32-bit offsets from @pith.heap.");
  out.push("");
  out.push("@pith.heap = internal global ptr null");
  out.push("@pith.pages = internal global i32 0");
  if (m.data.length > 0) {
    out.push("; static data, copied to heap offset " + m.dataBase.toString() + " at start");
    out.push("@pith.data = private unnamed_addr constant [" + m.data.length.toString() + " x i8] c\"" + byteString(m.data) + "\", align 1");
  }
  out.push("");

  const start = startFunction(m);
  if (start == "" || !ctx.symbols.has(start)) result.errors.push("the module has no start function");

  for (let i = 0; i < m.funcs.length; i++) {
    const f: Func = m.funcs[i];
    out.push("; fn " + f.name + (f.loc.length > 0 ? " at " + f.loc : ""));
    out.push(emitFunction(ctx, f, ctx.symbols.get(f.name)));
    out.push("");
  }
  if (m.table.length > 0 || ctx.usesTable) {
    // Functions called indirectly (closures): slot 0 is empty, as in the wasm table.
    const slots: string[] = ["ptr null"];
    for (let i = 0; i < m.table.length; i++) {
      if (!ctx.symbols.has(m.table[i])) result.errors.push("table entry '" + m.table[i] + "' is not a function");
      else slots.push("ptr " + ctx.symbols.get(m.table[i]));
    }
    out.push("@pith.table = internal constant [" + slots.length.toString() + " x ptr] [" + slots.join(", ") + "]");
    out.push("");
  }
  for (let i = 0; i < adapters.length; i++) {
    out.push(adapters[i]);
    out.push("");
  }

  // memory.grow: the shim grows the reserved heap and answers the old size or -1, like wasm.
  out.push("; memory.grow over the shim's heap");
  out.push("define internal i32 @pith.memory_grow(i32 %delta) #0 {");
  out.push("entry:");
  out.push("  %old = call i32 @pith_sys_heap_grow(i32 signext %delta)");
  out.push("  %ok = icmp sge i32 %old, 0");
  out.push("  br i1 %ok, label %grown, label %done");
  out.push("grown:");
  out.push("  %pages = add i32 %old, %delta");
  out.push("  store i32 %pages, ptr @pith.pages");
  out.push("  br label %done");
  out.push("done:");
  out.push("  ret i32 %old");
  out.push("}");
  out.push("");

  // The entry point the shim calls: map the heap, place the static data, run
  // the start function. Exit status 0 unless the program called proc_exit.
  const pages = initialPages(m);
  const entry: string[] = [];
  entry.push("define i32 @pith_main() #0 {");
  entry.push("entry:");
  entry.push("  %heap = call ptr @pith_sys_heap_base()");
  entry.push("  store ptr %heap, ptr @pith.heap");
  entry.push("  %old = call i32 @pith.memory_grow(i32 " + pages.toString() + ")");
  entry.push("  %failed = icmp slt i32 %old, 0");
  entry.push("  br i1 %failed, label %no.memory, label %run");
  entry.push("no.memory:");
  entry.push("  %msg = getelementptr i8, ptr @pith.oom, i64 0");
  entry.push("  %w = call i64 @pith_sys_write(i32 signext 2, ptr %msg, i64 " + OOM_MESSAGE_LEN.toString() + ")");
  entry.push("  ret i32 101");
  entry.push("run:");
  if (m.data.length > 0) {
    entry.push("  %data = getelementptr i8, ptr %heap, i64 " + m.dataBase.toString());
    entry.push("  call void @llvm.memcpy.p0.p0.i64(ptr %data, ptr @pith.data, i64 " + m.data.length.toString() + ", i1 false)");
    ctx.addDeclare("declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)");
  }
  if (ctx.symbols.has(start)) entry.push("  call void " + ctx.symbols.get(start) + "()");
  entry.push("  ret i32 0");
  entry.push("}");
  entry.push("");
  // With -g the entry point has a subprogram too: the start function is
  // inlined into it, and its lines would be dropped inside a function without one.
  const debug = ctx.debug;
  if (debug !== null) {
    const scope = debug.subprogram("pith_main", null, sourceName);
    const at = debug.location(scope, new Position(sourceName, 0, 0));
    entry[0] = "define i32 @pith_main() #0 !dbg !" + scope.toString() + " {";
    for (let i = 1; i < entry.length; i++) if (entry[i].startsWith("  ")) entry[i] += at;
  }
  for (let i = 0; i < entry.length; i++) out.push(entry[i]);
  out.push("@pith.oom = private unnamed_addr constant [" + OOM_MESSAGE_LEN.toString() + " x i8] c\"panic: out of memory\\0A\", align 1");
  shims.add("write");
  out.push("");

  out.push("; the per-OS shim (lang/runtime/native)");
  out.push("declare ptr @pith_sys_heap_base() nounwind");
  out.push("declare i32 @pith_sys_heap_grow(i32 signext) nounwind");
  const shimKeys = SHIM_DECLARES.keys();
  for (let i = 0; i < shimKeys.length; i++) if (shims.has(shimKeys[i])) out.push(SHIM_DECLARES.get(shimKeys[i]));
  for (let i = 0; i < ctx.declareOrder.length; i++) out.push(ctx.declareOrder[i]);
  out.push("");
  out.push("attributes #0 = { nounwind }");
  out.push("attributes #1 = { nounwind cold noinline }");
  out.push("");
  const tbaa = tbaaMetadata();
  for (let i = 0; i < tbaa.length; i++) out.push(tbaa[i]);
  if (debug !== null) {
    const lines = debug.metadata();
    for (let i = 0; i < lines.length; i++) out.push(lines[i]);
  }

  for (let i = 0; i < ctx.errors.length; i++) result.errors.push(ctx.errors[i]);
  result.text = out.join("\n") + "\n";
  return result;
}

const OOM_MESSAGE_LEN: i32 = 21;
