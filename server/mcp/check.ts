// `lang_check`'s engine: compiler.wasm `check --json` on one source, with a
// fix hint attached to each diagnostic. No code generation, so it answers in
// milliseconds: what an agent runs after every edit.

import type { CompilerDiagnostic } from "../../wasm/checkJson";
import { type CompilerRunner, safeName } from "../toolchain/compileToLl";
import { explainMessage } from "./hints";

export interface CheckDiagnostic extends CompilerDiagnostic {
  /** How to fix it, when the message is one the hint table knows. */
  hint: string | null;
}

export interface CheckResult {
  ok: boolean;
  diagnostics: CheckDiagnostic[];
  elapsed_ms: number;
}

/** Runs `check --json` on the playground's compiler runner (worker threads with a time limit). */
export async function checkSource(run: CompilerRunner, source: string, filename = "main.pith"): Promise<CheckResult> {
  const started = performance.now();
  const file = safeName(filename);
  const result = await run({ args: ["check", file, "--json"], files: { [file]: source } });
  const stdout = new TextDecoder().decode(result.stdout).trim();
  if ((result.exitCode !== 0 && result.exitCode !== 1) || !stdout.startsWith("[")) {
    const stderr = new TextDecoder().decode(result.stderr).trim();
    throw new Error(`internal compiler error (exit ${result.exitCode}): ${stderr || stdout}`);
  }
  const raw = JSON.parse(stdout) as Omit<CheckDiagnostic, "hint">[];
  const diagnostics = raw.map((d) => {
    const hint = explainMessage(d.message);
    return { ...d, hint: hint ? `${hint.cause} ${hint.fix}` : null };
  });
  return {
    ok: !diagnostics.some((d) => d.severity === "error"),
    diagnostics,
    elapsed_ms: Math.round(performance.now() - started),
  };
}
