// `lang_check`'s engine: compiler.wasm `check --json` on one source, with a
// fix hint attached to each diagnostic. No code generation, so it answers in
// milliseconds: what an agent runs after every edit.

import {
  type CompilerDiagnostic,
  helpUrl,
  parseCompilerDiagnostics,
} from "../../protocol/diagnostics/compilerDiagnostic";
import { type CompilerRunner, safeName } from "../compiler/compilerRun";
import { hintFor } from "./hints";

export interface CheckDiagnostic extends CompilerDiagnostic {
  /** How to fix it: the code's explanation and fix from the diagnostic-code table. */
  hint: string | null;
  /** The code's page (lang_explain_error answers the same). */
  help_url: string;
}

export interface CheckResult {
  ok: boolean;
  diagnostics: CheckDiagnostic[];
  elapsed_ms: number;
}

/**
 * Runs `check --json` on the playground's compiler runner (worker threads
 * with a time limit); `base` is the origin help URLs start with.
 */
export async function checkSource(
  run: CompilerRunner,
  source: string,
  filename = "main.pith",
  base = "",
): Promise<CheckResult> {
  const started = performance.now();
  const file = safeName(filename);
  const result = await run({ args: ["check", file, "--json"], files: { [file]: source } });
  const stdout = new TextDecoder().decode(result.stdout).trim();
  const parsed = parseCompilerDiagnostics(stdout);
  if ((result.exitCode !== 0 && result.exitCode !== 1) || !stdout.startsWith("[") || !parsed.ok) {
    const stderr = new TextDecoder().decode(result.stderr).trim();
    throw new Error(`internal compiler error (exit ${result.exitCode}): ${stderr || stdout}`);
  }
  const diagnostics = parsed.diagnostics.map((d) => ({ ...d, hint: hintFor(d.code), help_url: helpUrl(d.code, base) }));
  return {
    ok: !diagnostics.some((d) => d.severity === "error"),
    diagnostics,
    elapsed_ms: Math.round(performance.now() - started),
  };
}
