// Runs a compiled Pith program under node:wasi with the Node host modules
// (nodeDevices.ts): what `pith run` does once the program is built. Its
// stdio is this process's (or the file descriptors given).
import { basename, dirname, resolve } from "node:path";
import { createHostImports } from "../../lang/runtime/host/hostImports";
import { HostError } from "../../lang/runtime/host/memory";
import { loadWasi } from "../compiler/wasiNode";
import { createNodeDevices, type NodeHostOptions } from "./nodeDevices";

export interface ProgramRun {
  wasm: Uint8Array;
  /** The source file: its name is argv[0], its folder the preopened directory. */
  file: string;
  args?: string[];
  /** The program's environment variables (std.env); none when absent. */
  env?: Record<string, string>;
  host?: NodeHostOptions;
  /** File descriptors for the program's stdio (default: this process's). */
  stdio?: { stdin?: number; stdout?: number; stderr?: number };
}

/** What a panic exits with; a stack overflow and a host-module error exit with it too. */
export const PANIC_STATUS = 101;

/**
 * V8 reports a wasm program that exhausts its stack as a RangeError. That is
 * the program's own failure (unbounded or too deep recursion), not the
 * compiler's, so it is reported like a panic.
 */
function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The program's exit status; 101 after a host-module error or a stack overflow (reported on stderr like a panic). */
export async function runProgram(run: ProgramRun): Promise<number> {
  const module = await WebAssembly.compile(run.wasm as Uint8Array<ArrayBuffer>);
  // wasiNode's loader: the experimental warning filtered out, fast API calls off.
  const WASI = loadWasi();
  const wasi = new WASI({
    version: "preview1",
    args: [basename(run.file), ...(run.args ?? [])],
    env: run.env ?? {},
    preopens: { ".": dirname(resolve(run.file)) },
    returnOnExit: true,
    ...run.stdio,
  });
  const host = createNodeDevices(run.host ?? {});
  let memory: WebAssembly.Memory | undefined;
  const imports = createHostImports(module, () => memory as WebAssembly.Memory, host.devices);
  const instance = await WebAssembly.instantiate(module, {
    ...imports,
    ...(wasi.getImportObject() as WebAssembly.Imports),
  });
  memory = instance.exports.memory as WebAssembly.Memory;
  try {
    return wasi.start(instance);
  } catch (error) {
    if (isStackOverflow(error)) {
      process.stderr.write(
        "panic: stack overflow: the program's calls nested too deeply (a recursion without a base case, or one deeper than the stack holds); make the recursion end sooner or turn it into a loop\n",
      );
      return PANIC_STATUS;
    }
    if (!(error instanceof HostError)) throw error;
    process.stderr.write(`error: ${error.message}\n`);
    return PANIC_STATUS;
  } finally {
    await host.finish();
  }
}
