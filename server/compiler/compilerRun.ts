// One run of compiler.wasm as the server's compile paths see it (the
// playground's builds, the MCP tools, native builds): its arguments and
// working-directory files in, exit code, output and written files out.
// The worker pool, the compile cache and the cluster's shared results all
// pass these along, so they live here, beside the module they run, not
// with the LLVM path that is only one of their users.
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { compilerOpt, OPT_LEVELS } from "../../protocol/optLevels";
import { loadCompilerModule } from "./compilerModule";

/** One invocation of compiler.wasm: its arguments and the files in its working directory. */
export interface CompilerRun {
  args: string[];
  files: Record<string, string>;
}

export interface CompilerRunResult {
  exitCode: number;
  stdout: Uint8Array;
  stderr: Uint8Array;
  /** Every regular file left in the working directory. */
  files: Map<string, Uint8Array>;
}

/** Runs compiler.wasm; the server passes one that runs it on worker threads with a time limit. */
export type CompilerRunner = (run: CompilerRun) => Promise<CompilerRunResult>;

/** compiler.wasm in this thread, under the in-memory WASI shim. */
export const runCompilerInProcess: CompilerRunner = async ({ args, files }) =>
  runWasiShim({ module: await loadCompilerModule(), program: "pith", args, files });

/** The compiler's level for each clang level (protocol/optLevels.ts: -Oz compiles as -Os). */
export const COMPILER_OPT: Record<string, string> = Object.fromEntries(OPT_LEVELS.map((o) => [o, compilerOpt(o)]));

/** The file name the program is compiled under: a plain name, so diagnostics read well. */
export function safeName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[^A-Za-z0-9._-]/g, "_");
  return clean && clean !== "." && clean !== ".." ? clean : "main.pith";
}
