// The playground's builds as plain functions, independent of HTTP: the
// routes and the MCP tools both call them and get the WIRE.md result, or a
// PlaygroundHttpError carrying the status (400, 413, 429, 503, 504) and the
// detail. A compile error in the user's program is a result (status
// "error" with positioned errors), not a failure.

import {
  type CompilerDiagnostic,
  helpUrl,
  parseCompilerDiagnostics,
} from "../../protocol/diagnostics/compilerDiagnostic";
import { BUILD_TARGET_IDS, isBuildTargetId, isNativeTargetId, NATIVE_TARGET_IDS } from "../../protocol/targets";
import { COMPILER_OPT, type CompilerRunResult, safeName } from "../compiler/compilerRun";
import { buildNative } from "../toolchain/buildNative";
import { compileToLl, type SourceError } from "../toolchain/compileToLl";
import { emitAsm } from "../toolchain/emitAsm";
import { HOST_MODULES } from "../toolchain/hostModules";
import { findImports } from "../toolchain/imports";
import type { StoredArtifact, StoredBuild } from "./artifacts";
import type { ClientScope } from "./fairQueue";
import { PlaygroundHttpError } from "./httpError";
import type {
  Artifact,
  AsmRequest,
  AsmResult,
  BuildWasmRequest,
  NativeBuildRequest,
  NativeBuildResult,
  ProgramFile,
  SourceErrorBody,
  TargetBuildRequest,
  WasmBuildResult,
} from "./schemas";
import type { PlaygroundServices } from "./services";

export interface BuildContext extends PlaygroundServices {
  /** Absolute origin download URLs start with (publicUrl.ts). */
  publicBase: string;
  /** Who asks, for the fair queues; its signal aborts when the client hangs up. `compile` is scoped to it too. */
  client: ClientScope;
}

const MACOS_QUARANTINE_NOTE =
  "The executable is not signed by Apple: after downloading, clear the quarantine attribute with `xattr -d com.apple.quarantine <file>` and `chmod +x <file>` before running it.";

const decoder = new TextDecoder();

/**
 * The program's files as the compiler's working directory holds them: the
 * entry file under its name and the other files the request carries. 413 when
 * they are over the limit together; 400 when the source is blank or the files
 * do not fit together (a name twice, or the entry's own name).
 */
function programFiles(
  request: { source: string; files?: ProgramFile[] },
  file: string,
  ctx: BuildContext,
): Record<string, string> {
  const { source } = request;
  if (typeof source !== "string" || source.trim().length === 0) {
    throw new PlaygroundHttpError(400, "source: must be a non-blank string");
  }
  const files: Record<string, string> = {};
  let bytes = Buffer.byteLength(source, "utf8");
  for (const other of request.files ?? []) {
    if (other.name === file || Object.hasOwn(files, other.name))
      throw new PlaygroundHttpError(400, `files: ${other.name} appears twice (the entry file is ${file})`);
    files[other.name] = other.source;
    bytes += Buffer.byteLength(other.source, "utf8");
  }
  if (bytes > ctx.limits.maxSourceBytes) {
    const what = request.files?.length ? "source and files are" : "source is";
    throw new PlaygroundHttpError(
      413,
      `${what} ${bytes} bytes; the limit is ${ctx.limits.maxSourceBytes} bytes (MAX_SOURCE_BYTES)`,
    );
  }
  files[file] = source;
  return files;
}

function checkOpt(opt: string): string {
  if (!Object.hasOwn(COMPILER_OPT, opt)) {
    throw new PlaygroundHttpError(
      400,
      `opt: invalid optimisation level "${opt}"; allowed: ${Object.keys(COMPILER_OPT).join(", ")}`,
    );
  }
  return opt;
}

/** Errors as the API answers them: a compiler diagnostic's code links to its page (help_url). */
function withHelp(errors: SourceError[], ctx: BuildContext): SourceErrorBody[] {
  return errors.map((e) => (e.code ? { ...e, help_url: helpUrl(e.code, ctx.publicBase) } : e));
}

/** Diagnostics as the text a command-line compiler prints (the NURL page's stderr/nurlc_stderr). */
function diagnosticText(errors: SourceErrorBody[]): { stderr: string; nurlc_stderr: string } {
  const text = errors.map((e) => `${e.file}:${e.line}:${e.col}: ${e.message}`).join("\n");
  return { stderr: text, nurlc_stderr: text };
}

/** The compiler's --json diagnostics, split by severity; anything else is an internal error. */
function diagnostics(
  run: CompilerRunResult,
  file: string,
  ctx: BuildContext,
): { errors: SourceErrorBody[]; warnings: SourceErrorBody[] } {
  const stdout = decoder.decode(run.stdout).trim();
  const parsed = run.exitCode === 1 ? parseCompilerDiagnostics(stdout) : undefined;
  if (parsed?.ok && parsed.diagnostics.length > 0) {
    const list = parsed.diagnostics;
    const shape = ({ file: f, line, col, code, message }: CompilerDiagnostic) => ({
      file: f,
      line,
      col,
      code,
      message,
    });
    return {
      errors: withHelp(list.filter((d) => d.severity === "error").map(shape), ctx),
      warnings: withHelp(list.filter((d) => d.severity !== "error").map(shape), ctx),
    };
  }
  const stderr = decoder.decode(run.stderr).trim();
  return {
    errors: [{ file, line: 1, col: 1, message: `internal compiler error (exit ${run.exitCode}): ${stderr || stdout}` }],
    warnings: [],
  };
}

/** Which host modules the program imports (browser-only features the IDE must provide). */
export function hostModuleUse(source: string): { uses_canvas: boolean; uses_audio: boolean; uses_http: boolean } {
  const imports = findImports(source).map((s) => s.path);
  const uses = (name: string) => imports.some((path) => path === name || path.startsWith(`${name}.`));
  const [canvas, audio, http] = HOST_MODULES.map((m) => m.name);
  return { uses_canvas: uses(canvas), uses_audio: uses(audio), uses_http: uses(http) };
}

/** POST /build_wasm: compiler.wasm on the worker pool; the module as base64. */
export async function buildWasm(request: BuildWasmRequest, ctx: BuildContext): Promise<WasmBuildResult> {
  const started = performance.now();
  const file = safeName(request.filename ?? "main.pith");
  const files = programFiles(request, file, ctx);
  const opt = checkOpt(request.opt ?? "-O2");
  const compile = (emit: "wasm" | "ll", out: string) =>
    ctx.compile({
      args: ["build", file, COMPILER_OPT[opt], "--emit", emit, "--json", "-o", out],
      files,
    });
  const run = await compile("wasm", "out.wasm");
  const wasm = run.exitCode === 0 ? run.files.get("out.wasm") : undefined;
  let llvmIr: string | null = null;
  if (wasm && request.emit_ll) {
    const ll = (await compile("ll", "out.ll")).files.get("out.ll");
    llvmIr = ll ? decoder.decode(ll) : null;
  }
  const { errors, warnings } = wasm ? { errors: [], warnings: [] } : diagnostics(run, file, ctx);
  const wasmName = `${file.replace(/\.[^.]*$/, "") || "main"}.wasm`;
  return {
    status: wasm ? "ok" : "error",
    message: wasm
      ? `compiled ${file} to ${wasmName} (${wasm.length} bytes) at ${opt}`
      : `${file} has ${errors.length} error${errors.length === 1 ? "" : "s"}`,
    filename: wasmName,
    wasm_base64: wasm ? Buffer.from(wasm).toString("base64") : null,
    wasm_bytes: wasm?.length ?? 0,
    logs: decoder.decode(run.stderr),
    errors,
    warnings,
    llvm_ir: llvmIr,
    ...hostModuleUse(Object.values(files).join("\n")),
    elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
    ...diagnosticText([...errors, ...warnings]),
    nurlc_returncode: run.exitCode,
    nurlc_errors: errors,
  };
}

export function downloadUrl(ctx: BuildContext, id: string, name: string): string {
  return `${ctx.publicBase}/download/${id}/${encodeURIComponent(name)}`;
}

/** One stored file as a build result names it: where to download it, under which token, and until when. */
export function publishedArtifact(ctx: BuildContext, stored: StoredBuild, file: StoredArtifact): Artifact {
  return {
    ...file,
    download_url: downloadUrl(ctx, stored.id, file.name),
    token: stored.id,
    expires_at: new Date(stored.expiresAt).toISOString(),
  };
}

/** A native build for any native target (the routes choose which targets they accept). */
export async function buildNativeFor(
  request: NativeBuildRequest,
  target: string,
  ctx: BuildContext,
): Promise<NativeBuildResult> {
  const started = performance.now();
  const file = safeName(request.filename ?? "main.pith");
  const { [file]: _entry, ...modules } = programFiles(request, file, ctx);
  const opt = checkOpt(request.opt ?? "-O2");
  if (!isNativeTargetId(target)) {
    throw new PlaygroundHttpError(400, `unknown target "${target}"; known targets: ${NATIVE_TARGET_IDS.join(", ")}`);
  }
  const build = await ctx.nativeQueue.run(ctx.client, (signal) =>
    buildNative({
      source: request.source,
      filename: file,
      files: modules,
      target,
      opt,
      timeoutMs: ctx.limits.nativeTimeoutMs,
      maxOutputBytes: ctx.limits.maxOutputBytes,
      runCompiler: ctx.compile,
      signal,
    }),
  );
  const messages = build.errors.map((e) => e.message).join("; ");
  switch (build.failure) {
    case "host_module":
      throw new PlaygroundHttpError(
        400,
        build.errors.map((e) => `${e.file}:${e.line}:${e.col}: ${e.message}`).join("\n"),
      );
    case "invalid_request":
      throw new PlaygroundHttpError(400, messages);
    case "missing_tools":
      throw new PlaygroundHttpError(
        503,
        `cannot build for ${target}: this host lacks ${build.missingTools.join(", ")}`,
        60,
      );
    case "timeout":
      throw new PlaygroundHttpError(504, messages);
    default:
  }

  let binaryArtifact: Artifact | null = null;
  let llArtifact: Artifact | null = null;
  if (build.status === "ok" && build.binary) {
    const llName = `${build.binaryName.replace(/\.exe$/, "") || "main"}.ll`;
    const files = [{ name: build.binaryName, bytes: build.binary }];
    if (build.ll !== null) files.push({ name: llName, bytes: new TextEncoder().encode(build.ll) });
    const stored = await ctx.artifacts.put(files);
    const artifact = (name: string): Artifact | null => {
      const found = stored.artifacts.find((a) => a.name === name);
      return found ? publishedArtifact(ctx, stored, found) : null;
    };
    binaryArtifact = artifact(build.binaryName);
    llArtifact = build.ll !== null ? artifact(llName) : null;
  }

  const ok = build.status === "ok" && binaryArtifact !== null;
  let message: string;
  if (ok) {
    message = `built ${build.binaryName} for ${target} at ${opt} (${binaryArtifact?.bytes} bytes); downloads expire after ${ctx.limits.artifactTtlSeconds} s`;
    if (target.startsWith("macos-")) message += `. ${MACOS_QUARANTINE_NOTE}`;
  } else if (build.failure === "compile_error") {
    message = `${file} has ${build.errors.length} error${build.errors.length === 1 ? "" : "s"}`;
  } else {
    message = `the ${target} toolchain failed: ${messages}`;
  }
  const errors = withHelp(build.errors, ctx);
  return {
    status: ok ? "ok" : "error",
    message,
    filename: file,
    target,
    logs: build.logs,
    errors,
    ll_artifact: llArtifact,
    binary_artifact: binaryArtifact,
    elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
    ...diagnosticText(build.errors),
    // Every answer here comes after a compile: the requests that skip it (an
    // invalid request, a refused host module) were thrown above as 400s.
    nurlc_returncode: build.compilerExitCode ?? 0,
    nurlc_stdout_bytes: build.ll === null ? 0 : Buffer.byteLength(build.ll, "utf8"),
    clang_returncode: build.linkerExitCode,
    stdout: build.linkerStdout,
    nurlc_errors: errors,
    uses_canvas: false,
    uses_audio: false,
  };
}

/** POST /build_target: one of BUILD_TARGET_IDS; anything else is a 400 listing them. */
export async function buildTarget(request: TargetBuildRequest, ctx: BuildContext): Promise<NativeBuildResult> {
  if (!isBuildTargetId(request.target)) {
    throw new PlaygroundHttpError(
      400,
      `unknown target "${request.target}"; known targets: ${BUILD_TARGET_IDS.join(", ")}`,
    );
  }
  return buildNativeFor(request, request.target, ctx);
}

/** POST /build_asm: the assembly of the program for one native target, compiled like a build (emitAsm.ts). */
export async function buildAsm(request: AsmRequest, ctx: BuildContext): Promise<AsmResult> {
  const started = performance.now();
  const file = safeName(request.filename ?? "main.pith");
  const { [file]: _entry, ...modules } = programFiles(request, file, ctx);
  const opt = checkOpt(request.opt ?? "-O2");
  if (!isNativeTargetId(request.target)) {
    throw new PlaygroundHttpError(
      400,
      `unknown target "${request.target}"; known targets: ${NATIVE_TARGET_IDS.join(", ")}`,
    );
  }
  const result = await ctx.nativeQueue.run(ctx.client, async (signal) => {
    const compiled = await compileToLl({
      source: request.source,
      filename: file,
      files: modules,
      target: request.target,
      opt,
      runCompiler: ctx.compile,
      lineTables: request.line_map === true,
    });
    if (compiled.ll === null) return { compiled, asm: null };
    return {
      compiled,
      asm: await emitAsm({
        ll: compiled.ll,
        target: request.target,
        opt,
        timeoutMs: ctx.limits.nativeTimeoutMs,
        lineMap: request.line_map === true,
        signal,
      }),
    };
  });
  const { compiled, asm } = result;
  if (compiled.rejectedHostModules)
    throw new PlaygroundHttpError(
      400,
      compiled.errors.map((e) => `${e.file}:${e.line}:${e.col}: ${e.message}`).join("\n"),
    );
  if (asm?.failure === "missing_tools")
    throw new PlaygroundHttpError(
      503,
      `cannot compile for ${request.target}: this host lacks ${asm.missingTools.join(", ")}`,
      60,
    );
  if (asm?.failure === "timeout") throw new PlaygroundHttpError(504, asm.errors.join("; "));
  const ok = asm?.status === "ok";
  const message = ok
    ? `assembly of ${file} for ${request.target} at ${opt} (${asm.asm?.split("\n").length ?? 0} lines)`
    : asm === null
      ? `${file} has ${compiled.errors.length} error${compiled.errors.length === 1 ? "" : "s"}`
      : `the ${request.target} toolchain failed: ${asm.errors.join("; ")}`;
  return {
    status: ok ? "ok" : "error",
    message,
    target: request.target,
    opt,
    asm: asm?.asm ?? null,
    line_map: asm?.lineMap ?? null,
    errors: withHelp(compiled.errors, ctx),
    logs: [compiled.logs, asm?.logs ?? ""].filter(Boolean).join("\n"),
    elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
  };
}
