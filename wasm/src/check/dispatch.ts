import { EK, Expr } from "../syntax/ast";
import { MAX_CHECK_FUEL } from "./budget";
import { CheckState, errAt } from "./state";
import { assignable, tError, TyK, Type } from "./types";

/**
 * How one kind of expression is checked: its type, given the type the
 * context expects (null when it expects none).
 */
export type CheckRule = (cx: CheckState, e: Expr, expected: Type | null) => Type;

/**
 * The rule of each expression kind, indexed by `EK`, installed by rules.ts
 * (clox's parse-rule table): the checker's files reach each other's kinds
 * through it instead of importing each other. It is not a field of
 * CheckState because AssemblyScript cannot type a field holding functions
 * that take the class itself.
 */
export const RULES = new Array<CheckRule>(<i32>EK.Error + 1);

/**
 * Checks `e` by its kind's rule and records its type on it. Each check
 * spends a unit of the compile budget; once it is spent, checking stops
 * (every later check is an error type at once, so the rest of the program,
 * however large it would have grown, costs nothing) and the expression
 * that crossed the limit gets the one diagnostic.
 */
export function check(cx: CheckState, e: Expr, expected: Type | null): Type {
  const budget = cx.program.budget;
  if (!budget.spend(1)) {
    if (!budget.exhausted) {
      budget.exhausted = true;
      errAt(cx, "E0506", e, "compile budget exceeded: checking needed more than " + MAX_CHECK_FUEL.toString() +
        " units of work (" + budget.instances.toString() + " generic instances so far), reached here in '" + cx.fn.name +
        "'; make the program smaller or give generic calls fewer distinct type arguments");
    }
    e.ty = tError;
    return tError;
  }
  const t = RULES[e.kind](cx, e, expected);
  e.ty = t;
  return t;
}

/** Checks `e` against a required type and reports a mismatch. */
export function expectType(cx: CheckState, e: Expr, want: Type, what: string): Type {
  const t = check(cx, e, want);
  if (t.kind == TyK.Never) errAt(cx, "E0306", e, what + " needs a value, but this expression never produces one");
  else if (!assignable(t, want)) {
    // Numbers never convert implicitly (GOTCHAS #5): say how to write the conversion.
    const convert = t.isNumeric && want.isNumeric ? "; convert it with '(...) as " + want.name + "'" : "";
    errAt(cx, "E0300", e, what + ": expected " + want.name + ", found " + t.name + convert);
  }
  return t;
}

/** The rule of an expression kind that has none: every kind has one (rules.ts), so this is a parser bug. */
export function checkUnsupported(cx: CheckState, e: Expr, expected: Type | null): Type {
  errAt(cx, "E0602", e, "unsupported expression");
  return tError;
}
