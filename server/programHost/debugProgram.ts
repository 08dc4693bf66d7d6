// A scripted debug run of Pith source on the server: built as a debug build
// (`build --debug`, which is -O0 with the debugger's hooks), run under
// node:wasi with the debugger's imports, every breakpoint stop recorded
// (lang/runtime/debug/debugScript.ts). What `pith debug` and tests use.
import type { Breakpoint } from "../../lang/runtime/debug/debugEngine";
import { debugScripted, type ScriptedStop } from "../../lang/runtime/debug/debugScript";
import { type CompilerRunner, runCompilerInProcess } from "../compiler/compilerRun";
import { runWasiNode } from "../compiler/wasiNode";

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
  | { ok: true; stops: ScriptedStop[]; truncated: boolean; output: string; stderr: string; exitCode: number }
  | { ok: false; diagnostics: string };

const ENTRY = "main.pith";
const decoder = new TextDecoder();

export async function debugProgram(
  request: DebugRequest,
  compile: CompilerRunner = runCompilerInProcess,
): Promise<DebugResult> {
  const built = await compile({
    args: ["build", ENTRY, "--debug", "-o", "main.wasm"],
    files: { ...request.files, [ENTRY]: request.source },
  });
  const wasm = built.files.get("main.wasm");
  if (built.exitCode !== 0 || !wasm)
    return { ok: false, diagnostics: decoder.decode(built.stdout) + decoder.decode(built.stderr) };
  const module = await WebAssembly.compile(wasm as Uint8Array<ArrayBuffer>);
  let result: { stdout: Uint8Array; stderr: Uint8Array } | undefined;
  const scripted = await debugScripted(request.breakpoints, request.maxStops ?? 100, async (imports, bind) => {
    const run = await runWasiNode({
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
    output: decoder.decode(result?.stdout),
    stderr: decoder.decode(result?.stderr),
    exitCode: scripted.exitCode,
  };
}
