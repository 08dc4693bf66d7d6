// The assembly a native build would contain, for the playground's assembly
// view: the program's portable IR compiled by clang-19 for one target with
// the build's own code-generation flags (recipes.ts), written as text
// (`-S`) instead of linked, confined like a build (confine.ts).
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mapAsmLines, type SourceLine } from "./asmLines";
import { confine } from "./confine";
import { missingToolsFor } from "./detect";
import { type BuildFailure, CLANG, DEFAULT_BUILD_TIMEOUT_MS, requestProblem } from "./linkNative";
import { clangAsmArgs, isOptLevel, recipeFor } from "./recipes";
import { runProcess } from "./runProcess";

/** Assembly text past this is not kept (a view of it would not be read anyway). */
export const MAX_ASM_BYTES = 16 << 20;

export interface EmitAsmRequest {
  ll: string;
  target: string;
  opt: string;
  timeoutMs?: number;
  sandbox?: boolean;
  /** The IR carries line tables (compileToLl's lineTables): map each instruction to its source line. */
  lineMap?: boolean;
  /** Aborts when nobody waits for the assembly any more: clang's process group is killed and this throws the signal's reason. */
  signal?: AbortSignal;
}

export interface EmitAsmResult {
  status: "ok" | "error";
  failure: BuildFailure | null;
  asm: string | null;
  /** With lineMap: the source line of each line of `asm` (null where none). */
  lineMap: (SourceLine | null)[] | null;
  logs: string;
  errors: string[];
  missingTools: string[];
}

export async function emitAsm(request: EmitAsmRequest): Promise<EmitAsmResult> {
  const fail = (failure: BuildFailure, logs: string, errors: string[], missing: string[] = []): EmitAsmResult => ({
    status: "error",
    failure,
    asm: null,
    lineMap: null,
    logs,
    errors,
    missingTools: missing,
  });
  const recipe = recipeFor(request.target);
  if (!recipe || !isOptLevel(request.opt))
    return fail("invalid_request", "", [requestProblem(request.target, request.opt) as string]);
  // The assembly needs clang alone (no linker, no target libraries).
  const missing = missingToolsFor(request.target).filter((tool) => tool.startsWith("clang"));
  if (missing.length > 0)
    return fail("missing_tools", "", [`cannot compile for ${request.target}: missing ${missing.join(", ")}`], missing);

  const timeoutMs = request.timeoutMs ?? DEFAULT_BUILD_TIMEOUT_MS;
  const dir = await mkdtemp(join(tmpdir(), "pith-asm-"));
  const log: string[] = [];
  try {
    await writeFile(join(dir, "program.ll"), request.ll);
    const args = clangAsmArgs(recipe, request.opt, "program.ll", "program.s");
    log.push(`$ ${CLANG} ${args.join(" ")}`);
    const { command, argv } = await confine(dir, CLANG, args, {
      sandbox: request.sandbox,
      maxOutputBytes: MAX_ASM_BYTES,
      log,
    });
    const run = await runProcess(command, argv, {
      cwd: dir,
      timeoutMs,
      maxCapture: 256 * 1024,
      signal: request.signal,
    });
    if (run.aborted) throw request.signal?.reason ?? new Error("the build was cancelled");
    const stderr = new TextDecoder().decode(run.stderr);
    if (stderr.trim()) log.push(stderr.trimEnd());
    const logs = log.join("\n");
    if (run.timedOut) return fail("timeout", logs, [`compiling for ${request.target} exceeded ${timeoutMs} ms`]);
    if (run.spawnError) return fail("missing_tools", logs, [`cannot start ${command}: ${run.spawnError}`], [command]);
    const output = join(dir, "program.s");
    const size = await stat(output).then(
      (s) => s.size,
      () => 0,
    );
    if (run.signal === "SIGXFSZ" || size > MAX_ASM_BYTES)
      return fail("too_large", logs, [`the assembly exceeds ${MAX_ASM_BYTES} bytes`]);
    if (run.exitCode !== 0 || size === 0)
      return fail("toolchain_error", logs, [`clang failed (${run.signal ?? `exit ${run.exitCode}`})`]);
    const text = await readFile(output, "utf8");
    const mapped = request.lineMap ? mapAsmLines(text) : null;
    return {
      status: "ok",
      failure: null,
      asm: mapped ? mapped.asm : text,
      lineMap: mapped ? mapped.lines : null,
      logs,
      errors: [],
      missingTools: [],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
