// Test helpers: run the built compiler.wasm and the programs it writes, on
// the JS WASI shim (Node 20's node:wasi degrades after many runs in one
// process; host parity is the conformance suite's job).

import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { type CompilerDiagnostic, parseCompilerDiagnostics } from "../../protocol/diagnostics/compilerDiagnostic";
import { loadCompilerModule } from "../../server/compiler/compilerModule";

const decoder = new TextDecoder();

export interface Compiled {
  exitCode: number;
  stdout: string;
  stderr: string;
  wasm?: Uint8Array;
}

/** compiler.wasm with `source` as `name` in its working directory, beside `modules` (the files `import` reads). */
export async function pith(
  args: string[],
  source?: string,
  name = "main.pith",
  modules: Record<string, string> = {},
): Promise<Compiled> {
  const module = await loadCompilerModule();
  const files: Record<string, string> = source === undefined ? { ...modules } : { ...modules, [name]: source };
  const r = await runWasiShim({ module, program: "pith", args, files });
  return {
    exitCode: r.exitCode,
    stdout: decoder.decode(r.stdout),
    stderr: decoder.decode(r.stderr),
    wasm: r.files.get("out.wasm"),
  };
}

export type JsonDiagnostic = CompilerDiagnostic;

export async function diagnostics(source: string, modules: Record<string, string> = {}): Promise<JsonDiagnostic[]> {
  const r = await pith(["check", "main.pith", "--json"], source, "main.pith", modules);
  if (r.exitCode !== 0 && r.exitCode !== 1) throw new Error(`check exited ${r.exitCode}: ${r.stderr}`);
  const parsed = parseCompilerDiagnostics(r.stdout);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.diagnostics;
}

/** Compiles and runs a program; returns its output, exit code and live allocations at exit. */
export async function run(
  source: string,
  stdin = "",
  opt = "-O2",
  modules: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string; exitCode: number; live: number }> {
  const built = await pith(["build", "main.pith", opt, "--leak-check", "-o", "out.wasm"], source, "main.pith", modules);
  if (built.exitCode !== 0 || !built.wasm) throw new Error(`build failed (${built.exitCode}): ${built.stderr}`);
  const module = await WebAssembly.compile(built.wasm as Uint8Array<ArrayBuffer>);
  const r = await runWasiShim({ module, program: "main.pith", args: [], stdin });
  const live = Number((r.instance.exports.__pith_live_allocations as () => number)());
  return { stdout: decoder.decode(r.stdout), stderr: decoder.decode(r.stderr), exitCode: r.exitCode, live };
}

/** How many times `what` occurs in `text` (calls in an IR dump, checks in LLVM IR). */
export function occurrences(text: string, what: string): number {
  return text.split(what).length - 1;
}

/** The IR of `source` after the optimiser's passes at -O2, as text. */
export async function optimisedIr(source: string): Promise<string> {
  const r = await pith(["build", "main.pith", "-O2", "--emit", "ir", "-o", "out.wasm"], source);
  if (r.exitCode !== 0 || !r.wasm) throw new Error(`build failed (${r.exitCode}): ${r.stderr}`);
  return decoder.decode(r.wasm);
}
