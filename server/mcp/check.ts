// `lang_check`'s engine: compiler.wasm `check --json` on one source, with a
// fix hint attached to each diagnostic. No code generation, so it answers in
// milliseconds: what an agent runs after every edit.
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { loadCompilerModule } from "../compiler/compilerModule";
import { explainMessage } from "./hints";

export interface CheckDiagnostic {
  file: string;
  line: number;
  col: number;
  end_line: number;
  end_col: number;
  severity: string;
  message: string;
  /** How to fix it, when the message is one the hint table knows. */
  hint: string | null;
}

export interface CheckResult {
  ok: boolean;
  diagnostics: CheckDiagnostic[];
  elapsed_ms: number;
}

/** A plain file name for the diagnostics, whatever the caller sent. */
function checkedName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[^A-Za-z0-9._-]/g, "_");
  return clean && clean !== "." && clean !== ".." ? clean : "main.pith";
}

export async function checkSource(source: string, filename = "main.pith"): Promise<CheckResult> {
  const started = performance.now();
  const file = checkedName(filename);
  const run = await runWasiShim({
    module: await loadCompilerModule(),
    program: "pith",
    args: ["check", file, "--json"],
    files: { [file]: source },
  });
  const stdout = new TextDecoder().decode(run.stdout).trim();
  if ((run.exitCode !== 0 && run.exitCode !== 1) || !stdout.startsWith("[")) {
    const stderr = new TextDecoder().decode(run.stderr).trim();
    throw new Error(`internal compiler error (exit ${run.exitCode}): ${stderr || stdout}`);
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
