// The whole native build the routes and `pith build --target` use:
// source → compiler.wasm (--emit ll) → clang-19/lld-19 (linkNative).
// Compile errors in the user's program are a result (status "error" with
// positioned errors), not a failure of the service.

import type { CompilerRunner } from "../compiler/compilerRun";
import { compileToLl, type SourceError } from "./compileToLl";
import { type BuildFailure, linkNative, requestProblem } from "./linkNative";

export interface BuildNativeRequest {
  source: string;
  filename: string;
  /** The program's other files by name (what `import util` reads), beside the entry file. */
  files?: Record<string, string>;
  target: string;
  opt: string;
  timeoutMs?: number;
  sandbox?: boolean;
  maxOutputBytes?: number;
  /** How compiler.wasm is run (default: in this thread). */
  runCompiler?: CompilerRunner;
  /** Aborts when nobody waits for the build any more: a running clang is killed and the build throws the signal's reason. */
  signal?: AbortSignal;
}

/** Adds "compile_error" (200 with errors) and "host_module" (400) to the toolchain's failures. */
export type BuildNativeFailure = BuildFailure | "compile_error" | "host_module";

export interface BuildNativeResult {
  status: "ok" | "error";
  failure: BuildNativeFailure | null;
  logs: string;
  errors: SourceError[];
  ll: string | null;
  binary: Uint8Array | null;
  binaryName: string;
  missingTools: string[];
  /** The Pith compiler's exit status; null when it did not run (the request was refused first). */
  compilerExitCode: number | null;
  /** clang's exit status; null when it did not run. */
  linkerExitCode: number | null;
  /** What clang printed on stdout. */
  linkerStdout: string;
  elapsedMs: number;
}

export async function buildNative(request: BuildNativeRequest): Promise<BuildNativeResult> {
  const started = performance.now();
  const file = request.filename || "main.pith";
  const result = (
    fields: Partial<BuildNativeResult> & Pick<BuildNativeResult, "status" | "failure">,
  ): BuildNativeResult => ({
    logs: "",
    errors: [],
    ll: null,
    binary: null,
    binaryName: "",
    missingTools: [],
    compilerExitCode: null,
    linkerExitCode: null,
    linkerStdout: "",
    ...fields,
    elapsedMs: performance.now() - started,
  });

  // Validate what the caller chose before spending a compile on it.
  const invalid = requestProblem(request.target, request.opt);
  if (invalid !== null) {
    return result({
      status: "error",
      failure: "invalid_request",
      errors: [{ file, line: 0, col: 0, message: invalid }],
    });
  }

  const compiled = await compileToLl({
    source: request.source,
    filename: file,
    files: request.files,
    target: request.target,
    opt: request.opt,
    runCompiler: request.runCompiler,
  });
  if (compiled.ll === null) {
    return result({
      status: "error",
      failure: compiled.rejectedHostModules ? "host_module" : "compile_error",
      logs: compiled.logs,
      errors: compiled.errors,
      compilerExitCode: compiled.exitCode,
    });
  }

  const native = await linkNative({
    ll: compiled.ll,
    target: request.target,
    opt: request.opt,
    filename: file,
    timeoutMs: request.timeoutMs,
    maxOutputBytes: request.maxOutputBytes,
    sandbox: request.sandbox,
    signal: request.signal,
  });
  return result({
    status: native.status,
    failure: native.failure,
    logs: [compiled.logs, native.logs].filter(Boolean).join("\n"),
    errors: native.errors.map((message) => ({ file, line: 0, col: 0, message })),
    ll: compiled.ll,
    binary: native.binary,
    binaryName: native.binaryName,
    missingTools: native.missingTools,
    compilerExitCode: compiled.exitCode,
    linkerExitCode: native.exitCode,
    linkerStdout: native.stdout,
  });
}
