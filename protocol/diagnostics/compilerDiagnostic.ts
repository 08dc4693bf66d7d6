// One diagnostic of `compiler.wasm check|build|fmt --json` as every reader
// sees it (the IDE, the build routes, the MCP tools, the CLI, the tests), and
// the one parser of that output. Positions are 1-based; the end is exclusive.
import { helpPath } from "./codes";

export interface CompilerDiagnostic {
  file: string;
  line: number;
  col: number;
  end_line: number;
  end_col: number;
  severity: string;
  /** The code in protocol/diagnostics' table (E0200...); what tools key on. */
  code: string;
  message: string;
}

const NUMBERS = ["line", "col", "end_line", "end_col"] as const;
const STRINGS = ["file", "severity", "code", "message"] as const;

function isDiagnostic(value: unknown): value is CompilerDiagnostic {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    NUMBERS.every((key) => Number.isInteger(record[key])) && STRINGS.every((key) => typeof record[key] === "string")
  );
}

export type ParsedDiagnostics = { ok: true; diagnostics: CompilerDiagnostic[] } | { ok: false; problem: string };

/**
 * Reads the compiler's `--json` stdout: a JSON list of diagnostics (empty
 * text is an empty list). Anything else is a problem named in words, never
 * a throw: callers report it as an internal compiler error.
 */
export function parseCompilerDiagnostics(stdout: string): ParsedDiagnostics {
  const text = stdout.trim();
  if (text === "") return { ok: true, diagnostics: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problem: `the compiler's diagnostics were not JSON: ${text.slice(0, 200)}` };
  }
  if (!Array.isArray(raw)) return { ok: false, problem: "the compiler's diagnostics were not a list" };
  const bad = raw.findIndex((item) => !isDiagnostic(item));
  if (bad >= 0) return { ok: false, problem: `diagnostic ${bad + 1} lacks a field: ${JSON.stringify(raw[bad])}` };
  return { ok: true, diagnostics: raw };
}

/** A diagnostic's page: `base` is the server's origin ("" for a path on the same site). */
export function helpUrl(code: string, base = ""): string {
  return `${base.replace(/\/$/, "")}${helpPath(code)}`;
}
