// The compiler operations the playground uses, over the compiler worker:
// check (diagnostics only), build to wasm, and the LLVM IR text.

import { parseCompilerDiagnostics } from "../../protocol/diagnostics/compilerDiagnostic";
import { compilerWorker } from "./compilerClient";
import { type Diagnostic, parseDiagnostics } from "./diagnostics";

export const SOURCE_FILE = "main.pith";

// The playground offers the levels compiler.wasm takes; the list's home is protocol/optLevels.ts.
import { COMPILER_OPT_LEVELS, type CompilerOptLevel } from "../../protocol/optLevels";

export const OPT_LEVELS = COMPILER_OPT_LEVELS;
export type OptLevel = CompilerOptLevel;

export type BuildResult =
  | { ok: true; output: Uint8Array; diagnostics: Diagnostic[]; compileMs: number }
  | { ok: false; diagnostics: Diagnostic[]; message: string; compileMs: number };

/** A program as the compiler gets it: the entry file and the other files `import` may read. */
export interface ProgramInput {
  entry: string;
  modules: Record<string, string>;
}

const ONE_FILE: ProgramInput = { entry: SOURCE_FILE, modules: {} };

/** Diagnostics of the program whose entry file holds `source` (of every file, each labelled with its own). */
export async function checkSource(source: string, program: ProgramInput = ONE_FILE): Promise<Diagnostic[]> {
  const run = await compilerWorker().run(["check", program.entry, "--json"], {
    ...program.modules,
    [program.entry]: source,
  });
  if (run.exitCode > 1) throw new Error(`the compiler failed (exit ${run.exitCode}): ${run.stderr}`);
  return parseDiagnostics(run.stdout, program.entry);
}

/** Builds the source; `emit` "wasm" gives the module, "ll" the LLVM IR text as bytes. */
export async function buildSource(
  source: string,
  opt: OptLevel,
  emit: "wasm" | "ll" = "wasm",
  program: ProgramInput = ONE_FILE,
  debug = false,
  lineTable = false,
): Promise<BuildResult> {
  const out = emit === "wasm" ? "main.wasm" : "main.ll";
  const started = performance.now();
  // A debug build (-O0 with the debugger's hooks) for the step debugger; -g: the module says
  // which statement each instruction came from (the WebAssembly text view's links).
  const flags = [...(debug ? ["--debug"] : []), ...(lineTable ? ["-g"] : [])];
  const run = await compilerWorker().run(["build", program.entry, opt, ...flags, "--emit", emit, "--json", "-o", out], {
    ...program.modules,
    [program.entry]: source,
  });
  const compileMs = performance.now() - started;
  const diagnostics = parseDiagnostics(run.stdout, program.entry);
  const output = run.files[out];
  if (run.exitCode === 0 && output) return { ok: true, output, diagnostics, compileMs };
  const message =
    run.exitCode === 1
      ? `${diagnostics.length} error${diagnostics.length === 1 ? "" : "s"}`
      : `the compiler failed (exit ${run.exitCode}): ${run.stderr.trim()}`;
  return { ok: false, diagnostics, message, compileMs };
}

export type FormatResult =
  | { kind: "formatted"; source: string }
  | { kind: "unavailable"; reason: string }
  | { kind: "failed"; message: string };

/** The compiler's canonical formatter (`fmt`), when this compiler has one. */
export async function formatSource(source: string): Promise<FormatResult> {
  const run = await compilerWorker().run(["fmt", SOURCE_FILE, "--json"], { [SOURCE_FILE]: source });
  if (run.exitCode === 2 && /unknown command/.test(run.stderr))
    return { kind: "unavailable", reason: "this compiler has no formatter yet (`pith fmt` is not built in)" };
  if (run.exitCode !== 0) {
    // The formatter reports like the compiler (--json, protocol/diagnostics); the
    // notice already says the program can't be formatted, so the message's own
    // "cannot format: " is left out.
    const parsed = parseCompilerDiagnostics(run.stdout);
    const first = parsed.ok ? parsed.diagnostics[0] : undefined;
    const message = first
      ? `line ${first.line}, column ${first.col}: ${first.message.replace(/^cannot format: /, "")}`
      : run.stderr.trim() || `fmt exited ${run.exitCode}`;
    return { kind: "failed", message };
  }
  const written = run.files[SOURCE_FILE];
  const text = run.stdout || (written ? new TextDecoder().decode(written) : source);
  return { kind: "formatted", source: text };
}
