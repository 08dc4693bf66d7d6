// Conditions of conditional breakpoints, checked against the stopped frame's
// locals as println shows them: comparisons of a local with a number, a
// string in quotes, true/false or another local (`i == 3`, `name != "x"`,
// `total >= limit`), joined by && and || (&& binds tighter). A condition that
// cannot be read is an error the editor shows, never silently false.
import type { DebugLocal } from "./debugEngine";

const COMPARISON =
  /^\s*([A-Za-z_][A-Za-z0-9_]*|-?\d+(?:\.\d+)?|"[^"]*"|true|false)\s*(==|!=|<=|>=|<|>)\s*([A-Za-z_][A-Za-z0-9_]*|-?\d+(?:\.\d+)?|"[^"]*"|true|false)\s*$/;

/** Why a condition cannot be checked, or null when it is well formed. */
export function conditionError(condition: string): string | null {
  for (const term of terms(condition)) {
    if (!COMPARISON.test(term))
      return `cannot read the condition "${term.trim()}": write a comparison like i == 3 or name != "x", joined by && or ||`;
  }
  return null;
}

/** Whether the condition holds; a local it names that is not in scope makes it false. */
export function conditionHolds(condition: string, locals: DebugLocal[]): boolean {
  return condition.split("||").some((any) =>
    any.split("&&").every((term) => {
      const m = COMPARISON.exec(term);
      if (!m) return false;
      const left = operand(m[1] ?? "", locals);
      const right = operand(m[3] ?? "", locals);
      if (left === undefined || right === undefined) return false;
      return compare(left, m[2] ?? "==", right);
    }),
  );
}

function terms(condition: string): string[] {
  return condition.split("||").flatMap((t) => t.split("&&"));
}

function operand(text: string, locals: DebugLocal[]): string | undefined {
  if (text.startsWith('"')) return text.slice(1, -1);
  if (/^[A-Za-z_]/.test(text) && text !== "true" && text !== "false")
    return locals.findLast((l) => l.name === text)?.value;
  return text;
}

function compare(a: string, op: string, b: string): boolean {
  const numeric = a.trim() !== "" && b.trim() !== "" && !Number.isNaN(Number(a)) && !Number.isNaN(Number(b));
  const x: number | string = numeric ? Number(a) : a;
  const y: number | string = numeric ? Number(b) : b;
  switch (op) {
    case "==":
      return x === y;
    case "!=":
      return x !== y;
    case "<":
      return x < y;
    case "<=":
      return x <= y;
    case ">":
      return x > y;
    default:
      return x >= y;
  }
}
