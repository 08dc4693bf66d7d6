// `pith explain [CODE]`: what a diagnostic code means, a program that gets
// it and how to fix it, as text for a terminal (rustc's --explain); without
// a code, the list of codes. From the one table in protocol/diagnostics, as
// the /errors pages and the MCP tool lang_explain_error are.
import { DIAGNOSTIC_CODES, type DiagnosticCodeEntry, diagnosticCode } from "../../protocol/diagnostics/codes";

const indent = (text: string) =>
  text
    .trimEnd()
    .split("\n")
    .map((line) => (line ? `    ${line}` : ""))
    .join("\n");

/** One code as text: title, message, why, example, fix, the example fixed. */
export function explanationText(entry: DiagnosticCodeEntry): string {
  const parts = [`${entry.code}: ${entry.title}`, "", `  ${entry.template}`, "", entry.explanation, ""];
  if (entry.example) parts.push("For example:", "", indent(entry.example), "");
  parts.push(`Fix: ${entry.fix}`, "");
  if (entry.fixed) parts.push("Fixed:", "", indent(entry.fixed), "");
  return `${parts.join("\n")}\n`;
}

/** Every code with its title, one per line. */
export function codeList(): string {
  return `${DIAGNOSTIC_CODES.map((e) => `${e.code}  ${e.title}`).join("\n")}\n`;
}

/** Runs `pith explain`; answers the exit status (2: not a code of the table). */
export function explain(args: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): number {
  if (args.length === 0) {
    out.write(codeList());
    return 0;
  }
  if (args.length > 1) {
    err.write("pith: explain takes one code, e.g. 'pith explain E0116'\n");
    return 2;
  }
  const entry = diagnosticCode(args[0]);
  if (!entry) {
    err.write(`pith: '${args[0]}' is not a diagnostic code; 'pith explain' lists them\n`);
    return 2;
  }
  out.write(explanationText(entry));
  return 0;
}
