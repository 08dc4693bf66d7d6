// Runs a compiled Pith program under node:wasi with the Node host modules
// (nodeDevices.ts): what `pith run` does once the program is built. Its
// stdio is this process's (or the file descriptors given).
import { basename, dirname, resolve } from "node:path";
import type { FunctionPlace } from "../../lang/runtime/host/functionPlaces";
import { createHostImports } from "../../lang/runtime/host/hostImports";
import { HostError } from "../../lang/runtime/host/memory";
import { isStackOverflow, PANIC_STATUS, stackOverflowReport } from "../../lang/runtime/host/stackOverflow";
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
  /** The program's functions, to say where a stack overflow happened (none for a bare .wasm). */
  functions?: readonly FunctionPlace[];
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
      process.stderr.write(stackOverflowReport(error.stack ?? "", run.functions ?? []));
      return PANIC_STATUS;
    }
    if (!(error instanceof HostError)) throw error;
    process.stderr.write(`error: ${error.message}\n`);
    return PANIC_STATUS;
  } finally {
    await host.finish();
  }
}
