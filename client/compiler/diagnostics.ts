// The compiler's `--json` diagnostics, parsed where they enter the page
// (protocol/diagnostics' one parser) and shaped for Monaco's markers.
import { parseCompilerDiagnostics } from "../../protocol/diagnostics/compilerDiagnostic";

export interface Diagnostic {
  file: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  severity: "error" | "warning" | "info";
  /** The code in the diagnostic-code table; absent for the page's own errors (the compiler failed). */
  code?: string;
  message: string;
}

/** Parses `check --json` output; text that is not the expected list becomes one error at 1:1 saying so. */
export function parseDiagnostics(json: string, file: string): Diagnostic[] {
  const parsed = parseCompilerDiagnostics(json);
  if (!parsed.ok) return [internal(file, parsed.problem)];
  return parsed.diagnostics.map((d) => ({
    file: d.file,
    line: d.line,
    col: d.col,
    endLine: d.end_line,
    endCol: d.end_col,
    severity: d.severity === "warning" || d.severity === "info" ? d.severity : "error",
    code: d.code,
    message: d.message,
  }));
}

function internal(file: string, message: string): Diagnostic {
  return { file, line: 1, col: 1, endLine: 1, endCol: 1, severity: "error", message };
}
