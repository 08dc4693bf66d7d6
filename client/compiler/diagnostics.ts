// The compiler's `--json` diagnostics, parsed where they enter the page.
import type { CompilerDiagnostic } from "../../wasm/checkJson";

export interface Diagnostic {
  file: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  severity: "error" | "warning" | "info";
  message: string;
}

type RawDiagnostic = CompilerDiagnostic;

/** Parses `check --json` output; text that is not the expected list becomes one error at 1:1 saying so. */
export function parseDiagnostics(json: string, file: string): Diagnostic[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json || "[]");
  } catch {
    return [internal(file, `the compiler's diagnostics were not JSON: ${json.slice(0, 200)}`)];
  }
  if (!Array.isArray(raw)) return [internal(file, "the compiler's diagnostics were not a list")];
  return (raw as RawDiagnostic[]).map((d) => ({
    file: d.file,
    line: d.line,
    col: d.col,
    endLine: d.end_line,
    endCol: d.end_col,
    severity: d.severity === "warning" || d.severity === "info" ? d.severity : "error",
    message: d.message,
  }));
}

function internal(file: string, message: string): Diagnostic {
  return { file, line: 1, col: 1, endLine: 1, endCol: 1, severity: "error", message };
}
