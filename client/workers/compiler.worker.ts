// The compiler runs here, off the UI thread: compiler.wasm under the WASI
// shim with an in-memory file system, exposed to the page through comlink.
import * as Comlink from "comlink";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import compilerUrl from "../../wasm/build/compiler.wasm?url";
import { VERSION_MESSAGE_FIELD } from "../compiler/earlyVersion";

let compiled: Promise<WebAssembly.Module> | undefined;
const compilerModule = () => {
  compiled ??= WebAssembly.compileStreaming(fetch(compilerUrl));
  return compiled;
};

/** What one run of compiler.wasm in this worker printed and wrote. */
export interface CompilerOutput {
  exitCode: number;
  stdout: string;
  stderr: string;
  files: Record<string, Uint8Array>;
}

const decoder = new TextDecoder();

const api = {
  /** The compiler's own version string, e.g. "0.1.0". */
  version(): Promise<string> {
    return version;
  },
  /** Runs the compiler with arguments and input files; returns its output and written files. */
  async run(args: string[], files: Record<string, string | Uint8Array>): Promise<CompilerOutput> {
    const result = await runWasiShim({
      module: await compilerModule(),
      args,
      files,
      program: "pith",
    });
    return {
      exitCode: result.exitCode,
      stdout: decoder.decode(result.stdout),
      stderr: decoder.decode(result.stderr),
      files: Object.fromEntries(result.files),
    };
  },
};

export type CompilerApi = typeof api;

async function askVersion(): Promise<string> {
  const run = await api.run(["version"], {});
  if (run.exitCode !== 0) throw new Error(`compiler exited ${run.exitCode}: ${run.stderr}`);
  return run.stdout.trim().replace(/^pith\s+/, "");
}

// Compiling compiler.wasm and asking its version start as the worker starts,
// not when the page first asks: the page's thread is busy with its own
// start-up then, and its question would arrive late.
const version = askVersion();
version.then(
  (v) => self.postMessage({ [VERSION_MESSAGE_FIELD]: v }),
  () => {},
);
Comlink.expose(api);
