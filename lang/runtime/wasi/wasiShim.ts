// The wasm target's host: runs a WASI preview1 command (compiler.wasm or a
// compiled Pith program) in memory with @bjorn3/browser_wasi_shim. It has no
// Node or DOM imports, so the browser worker, the server and the tests share
// it; server/compiler/wasiNode.ts is the node:wasi twin with the same shape.
import { ConsoleStdout, File, OpenFile, PreopenDirectory, WASI, WASIProcExit } from "@bjorn3/browser_wasi_shim";

export interface WasiRunInput {
  module: WebAssembly.Module;
  /** argv without the program name; argv[0] is `program`. */
  args: string[];
  program?: string;
  /** Files placed in the preopened working directory. */
  files?: Record<string, Uint8Array | string>;
  stdin?: Uint8Array | string;
  env?: Record<string, string>;
  /** Extra imports (host modules such as canvas) merged beside WASI. */
  imports?: WebAssembly.Imports;
  /** Told the instance before it starts, for imports that read its memory (the debugger's). */
  onInstance?: (instance: WebAssembly.Instance) => void;
  /** stdout and stderr together may hold this many bytes; a write past it stops the run with OutputLimitError (runWasiShim only). */
  maxOutputBytes?: number;
}

/** The program wrote more than WasiRunInput.maxOutputBytes: it was stopped, since an unbounded writer would fill the host's memory. */
export class OutputLimitError extends Error {
  constructor(readonly limit: number) {
    super(`the program wrote more than ${limit} bytes of output and was stopped`);
  }
}

export interface WasiRunResult {
  exitCode: number;
  stdout: Uint8Array;
  stderr: Uint8Array;
  /** Every regular file left in the working directory after the run. */
  files: Map<string, Uint8Array>;
  instance: WebAssembly.Instance;
}

const encoder = new TextEncoder();
const toBytes = (data: Uint8Array | string): Uint8Array => (typeof data === "string" ? encoder.encode(data) : data);

export function concatBytes(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export async function runWasiShim(input: WasiRunInput): Promise<WasiRunResult> {
  const stdout: Uint8Array[] = [];
  const stderr: Uint8Array[] = [];
  let written = 0;
  const keep = (into: Uint8Array[]) => (chunk: Uint8Array) => {
    written += chunk.length;
    if (input.maxOutputBytes !== undefined && written > input.maxOutputBytes)
      throw new OutputLimitError(input.maxOutputBytes);
    into.push(chunk.slice());
  };
  const contents = new Map<string, File>();
  for (const [name, data] of Object.entries(input.files ?? {})) contents.set(name, new File(toBytes(data)));
  const root = new PreopenDirectory(".", contents);
  const fds = [
    new OpenFile(new File(toBytes(input.stdin ?? new Uint8Array()))),
    new ConsoleStdout(keep(stdout)),
    new ConsoleStdout(keep(stderr)),
    root,
  ];
  const env = Object.entries(input.env ?? {}).map(([k, v]) => `${k}=${v}`);
  const wasi = new WASI([input.program ?? "program", ...input.args], env, fds, { debug: false });
  const instance = await WebAssembly.instantiate(input.module, {
    ...input.imports,
    wasi_snapshot_preview1: wasi.wasiImport,
  });
  input.onInstance?.(instance);
  let exitCode: number;
  try {
    exitCode = wasi.start(instance as { exports: { memory: WebAssembly.Memory; _start: () => unknown } });
  } catch (error) {
    // The shim reports proc_exit as an exception on some paths.
    if (error instanceof WASIProcExit) exitCode = error.code;
    else throw error;
  }
  const files = new Map<string, Uint8Array>();
  for (const [name, inode] of root.dir.contents) if (inode instanceof File) files.set(name, inode.data);
  return { exitCode, stdout: concatBytes(stdout), stderr: concatBytes(stderr), files, instance };
}
