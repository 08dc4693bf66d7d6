// `lang_format`'s engine: compiler.wasm `fmt` (the same formatter as
// `pith fmt`) on one source. A program the formatter cannot parse gets the
// checker's positioned diagnostics instead, with their fix hints.
import { type CompilerRunner, safeName } from "../compiler/compilerRun";
import { type CheckDiagnostic, checkSource } from "./check";

export interface FormatResult {
  /** The source in canonical layout; null when it does not parse. */
  formatted: string | null;
  /** Whether formatting changed anything. */
  changed: boolean;
  diagnostics: CheckDiagnostic[];
}

export async function formatSource(
  run: CompilerRunner,
  source: string,
  filename = "main.pith",
  base = "",
): Promise<FormatResult> {
  const file = safeName(filename);
  const result = await run({ args: ["fmt", file], files: { [file]: source } });
  if (result.exitCode === 0) {
    const formatted = new TextDecoder().decode(result.stdout);
    return { formatted, changed: formatted !== source, diagnostics: [] };
  }
  const checked = await checkSource(run, source, file, base);
  if (checked.diagnostics.length === 0) {
    const stderr = new TextDecoder().decode(result.stderr).trim();
    throw new Error(`the formatter failed (exit ${result.exitCode}): ${stderr}`);
  }
  return { formatted: null, changed: false, diagnostics: checked.diagnostics };
}
