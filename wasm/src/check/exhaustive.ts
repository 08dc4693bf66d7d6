// Exhaustiveness of `match` by the usefulness algorithm of Maranget
// ("Warnings for pattern matching", as in the Rust and OCaml checkers): the
// arms form a matrix of patterns, one column per value still to be looked
// at; a value no row matches is built constructor by constructor, which
// gives both the verdict and the missing cases to name in the message.
import { Pattern, PK } from "../syntax/ast";
import { TyK, Type } from "./types";

// Enough missing cases to show the shape of the gap without flooding the message.
const MAX_WITNESSES = 8;

const WILD = new Pattern(PK.Wild, 0, 0);

/** A value no row matches, one pattern text per column. */
class Witness {
  constructor(public cols: string[]) {}
}

/** Whether the pattern matches every value: a wildcard, a binding, or a pattern the checker could not resolve (already an error). */
function isWild(p: Pattern): bool {
  if (p.kind == PK.Wild || p.kind == PK.Bind) return true;
  if (p.kind == PK.Variant && p.variant < 0) return true;
  return false;
}

/** The number of constructors of a type whose values the patterns can enumerate; -1 for the others (integers, strings, structs). */
function constructorCount(t: Type): i32 {
  if (t.kind == TyK.Enum) return t.variants.length;
  if (t.kind == TyK.Bool) return 2;
  if (t.kind == TyK.Tuple) return 1;
  return -1;
}

function arity(t: Type, c: i32): i32 {
  if (t.kind == TyK.Enum) return t.variants[c].payload.length;
  if (t.kind == TyK.Tuple) return t.elems.length;
  return 0;
}

function subTypes(t: Type, c: i32): Type[] {
  if (t.kind == TyK.Enum) return t.variants[c].payload;
  if (t.kind == TyK.Tuple) return t.elems;
  return [];
}

/** The constructor a pattern's head names: a variant, a bool literal, a tuple (0); -1 for a literal or range of an open type. */
function headConstructor(p: Pattern, t: Type): i32 {
  if (t.kind == TyK.Tuple && p.kind == PK.Tuple) return 0;
  if (t.kind == TyK.Enum && p.kind == PK.Variant) return p.variant;
  if (t.kind == TyK.Bool && p.kind == PK.Lit) return p.variant;
  return -1;
}

/** How a pattern names the type's variants: bare for Option and Result (`Some(_)`, `Err(_)`), else by the type (`Shape.Rect`, `Pair.Both` for a generic's instance). */
function variantPrefix(t: Type): string {
  if (t.name.endsWith("?") || t.name.startsWith("Result<")) return "";
  return (t.base.length > 0 ? t.base : t.name) + ".";
}

/** Source text of constructor `c` applied to `args`, as a pattern would be written. */
function constructorText(t: Type, c: i32, args: string[]): string {
  if (t.kind == TyK.Bool) return c == 1 ? "true" : "false";
  if (t.kind == TyK.Tuple) return "(" + args.join(", ") + ")";
  const name = variantPrefix(t) + t.variants[c].name;
  return args.length == 0 ? name : name + "(" + args.join(", ") + ")";
}

/** Rows whose first pattern is an or-pattern become one row per alternative. */
function expandOr(rows: Pattern[][]): Pattern[][] {
  const out: Pattern[][] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row[0].kind != PK.Or) { out.push(row); continue; }
    const alts = row[0].subs;
    const expanded: Pattern[][] = [];
    for (let a = 0; a < alts.length; a++) {
      const r = row.slice(0);
      r[0] = alts[a];
      expanded.push(r);
    }
    const deeper = expandOr(expanded);
    for (let k = 0; k < deeper.length; k++) out.push(deeper[k]);
  }
  return out;
}

/** The rows that match constructor `c` in the first column, with its fields as new columns. */
function specialize(rows: Pattern[][], t: Type, c: i32, n: i32): Pattern[][] {
  const out: Pattern[][] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const head = row[0];
    const fields: Pattern[] = [];
    if (isWild(head)) {
      for (let k = 0; k < n; k++) fields.push(WILD);
    } else if (headConstructor(head, t) == c) {
      for (let k = 0; k < n; k++) fields.push(k < head.subs.length ? head.subs[k] : WILD);
    } else continue;
    for (let k = 1; k < row.length; k++) fields.push(row[k]);
    out.push(fields);
  }
  return out;
}

/** The rows whose first pattern matches anything, without that column. */
function defaultRows(rows: Pattern[][]): Pattern[][] {
  const out: Pattern[][] = [];
  for (let i = 0; i < rows.length; i++) if (isWild(rows[i][0])) out.push(rows[i].slice(1));
  return out;
}

/** Values of the column types `tys` that no row matches (at most MAX_WITNESSES; none when the rows are exhaustive). */
function witnesses(rows0: Pattern[][], tys: Type[]): Witness[] {
  if (tys.length == 0) return rows0.length == 0 ? [new Witness([])] : [];
  const rows = expandOr(rows0);
  const t = tys[0];
  const rest = tys.slice(1);
  const count = constructorCount(t);
  const seen = new Set<i32>();
  for (let i = 0; i < rows.length; i++) {
    const c = count < 0 ? -1 : headConstructor(rows[i][0], t);
    if (c >= 0) seen.add(c);
  }
  const out: Witness[] = [];
  if (count > 0 && seen.size == count) {
    // Every constructor appears: a missing value starts with one of them.
    for (let c = 0; c < count && out.length < MAX_WITNESSES; c++) {
      const n = arity(t, c);
      const inner = witnesses(specialize(rows, t, c, n), subTypes(t, c).concat(rest));
      for (let w = 0; w < inner.length && out.length < MAX_WITNESSES; w++) {
        const cols = inner[w].cols;
        const head = constructorText(t, c, cols.slice(0, n));
        out.push(new Witness([head].concat(cols.slice(n))));
      }
    }
    return out;
  }
  // Some constructor (or, for an open type, some value) appears in no row:
  // only the rows that match anything can match it.
  const inner = witnesses(defaultRows(rows), rest);
  if (inner.length == 0) return out;
  const heads: string[] = [];
  if (count > 0 && seen.size > 0) {
    // A variant no arm mentions is named alone ("Shape.Rect"): any payload is missing.
    for (let c = 0; c < count; c++) if (!seen.has(c)) heads.push(constructorText(t, c, []));
  } else heads.push("_");
  for (let h = 0; h < heads.length; h++) {
    for (let w = 0; w < inner.length && out.length < MAX_WITNESSES; w++) out.push(new Witness([heads[h]].concat(inner[w].cols)));
  }
  return out;
}

/**
 * The values of type `t` that no pattern in `patterns` matches, as pattern
 * texts ("(State.Idle, Event.Coin)", "Some((State.Busy, _))", "Shape.Rect"
 * for a variant no arm names); "_" alone when the
 * gap has no better name. Empty when the patterns are exhaustive.
 */
export function missingPatterns(patterns: Pattern[], t: Type): string[] {
  const rows: Pattern[][] = [];
  for (let i = 0; i < patterns.length; i++) rows.push([patterns[i]]);
  let found = witnesses(rows, [t]);
  // A match with no arm over an enum: name every variant, not "_".
  if (patterns.length == 0 && t.kind == TyK.Enum) {
    found = [];
    for (let c = 0; c < t.variants.length; c++) found.push(new Witness([constructorText(t, c, [])]));
  }
  const out: string[] = [];
  for (let i = 0; i < found.length; i++) out.push(found[i].cols[0]);
  return out;
}
