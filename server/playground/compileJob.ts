// One run of compiler.wasm as the compiler worker threads execute it: the
// WASI shim with an in-memory file system holding the given files. It keeps
// no state besides the compiled compiler module, so a worker stopped
// mid-compile (time limit) loses nothing.
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { loadCompilerModule } from "../compiler/compilerModule";
import type { CompilerRun, CompilerRunResult } from "../toolchain/compileToLl";

export async function runCompilerJob(job: CompilerRun): Promise<CompilerRunResult> {
  const { exitCode, stdout, stderr, files } = await runWasiShim({
    module: await loadCompilerModule(),
    program: "pith",
    args: job.args,
    files: job.files,
  });
  return { exitCode, stdout, stderr, files };
}
