// A code's message template read as a pattern: the varying parts of a
// message (`{name}` in the template) for the tools that need them (a quick
// fix needs the byte value the message names), and, for a message pasted
// without its code, the code whose template it fits. The templates live in
// the table beside the codes, and a test checks every example's message
// against its template, so rewording a message without its template fails
// there instead of silently breaking a quick fix.
import { DIAGNOSTIC_CODES, diagnosticCode } from "./codes";

/** `{name}`; a brace followed by anything else (`'{'`, `{ ... }`) is literal text. */
const PLACEHOLDER = /\{([a-z][a-z_ ]*)\}/g;

interface CompiledTemplate {
  pattern: RegExp;
  names: string[];
  /** Characters of literal text: the more, the more specific the template. */
  weight: number;
}

const compiled = new Map<string, CompiledTemplate>();

function compile(template: string): CompiledTemplate {
  const known = compiled.get(template);
  if (known) return known;
  const names: string[] = [];
  let source = "^";
  let weight = 0;
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const literal = template.slice(last, match.index);
    source += escapeRegExp(literal);
    weight += literal.length;
    source += "(.*?)";
    names.push(match[1]);
    last = match.index + match[0].length;
  }
  const tail = template.slice(last);
  source += `${escapeRegExp(tail)}$`;
  weight += tail.length;
  const result = { pattern: new RegExp(source, "s"), names, weight };
  compiled.set(template, result);
  return result;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/** The parts of `message` that `template` leaves open, by placeholder name; undefined when it does not fit. */
export function templateArgs(template: string, message: string): Record<string, string> | undefined {
  const { pattern, names } = compile(template);
  const match = pattern.exec(message);
  if (!match) return undefined;
  const args: Record<string, string> = {};
  names.forEach((name, i) => {
    if (!(name in args)) args[name] = match[i + 1];
  });
  return args;
}

/** The varying parts of a diagnostic with `code`, read through that code's template. */
export function messageArgs(code: string, message: string): Record<string, string> | undefined {
  const entry = diagnosticCode(code);
  return entry ? templateArgs(entry.template, message) : undefined;
}

/**
 * The code whose template fits `message` most specifically, for a message
 * that arrives without its code (pasted text). Diagnostics that carry their
 * code never need this; several codes may fit a short message, so the one
 * with the most literal text wins.
 */
export function codeForMessage(message: string): string | undefined {
  let best: { code: string; weight: number } | undefined;
  for (const entry of DIAGNOSTIC_CODES) {
    const { pattern, weight } = compile(entry.template);
    if (weight < 8 || !pattern.test(message)) continue;
    if (!best || weight > best.weight) best = { code: entry.code, weight };
  }
  return best?.code;
}
