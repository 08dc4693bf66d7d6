// The seam between the Pith compiler and the native toolchain: checks the
// program's host-module imports against the target, then runs compiler.wasm
// (`build --emit ll`, in memory under the WASI shim) to get portable LLVM IR.
import { parseCompilerDiagnostics } from "../../protocol/diagnostics/compilerDiagnostic";
import { COMPILER_OPT, type CompilerRunner, runCompilerInProcess, safeName } from "../compiler/compilerRun";
import { rejectHostModules } from "./hostModules";
import { findImports } from "./imports";
import { programModules } from "./programModules";

export interface CompileToLlRequest {
  source: string;
  filename: string;
  /** Other files by name, beside the entry file; only those the entry imports (transitively) are compiled or checked. */
  files?: Record<string, string>;
  target: string;
  /** A clang level; -Oz has no compiler equivalent and compiles as -Os. */
  opt: string;
  /** Default: runCompilerInProcess. */
  runCompiler?: CompilerRunner;
  /** Line tables in the IR (`-g`), for the assembly view's line mapping; builds leave them out. */
  lineTables?: boolean;
}

export interface SourceError {
  file: string;
  line: number;
  col: number;
  /** The diagnostic's code (protocol/diagnostics); absent for errors the compiler did not report. */
  code?: string;
  message: string;
}

export interface CompileToLlResult {
  ll: string | null;
  /** Compiler diagnostics (or host-module rejections) when ll is null. */
  errors: SourceError[];
  /** True when the errors are host modules the target lacks (a 400, not a compile result). */
  rejectedHostModules: boolean;
  /** Anything the compiler printed besides diagnostics. */
  logs: string;
  /** The compiler's exit status; null when it did not run (host modules refused first). */
  exitCode: number | null;
}

export async function compileToLl(request: CompileToLlRequest): Promise<CompileToLlResult> {
  const file = safeName(request.filename);
  // Only the files the program imports are part of it: a sibling nobody imports changes nothing.
  const others = request.files ?? {};
  const read = (name: string) =>
    name === file ? request.source : Object.hasOwn(others, name) ? others[name] : undefined;
  const files: Record<string, string> = { [file]: request.source };
  for (const name of programModules(file, read)) files[name] = others[name];
  // Each of its files' imports: a host module the target lacks is refused wherever the program imports it.
  const sites = Object.entries(files).flatMap(([name, text]) => findImports(text).map((site) => ({ ...site, name })));
  const rejected = rejectHostModules([...new Set(sites.map((s) => s.path))], request.target);
  if (rejected.length > 0) {
    const errors = rejected.map((r) => {
      const site = sites.find((s) => s.path === r.module || s.path.startsWith(`${r.module}.`));
      return { file: site?.name ?? file, line: site?.line ?? 1, col: site?.col ?? 1, message: r.message };
    });
    return { ll: null, errors, rejectedHostModules: true, logs: "", exitCode: null };
  }

  const opt = COMPILER_OPT[request.opt] ?? "-O2";
  const run = await (request.runCompiler ?? runCompilerInProcess)({
    args: ["build", file, opt, "--emit", "ll", ...(request.lineTables ? ["-g"] : []), "--json", "-o", "program.ll"],
    files,
  });
  const stdout = new TextDecoder().decode(run.stdout);
  const stderr = new TextDecoder().decode(run.stderr);
  const ll = run.files.get("program.ll");
  if (run.exitCode === 0 && ll) {
    return {
      ll: new TextDecoder().decode(ll),
      errors: [],
      rejectedHostModules: false,
      logs: stderr,
      exitCode: run.exitCode,
    };
  }
  const parsed = run.exitCode === 1 ? parseCompilerDiagnostics(stdout) : undefined;
  if (parsed?.ok && parsed.diagnostics.length > 0) {
    const errors = parsed.diagnostics
      .filter((d) => d.severity === "error")
      .map(({ file: f, line, col, code, message }) => ({ file: f, line, col, code, message }));
    return { ll: null, errors, rejectedHostModules: false, logs: stderr, exitCode: run.exitCode };
  }
  // Exit 70 (or anything unexpected) is a compiler bug, reported as such.
  return {
    ll: null,
    errors: [
      {
        file,
        line: 1,
        col: 1,
        message: `internal compiler error (exit ${run.exitCode}): ${(stderr || stdout).trim()}`,
      },
    ],
    rejectedHostModules: false,
    logs: stderr,
    exitCode: run.exitCode,
  };
}
