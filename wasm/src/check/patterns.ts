import { Expr, LitExpr, Local, MatchExpr, Pattern, PK } from "../syntax/ast";
import { check } from "./dispatch";
import { missingPatterns } from "./exhaustive";
import { declareLocal } from "./scope";
import { CheckState, err, errAt } from "./state";
import { tError, TyK, Type } from "./types";

// The patterns of `match` arms against the scrutinee's type, and whether the arms cover it.

export function checkExhaustive(cx: CheckState, m: MatchExpr, t: Type): void {
  // A guarded arm may fail its guard: it covers nothing for certain.
  const unguarded: Pattern[] = [];
  for (let i = 0; i < m.arms.length; i++) if (m.arms[i].guard === null) unguarded.push(m.arms[i].pattern);
  const missing = missingPatterns(unguarded, t);
  if (missing.length == 0) return;
  if (missing.length == 1 && missing[0] == "_") {
    err(cx, "E0610", m.start, m.scrutinee.end, "match is not exhaustive: add a '_ =>' arm");
    return;
  }
  err(cx, "E0611", m.start, m.scrutinee.end, "match is not exhaustive: missing " + missing.join(", "));
}

/** A bound of a range pattern: a literal of the scrutinee's integer type (not `2.5`, not `2E9`). */
export function checkRangeBound(cx: CheckState, bound: Expr, t: Type): void {
  const bt = check(cx, bound, t);
  if (!t.isError && !bt.isError && bt != t) errAt(cx, "E0612", bound, "range pattern bound of type " + bt.name + " does not match " + t.name);
}

export function checkPattern(cx: CheckState, p: Pattern, t: Type): void {
  switch (p.kind) {
    case PK.Wild: return;
    case PK.Bind: {
      // A bare name that is a variant of the scrutinee's enum matches that variant.
      if (t.kind == TyK.Enum && t.variantIndex(p.name) >= 0) {
        p.kind = PK.Variant;
        checkPattern(cx, p, t);
        return;
      }
      p.local = declareLocal(cx, p.name, t, false);
      return;
    }
    case PK.Lit: {
      const lt = check(cx, p.lit!, t.isNumeric ? t : null);
      if (!t.isError && !lt.isError && lt != t) errAt(cx, "E0612", p.lit!, "pattern type " + lt.name + " does not match " + t.name);
      if (!t.isError && !(t.isNumeric || t.kind == TyK.Str || t.kind == TyK.Bool)) errAt(cx, "E0612", p.lit!, "cannot match " + t.name + " against a literal");
      if (t.kind == TyK.Bool) p.variant = (p.lit! as LitExpr).boolValue ? 1 : 0;
      return;
    }
    case PK.Range: {
      if (!t.isError && !t.isInt) { err(cx, "E0612", p.start, p.end, "range patterns need an integer, found " + t.name); return; }
      checkRangeBound(cx, p.lit!, t);
      if (p.hi !== null) checkRangeBound(cx, p.hi!, t);
      return;
    }
    case PK.Or: {
      checkOrPattern(cx, p, t);
      return;
    }
    case PK.Tuple: {
      // `()` matches the unit value (`Ok(()) =>` on a Result<(), E>): it
      // covers every value of its type, like `_`.
      if (p.subs.length == 0 && t.kind == TyK.Unit) { p.kind = PK.Wild; return; }
      if (t.kind != TyK.Tuple || t.elems.length != p.subs.length) {
        if (!t.isError) err(cx, "E0612", p.start, p.end, "tuple pattern does not match " + t.name + (t.kind == TyK.Tuple ? ": it has " + p.subs.length.toString() + " parts, the tuple " + t.elems.length.toString() : ""));
        for (let i = 0; i < p.subs.length; i++) checkPattern(cx, p.subs[i], tError);
        return;
      }
      for (let i = 0; i < p.subs.length; i++) checkPattern(cx, p.subs[i], t.elems[i]);
      return;
    }
  }
  // Variant
  let name = p.name;
  const dot = name.lastIndexOf(".");
  if (dot >= 0) {
    const enumName = name.substring(0, dot);
    name = name.substring(dot + 1);
    if (!t.isError && enumName != t.name && enumName != t.base) {
      err(cx, "E0612", p.start, p.end, "pattern " + p.name + " does not match a value of type " + t.name);
      for (let i = 0; i < p.subs.length; i++) checkPattern(cx, p.subs[i], tError);
      return;
    }
  }
  if (t.isError) { for (let i = 0; i < p.subs.length; i++) checkPattern(cx, p.subs[i], tError); return; }
  if (t.kind != TyK.Enum || t.variantIndex(name) < 0) {
    err(cx, "E0409", p.start, p.end, t.kind == TyK.Enum ? "enum " + t.name + " has no variant '" + name + "'" : "cannot match " + t.name + " against variant '" + name + "'");
    for (let i = 0; i < p.subs.length; i++) checkPattern(cx, p.subs[i], tError);
    return;
  }
  const v = t.variantIndex(name);
  p.variant = v;
  const payload = t.variants[v].payload;
  if (p.subs.length != payload.length && (p.hasParens || payload.length > 0)) {
    err(cx, "E0410", p.start, p.end, "variant " + t.name + "." + name + " has " + payload.length.toString() + " value(s), the pattern has " + p.subs.length.toString());
  }
  for (let i = 0; i < p.subs.length; i++) checkPattern(cx, p.subs[i], i < payload.length ? payload[i] : tError);
}

/**
 * `p1 | p2 | ...`: every alternative binds the same names with the same
 * types, so whichever matched, the arm sees each name with a value. The
 * first alternative declares the locals; a later one's bindings are pointed
 * at them, so one local holds the name whichever alternative matched. The
 * first difference is one error naming the name and the alternative.
 */
function checkOrPattern(cx: CheckState, p: Pattern, t: Type): void {
  const base = cx.fn.locals.length;
  checkPattern(cx, p.subs[0], t);
  const first = new Map<string, Local>();
  for (let k = base; k < cx.fn.locals.length; k++) first.set(cx.fn.locals[k].name, cx.fn.locals[k]);
  const scope = cx.scopes[cx.scopes.length - 1];
  let reported = false;
  for (let i = 1; i < p.subs.length; i++) {
    const alt = p.subs[i];
    const before = cx.fn.locals.length;
    checkPattern(cx, alt, t);
    const mine = new Map<string, Local>();
    for (let k = before; k < cx.fn.locals.length; k++) mine.set(cx.fn.locals[k].name, cx.fn.locals[k]);
    if (!reported) {
      const problem = orMismatch(first, mine, i + 1);
      if (problem.length > 0) {
        err(cx, "E0613", alt.start, alt.end, problem + "; every alternative of a '|' pattern binds the same names with the same types");
        reported = true;
      }
    }
    // The arm's body sees the first alternative's locals.
    const names = first.keys();
    for (let k = 0; k < names.length; k++) scope.set(names[k], first.get(names[k]));
    rebind(alt, first);
  }
}

/** What differs between the first alternative's bindings and alternative `n`'s, or "". */
function orMismatch(first: Map<string, Local>, mine: Map<string, Local>, n: i32): string {
  const names = first.keys();
  for (let k = 0; k < names.length; k++) {
    const name = names[k];
    if (!mine.has(name)) return "'" + name + "' is bound in the first alternative but not in alternative " + n.toString();
    const a = first.get(name).ty;
    const b = mine.get(name).ty;
    if (a != b && !a.isError && !b.isError) return "'" + name + "' is " + a.name + " in the first alternative but " + b.name + " in alternative " + n.toString();
  }
  const extra = mine.keys();
  for (let k = 0; k < extra.length; k++) {
    if (!first.has(extra[k])) return "'" + extra[k] + "' is bound in alternative " + n.toString() + " but not in the first";
  }
  return "";
}

/** Points the bindings of `p` at the same-named locals of `to`. */
function rebind(p: Pattern, to: Map<string, Local>): void {
  if (p.kind == PK.Bind && p.local !== null && to.has(p.name)) p.local = to.get(p.name);
  for (let i = 0; i < p.subs.length; i++) rebind(p.subs[i], to);
}
