// One run of compiler.wasm as the compiler worker threads execute it: the
// WASI shim with an in-memory file system holding the given files. It keeps
// no state besides the compiled compiler module, so a worker stopped
// mid-compile (time limit) loses nothing.
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { loadCompilerModule } from "../compiler/compilerModule";
import type { CompilerRun, CompilerRunResult } from "../compiler/compilerRun";

/** Compiles compiler.wasm ahead of the first job. */
export async function warmCompiler(): Promise<void> {
  await loadCompilerModule();
}

/** The compiler's own exit status for an internal error (EX_SOFTWARE). */
const INTERNAL_ERROR = 70;

export async function runCompilerJob(job: CompilerRun): Promise<CompilerRunResult> {
  try {
    const { exitCode, stdout, stderr, files } = await runWasiShim({
      module: await loadCompilerModule(),
      program: "pith",
      args: job.args,
      files: job.files,
    });
    return { exitCode, stdout, stderr, files };
  } catch (error) {
    // A trap or an exhausted stack inside compiler.wasm (a program nested
    // deeper than the compiler's recursion allows) is the compiler's
    // failure on this input: reported like its own internal errors.
    if (!(error instanceof RangeError || error instanceof WebAssembly.RuntimeError)) throw error;
    const why =
      error instanceof RangeError
        ? "the program is nested too deeply for the compiler (its stack is exhausted)"
        : `the compiler trapped: ${(error as Error).message}`;
    return {
      exitCode: INTERNAL_ERROR,
      stdout: new Uint8Array(),
      stderr: new TextEncoder().encode(why),
      files: new Map(),
    };
  }
}
