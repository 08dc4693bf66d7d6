// Turns portable LLVM IR into a native executable for one target: a fresh
// directory, one clang-19 call that compiles the IR and links it with the
// target's (cached, precompiled) shim, under a time limit, an output size limit and (when the host
// allows) a bubblewrap sandbox. The directory is removed whatever happens.
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NATIVE_TARGET_IDS } from "../../protocol/targets";
import { binaryName as nameOfBinary, programName } from "./binaryName";
import { confine } from "./confine";
import { missingToolsFor } from "./detect";
import { clangArgs, isOptLevel, OPT_LEVELS, recipeFor } from "./recipes";
import { runProcess } from "./runProcess";
import { SHIM_DIR, shimObject } from "./shimCache";

export const CLANG = "clang-19";

export interface LinkNativeRequest {
  /** Portable LLVM IR text (no triple, no datalayout), defining @pith_main. */
  ll: string;
  target: string;
  opt: string;
  /** The source file's name; the executable is named after it. */
  filename: string;
  timeoutMs?: number;
  maxOutputBytes?: number;
  /** Default true; the sandbox is still skipped, with a log line, where bwrap cannot run. */
  sandbox?: boolean;
  /** Where the per-build directory is created (default: the OS temp folder). */
  tmpRoot?: string;
  /** Aborts when nobody waits for the build any more: clang's process group is killed and the build throws the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Why a build failed, so a route can choose its status code: invalid_request
 * → 400, missing_tools → 503, timeout → 504; toolchain_error is a build that
 * ran and failed (for generated IR, a compiler bug), too_large an executable
 * over the size limit.
 */
export type BuildFailure = "invalid_request" | "missing_tools" | "timeout" | "toolchain_error" | "too_large";

export interface LinkNativeResult {
  status: "ok" | "error";
  failure: BuildFailure | null;
  logs: string;
  errors: string[];
  binary: Uint8Array | null;
  /** The executable's file name, e.g. "hello" or "hello.exe". */
  binaryName: string;
  /** Set when failure is "missing_tools". */
  missingTools: string[];
  /** clang's exit status; null when it did not run or was killed. */
  exitCode: number | null;
  /** What clang printed on stdout (its diagnostics go to stderr, in logs). */
  stdout: string;
  elapsedMs: number;
}

export const DEFAULT_BUILD_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

function clangErrors(stderr: string): string[] {
  return stderr
    .split("\n")
    .filter((line) => /\berror:/.test(line))
    .map((line) => line.trim());
}

/** Why a target and optimisation level cannot be built (null when they can): a 400, checked before any work. */
export function requestProblem(target: string, opt: string): string | null {
  if (!recipeFor(target)) return `unknown target "${target}"; known native targets: ${NATIVE_TARGET_IDS.join(", ")}`;
  if (!isOptLevel(opt)) return `invalid optimisation level "${opt}"; allowed: ${OPT_LEVELS.join(", ")}`;
  return null;
}

export async function linkNative(request: LinkNativeRequest): Promise<LinkNativeResult> {
  const started = performance.now();
  const recipe = recipeFor(request.target);
  const binaryName = recipe ? nameOfBinary(request.filename, request.target) : programName(request.filename);
  const fail = (
    failure: BuildFailure,
    logs: string,
    errors: string[],
    missing: string[] = [],
    ran: { exitCode: number | null; stdout: string } = { exitCode: null, stdout: "" },
  ): LinkNativeResult => ({
    status: "error",
    failure,
    logs,
    errors,
    binary: null,
    binaryName,
    missingTools: missing,
    ...ran,
    elapsedMs: performance.now() - started,
  });

  if (!recipe || !isOptLevel(request.opt)) {
    return fail("invalid_request", "", [requestProblem(request.target, request.opt) as string]);
  }
  const missing = missingToolsFor(request.target);
  if (missing.length > 0) {
    return fail("missing_tools", "", [`cannot build for ${request.target}: missing ${missing.join(", ")}`], missing);
  }

  const timeoutMs = request.timeoutMs ?? DEFAULT_BUILD_TIMEOUT_MS;
  const maxOutputBytes = request.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const dir = await mkdtemp(join(request.tmpRoot ?? tmpdir(), "pith-native-"));
  const log: string[] = [];
  try {
    await writeFile(join(dir, "program.ll"), request.ll);
    let shim: string;
    try {
      shim = await shimObject(request.target, recipe, timeoutMs);
    } catch (error) {
      return fail("toolchain_error", log.join("\n"), [(error as Error).message]);
    }
    // Copied rather than referenced: the sandbox's private /tmp hides the
    // shim cache (and a checkout under /tmp), and relative names keep the
    // log readable.
    await copyFile(shim, join(dir, "shim.o"));
    await Promise.all(recipe.linkInputs.map((file) => copyFile(join(SHIM_DIR, file), join(dir, file))));

    const args = clangArgs(recipe, request.opt, "program.ll", "shim.o", binaryName);
    log.push(`shim: lang/runtime/native/${recipe.shim}, precompiled at -O2 (shim.o)`);
    log.push(`$ ${CLANG} ${args.join(" ")}`);
    const { command, argv } = await confine(dir, CLANG, args, {
      sandbox: request.sandbox,
      maxOutputBytes,
      log,
    });

    const run = await runProcess(command, argv, {
      cwd: dir,
      timeoutMs,
      maxCapture: 256 * 1024,
      signal: request.signal,
    });
    // Not a failure of the build to report: nobody is left to read it.
    if (run.aborted) throw request.signal?.reason ?? new Error("the build was cancelled");
    const stderr = new TextDecoder().decode(run.stderr);
    if (stderr.trim()) log.push(stderr.trimEnd());
    const logs = log.join("\n");
    const ran = { exitCode: run.exitCode, stdout: new TextDecoder().decode(run.stdout) };

    if (run.timedOut) {
      return fail("timeout", logs, [`build for ${request.target} exceeded its time limit of ${timeoutMs} ms`]);
    }
    if (run.spawnError) return fail("missing_tools", logs, [`cannot start ${command}: ${run.spawnError}`], [command]);
    const output = join(dir, binaryName);
    const size = existsSync(output) ? (await stat(output)).size : 0;
    if (run.signal === "SIGXFSZ" || stderr.includes("File size limit exceeded") || size > maxOutputBytes) {
      return fail("too_large", logs, [`the executable exceeds the output limit of ${maxOutputBytes} bytes`], [], ran);
    }
    if (run.exitCode !== 0 || size === 0) {
      const errors = clangErrors(stderr);
      const status = run.signal ? `killed by ${run.signal}` : `exit ${run.exitCode}`;
      return fail("toolchain_error", logs, errors.length > 0 ? errors : [`clang failed (${status})`], [], ran);
    }
    return {
      status: "ok",
      failure: null,
      logs,
      errors: [],
      binary: new Uint8Array(await readFile(output)),
      binaryName,
      missingTools: [],
      ...ran,
      elapsedMs: performance.now() - started,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
