// Quick fixes (Ctrl+. or the light bulb) for the compiler's diagnostics that
// name their own repair: `if x = 1` → `==`, `and` → `&&`, `x++` → `x += 1`,
// `'a'` → `97`, `let mut` → `var`, `::` → `.`, `String` → `str`, `null` →
// `None`, `println!` → `println`. Pure: a diagnostic and its line in, text
// edits out (1-based columns, end exclusive, as Monaco's ranges).

export interface FixSite {
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

const TYPE_FOR: Record<string, string> = { string: "str", "floating-point": "f64", boolean: "bool" };

interface Rule {
  pattern: RegExp;
  /** The fix, or undefined where the span no longer holds what the message names. */
  fix(site: FixSite, match: RegExpExecArray, span: string): QuickFix | undefined;
}

const RULES: Rule[] = [
  {
    pattern: /^'=' assigns a value; use '==' to compare/,
    fix: (site, _m, span) => (span === "=" ? replaceSpan(site, "Compare with '=='", "==") : undefined),
  },
  {
    pattern: /^write '(&&|\|\||!)' for '(and|or|not)'/,
    fix(site, [, op, word], span) {
      if (span !== word) return undefined;
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
  },
  {
    pattern: /^Pith has no '(\+\+|--)': write 'x ([+-]=) 1'/,
    fix: (site, [, ops, assign], span) =>
      span === ops ? replaceSpan(site, `Write '${assign} 1'`, ` ${assign} 1`) : undefined,
  },
  {
    pattern: /^Pith has no character literals: .* as (\d+) /,
    fix: (site, [, value]) => replaceSpan(site, `Write the byte's value, ${value}`, value),
  },
  {
    pattern: /^Pith has no character literals: use a string, (".*")$/,
    fix: (site, [, text]) => replaceSpan(site, `Use the string ${text}`, text),
  },
  {
    pattern: /^use 'var' for a mutable binding/,
    fix(site, _m, span) {
      // The span is `mut`: `let mut` (and the space after it) becomes `var`.
      const let_ = /let\s+$/.exec(site.lineText.slice(0, site.col - 1));
      if (span !== "mut" || !let_) return undefined;
      const after = site.lineText[site.endCol - 1] === " " ? 1 : 0;
      return { title: "Write 'var'", line: site.line, col: let_.index + 1, endCol: site.endCol + after, text: "var " };
    },
  },
  {
    pattern: /^use '\.' instead of '::'/,
    fix: (site, _m, span) => (span === "::" ? replaceSpan(site, "Write '.'", ".") : undefined),
  },
  {
    pattern: /^unknown type '\w+'; the (string|floating-point|boolean) type is (\w+)/,
    fix: (site, [, kind, name]) => replaceSpan(site, `Write '${name}'`, TYPE_FOR[kind] ?? name),
  },
  {
    pattern: /^unknown name '(null|nil|undefined|NULL|nullptr)'/,
    fix: (site) => replaceSpan(site, "Write 'None'", "None"),
  },
  {
    pattern: /^unknown name '(True|False)'/,
    fix: (site, [, word]) => replaceSpan(site, `Write '${word.toLowerCase()}'`, word.toLowerCase()),
  },
  {
    pattern: /^macros are not supported/,
    fix: (site, _m, span) => (span === "!" ? replaceSpan(site, "Call it as a function (drop the '!')", "") : undefined),
  },
];

export function quickFixes(site: FixSite): QuickFix[] {
  for (const rule of RULES) {
    const match = rule.pattern.exec(site.message);
    if (!match) continue;
    const fix = rule.fix(site, match, spanText(site));
    return fix ? [fix] : [];
  }
  return [];
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
