// A scripted debug run of Pith source on the server: built as a debug build
// (`build --debug`, which is -O0 with the debugger's hooks), run under
// node:wasi with the debugger's imports, every breakpoint stop recorded
// (lang/runtime/debug/debugScript.ts). What `pith debug` and tests use.
import type { Breakpoint } from "../../lang/runtime/debug/debugEngine";
import { debugScripted, type ScriptedStop } from "../../lang/runtime/debug/debugScript";
import { type CompilerRunner, runCompilerInProcess } from "../compiler/compilerRun";
import { runWasiNode, type WasiRunInput, type WasiRunResult } from "../compiler/wasiNode";

export interface DebugRequest {
  source: string;
  breakpoints: Breakpoint[];
  /** Other files `import` may read, by name. */
  files?: Record<string, string>;
  stdin?: string;
  /** Stops recorded at most (default 100); the program then runs on without stopping. */
  maxStops?: number;
}

export type DebugResult =
  | {
      ok: true;
      stops: ScriptedStop[];
      truncated: boolean;
      logs: string[];
      output: string;
      stderr: string;
      exitCode: number;
    }
  | { ok: false; diagnostics: string };

const ENTRY = "main.pith";
const decoder = new TextDecoder();

/** The debug build of the request's program: the module's bytes, or the compiler's diagnostics. */
export async function buildForDebug(
  request: Pick<DebugRequest, "source" | "files">,
  compile: CompilerRunner = runCompilerInProcess,
): Promise<{ ok: true; wasm: Uint8Array } | { ok: false; diagnostics: string }> {
  const built = await compile({
    args: ["build", ENTRY, "--debug", "-o", "main.wasm"],
    files: { ...request.files, [ENTRY]: request.source },
  });
  const wasm = built.files.get("main.wasm");
  if (built.exitCode !== 0 || !wasm)
    return { ok: false, diagnostics: decoder.decode(built.stdout) + decoder.decode(built.stderr) };
  return { ok: true, wasm };
}

/** How a debug build runs: node:wasi for the CLI, the in-memory shim with an output limit on the server. */
export type WasiRunner = (input: WasiRunInput) => Promise<WasiRunResult>;

/** Runs a debug build with the request's breakpoints and stdin, recording its stops. */
export async function runDebugBuild(
  wasm: Uint8Array,
  request: Omit<DebugRequest, "source" | "files">,
  runWasi: WasiRunner = runWasiNode,
): Promise<DebugResult & { ok: true }> {
  const module = await WebAssembly.compile(wasm as Uint8Array<ArrayBuffer>);
  let result: { stdout: Uint8Array; stderr: Uint8Array } | undefined;
  const scripted = await debugScripted(request.breakpoints, request.maxStops ?? 100, async (imports, bind) => {
    const run = await runWasi({
      module,
      args: [],
      stdin: request.stdin ?? "",
      imports,
      onInstance: (instance) => bind(() => instance.exports.memory as WebAssembly.Memory),
    });
    result = run;
    return run.exitCode;
  });
  return {
    ok: true,
    stops: scripted.stops,
    truncated: scripted.truncated,
    logs: scripted.logs,
    output: decoder.decode(result?.stdout),
    stderr: decoder.decode(result?.stderr),
    exitCode: scripted.exitCode,
  };
}

export async function debugProgram(
  request: DebugRequest,
  compile: CompilerRunner = runCompilerInProcess,
): Promise<DebugResult> {
  const built = await buildForDebug(request, compile);
  return built.ok ? runDebugBuild(built.wasm, request) : built;
}
