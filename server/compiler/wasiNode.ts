// Runs a WASI preview1 command under Node's own node:wasi, with a private
// temporary working directory and files standing in for stdin/stdout/stderr.
// It mirrors lang/runtime/wasi/wasiShim.ts so the two hosts can be compared.
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import type { WasiRunInput, WasiRunResult } from "../../lang/runtime/wasi/wasiShim";

export type { WasiRunInput, WasiRunResult } from "../../lang/runtime/wasi/wasiShim";

// node:wasi announces itself as experimental on stderr when first loaded,
// which would mix into a program's own stderr. A static import would load it
// while modules are linked, before any filter could run, so it is required
// lazily with the announcement filtered out.
//
// Node 20's node:wasi is reached through V8 fast API calls, which can keep a
// stale view of a memory that grew during the run and then crash the whole
// process (a segfault, not a wasm trap): one compile whose memory grew to
// 32 MiB was enough. Turning fast calls off before node:wasi is first used
// takes that path away; the cost is a few nanoseconds per WASI call.
let wasiClass: typeof import("node:wasi").WASI | undefined;
export function loadWasi(): typeof import("node:wasi").WASI {
  if (!wasiClass) {
    setFlagsFromString("--no-turbo-fast-api-calls");
    const emitWarning = process.emitWarning;
    process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
      const text = typeof warning === "string" ? warning : warning.message;
      if (!text.includes("WASI is an experimental feature"))
        (emitWarning as (...a: unknown[]) => void).call(process, warning, ...rest);
    }) as typeof process.emitWarning;
    wasiClass = (createRequire(import.meta.url)("node:wasi") as typeof import("node:wasi")).WASI;
  }
  return wasiClass;
}

export async function runWasiNode(input: WasiRunInput): Promise<WasiRunResult> {
  const scratch = mkdtempSync(join(tmpdir(), "pith-wasi-"));
  const workdir = join(scratch, "work");
  const io = join(scratch, "io");
  try {
    for (const dir of [workdir, io]) mkdirSync(dir);
    for (const [name, data] of Object.entries(input.files ?? {})) writeFileSync(join(workdir, name), data);
    writeFileSync(join(io, "stdin"), input.stdin ?? "");
    const stdinFd = openSync(join(io, "stdin"), "r");
    const stdoutFd = openSync(join(io, "stdout"), "w");
    const stderrFd = openSync(join(io, "stderr"), "w");
    let exitCode: number;
    let instance: WebAssembly.Instance;
    try {
      const WASI = loadWasi();
      const wasi = new WASI({
        version: "preview1",
        args: [input.program ?? "program", ...input.args],
        env: input.env ?? {},
        preopens: { ".": workdir },
        stdin: stdinFd,
        stdout: stdoutFd,
        stderr: stderrFd,
        returnOnExit: true,
      });
      instance = await WebAssembly.instantiate(input.module, {
        ...input.imports,
        wasi_snapshot_preview1: wasi.wasiImport,
      });
      input.onInstance?.(instance);
      exitCode = wasi.start(instance);
    } finally {
      for (const fd of [stdinFd, stdoutFd, stderrFd]) closeSync(fd);
    }
    const files = new Map<string, Uint8Array>();
    for (const name of readdirSync(workdir)) {
      const path = join(workdir, name);
      if (statSync(path).isFile()) files.set(name, new Uint8Array(readFileSync(path)));
    }
    return {
      exitCode,
      stdout: new Uint8Array(readFileSync(join(io, "stdout"))),
      stderr: new Uint8Array(readFileSync(join(io, "stderr"))),
      files,
      instance,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
