// How to fix a compile error, for a model repairing its own code: the
// diagnostic-code table's explanation and fix (protocol/diagnostics), looked
// up by the code every diagnostic carries, never by the message's wording.
import { type DiagnosticCodeEntry, diagnosticCode } from "../../protocol/diagnostics/codes";

export interface Explanation {
  code: string;
  title: string;
  cause: string;
  fix: string;
  /** A program that gets this code ("" for an internal one). */
  example: string;
}

function explanation(entry: DiagnosticCodeEntry): Explanation {
  return { code: entry.code, title: entry.title, cause: entry.explanation, fix: entry.fix, example: entry.example };
}

/** The table's explanation of `code`, or null for a code it does not know (or none). */
export function explainCode(code: string | undefined): Explanation | null {
  const entry = code ? diagnosticCode(code) : undefined;
  return entry ? explanation(entry) : null;
}

/** One line for a diagnostic: the likely cause, then the change that fixes it. */
export function hintFor(code: string | undefined): string | null {
  const known = explainCode(code);
  return known ? `${known.cause} ${known.fix}` : null;
}
