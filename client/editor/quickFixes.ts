// Quick fixes (Ctrl+. or the light bulb) for the compiler's diagnostics that
// name their own repair: `if x = 1` → `==`, `and` → `&&`, `x++` → `x += 1`,
// `'a'` → `97`, `let mut` → `var`, `::` → `.`, `String` → `str`, `null` →
// `None`, `println!` → `println`. Pure: a diagnostic and its line in, text
// edits out (1-based columns, end exclusive, as Monaco's ranges). Each rule
// is chosen by the diagnostic's code, never by its wording, and reads what
// it replaces from the source under the diagnostic's span; only the Pith
// name of a foreign type comes from the message, read through the code's
// template in protocol/diagnostics (whose test checks it against the
// compiler's real messages).
import { messageArgs } from "../../protocol/diagnostics/template";

export interface FixSite {
  /** The diagnostic's code (E0110...); a diagnostic without one gets no fix. */
  code?: string;
  message: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  /** The text of the diagnostic's first line. */
  lineText: string;
}

export interface QuickFix {
  title: string;
  line: number;
  col: number;
  endCol: number;
  text: string;
}

/** Replaces the diagnostic's own span (on one line) with `text`. */
function replaceSpan(site: FixSite, title: string, text: string): QuickFix | undefined {
  if (site.endLine !== site.line || site.endCol <= site.col) return undefined;
  return { title, line: site.line, col: site.col, endCol: site.endCol, text };
}

/** The span's text, for checking that the diagnostic still points at what it named. */
function spanText(site: FixSite): string {
  return site.lineText.slice(site.col - 1, site.endCol - 1);
}

/**
 * The fix, or undefined where the span no longer holds what the diagnostic
 * named. `args` are the message's varying parts (undefined when the message
 * does not fit the code's template).
 */
type Rule = (site: FixSite, args: Record<string, string> | undefined, span: string) => QuickFix | undefined;

const NULLS = new Set(["null", "nil", "undefined", "NULL", "nullptr"]);
const WORD_OPERATORS: Record<string, string> = { and: "&&", or: "||", not: "!" };
// The escapes the lexer reads as one byte inside a character literal.
const ESCAPED_BYTES: Record<string, number> = { n: 10, t: 9, r: 13, "0": 0, "\\": 92, "'": 39, '"': 34 };

/** The byte a one-byte character literal (`'a'`, `'\n'`) stands for, or undefined. */
function literalByte(span: string): number | undefined {
  const inner = span.slice(1, -1);
  if (!span.startsWith("'") || !span.endsWith("'")) return undefined;
  if (inner.length === 1 && inner.charCodeAt(0) < 128) return inner.charCodeAt(0);
  return inner.length === 2 && inner[0] === "\\" ? ESCAPED_BYTES[inner[1]] : undefined;
}

const RULES: Record<string, Rule> = {
  // '=' assigns a value; use '==' to compare
  E0110: (site, _args, span) => (span === "=" ? replaceSpan(site, "Compare with '=='", "==") : undefined),
  // write '&&' for 'and'
  E0111(site, _args, word) {
    const op = WORD_OPERATORS[word];
    if (!op) return undefined;
    // `not x` becomes `!x`: the space after the word goes with it.
    const after = op === "!" && site.lineText[site.endCol - 1] === " " ? 1 : 0;
    return {
      title: `Write '${op}' for '${word}'`,
      line: site.line,
      col: site.col,
      endCol: site.endCol + after,
      text: op,
    };
  },
  // Pith has no '++': write 'x += 1'
  E0112: (site, _args, span) =>
    span === "++" || span === "--" ? replaceSpan(site, `Write '${span[0]}= 1'`, ` ${span[0]}= 1`) : undefined,
  // Pith has no character literals: ... so write 'a' as 97 ...
  E0008(site, _args, span) {
    const value = literalByte(span);
    return value === undefined ? undefined : replaceSpan(site, `Write the byte's value, ${value}`, String(value));
  },
  // Pith has no character literals: use a string, "ab"
  E0009(site, _args, span) {
    if (!span.startsWith("'") || !span.endsWith("'") || span.length < 2) return undefined;
    const text = `"${span.slice(1, -1)}"`;
    return replaceSpan(site, `Use the string ${text}`, text);
  },
  // use 'var' for a mutable binding
  E0116(site, _args, span) {
    // The span is `mut`: `let mut` (and the space after it) becomes `var`.
    const let_ = /let\s+$/.exec(site.lineText.slice(0, site.col - 1));
    if (span !== "mut" || !let_) return undefined;
    const after = site.lineText[site.endCol - 1] === " " ? 1 : 0;
    return { title: "Write 'var'", line: site.line, col: let_.index + 1, endCol: site.endCol + after, text: "var " };
  },
  // use '.' instead of '::'
  E0114: (site, _args, span) => (span === "::" ? replaceSpan(site, "Write '.'", ".") : undefined),
  // unknown type 'String'; the string type is str (...): the hint names Pith's type
  E0206(site, args) {
    const pith = /^; the (?:string|floating-point|boolean) type is (\w+)/.exec(args?.hint ?? "")?.[1];
    return pith ? replaceSpan(site, `Write '${pith}'`, pith) : undefined;
  },
  // unknown name 'null' / 'True'
  E0200(site, _args, name) {
    if (NULLS.has(name)) return replaceSpan(site, "Write 'None'", "None");
    if (name === "True" || name === "False") {
      return replaceSpan(site, `Write '${name.toLowerCase()}'`, name.toLowerCase());
    }
    return undefined;
  },
  // macros are not supported: call 'println(...)'
  E0115: (site, _args, span) =>
    span === "!" ? replaceSpan(site, "Call it as a function (drop the '!')", "") : undefined,
};

export function quickFixes(site: FixSite): QuickFix[] {
  const rule = site.code ? RULES[site.code] : undefined;
  if (!rule || !site.code) return [];
  const fix = rule(site, messageArgs(site.code, site.message), spanText(site));
  return fix ? [fix] : [];
}

/** The first fix for diagnostic `d` in `source`, as the editor's text stands now. */
export function firstFix(d: Omit<FixSite, "lineText">, source: string): QuickFix | undefined {
  return quickFixes({ ...d, lineText: source.split("\n")[d.line - 1] ?? "" })[0];
}

/** `source` with `fix` applied. */
export function applyFix(source: string, fix: QuickFix): string {
  const lines = source.split("\n");
  const text = lines[fix.line - 1] ?? "";
  lines[fix.line - 1] = text.slice(0, fix.col - 1) + fix.text + text.slice(fix.endCol - 1);
  return lines.join("\n");
}
