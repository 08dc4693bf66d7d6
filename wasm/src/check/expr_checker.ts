import { BinaryExpr, CastExpr, EK, Expr, IdentExpr, InterpExpr, ListExpr, LitExpr, UnaryExpr, UnaryLikeExpr, FnInfo } from "../syntax/ast";
import { Tok } from "../syntax/token";
import { check, expectType } from "./dispatch";
import { intFits, parseIntText } from "./literals";
import { checkMutablePlace, declareLocal, lookup, findFn } from "./scope";
import { CheckState, errAt } from "./state";
import {
  assignable, fnOf, isEquatable, isOption, isResult, tBool, tError, tF64, tI64, tNever, tStr, tU64, tUnit, tupleOf, TyK, Type,
} from "./types";
import { foreignValueHint } from "./foreign_names";

// Literals, names, operators, assignments, casts and `?`: the expressions
// that are neither aggregates, calls, closures nor control flow.

export function isPrintable(t: Type): bool {
  const k = t.kind;
  return k == TyK.Str || t.isNumeric || k == TyK.Bool || k == TyK.Error || k == TyK.Never;
}

/**
 * How to show a value that print and interpolation do not take (Python's
 * print, Rust's {:?} and console.log show anything): by its parts.
 */
export function printHint(t: Type): string {
  if (t.kind == TyK.Tuple) return "; print its parts: 'println(\"{t.0} {t.1}\")'";
  if (t.kind == TyK.Struct) return "; print its fields: 'println(\"{p.x} {p.y}\")'";
  if (t.kind == TyK.Array) return "; print the elements in a loop, or join them: 'str.join(parts, \", \")' for a [str]";
  if (t.kind == TyK.Enum) return "; 'match' on it and print a text for each variant";
  return "";
}

export function checkFloat(cx: CheckState, e: Expr, expected: Type | null): Type {
  const lit = e as LitExpr;
  lit.floatValue = parseFloat(lit.text);
  return tF64;
}

export function checkStr(cx: CheckState, e: Expr, expected: Type | null): Type { return tStr; }

export function checkBool(cx: CheckState, e: Expr, expected: Type | null): Type { return tBool; }

export function checkInterp(cx: CheckState, e: Expr, expected: Type | null): Type {
  const ie = e as InterpExpr;
  for (let i = 0; i < ie.exprs.length; i++) {
    const t = check(cx, ie.exprs[i], null);
    if (t.kind == TyK.Never) errAt(cx, "E0306", ie.exprs[i], "an interpolated expression needs a value, but this one never produces one");
    else if (!isPrintable(t)) errAt(cx, "E0313", ie.exprs[i], "cannot interpolate a value of type " + t.name + " into a string" + printHint(t));
  }
  return tStr;
}

/** A name; `None` takes its option type from the context. */
export function checkName(cx: CheckState, e: Expr, expected: Type | null): Type {
  const id = e as IdentExpr;
  if (id.name == "None" && lookup(cx, "None") === null) {
    if (expected !== null && isOption(expected)) { id.variant = 1; return expected; }
    errAt(cx, "E0502", id, "cannot infer the type of None; write the type, e.g. 'let x: i64? = None'");
    return tError;
  }
  return checkIdent(cx, id);
}

export function checkTupleLit(cx: CheckState, e: Expr, expected: Type | null): Type {
  const le = e as ListExpr;
  if (le.elems.length == 0) return tUnit;
  const want: Type[] = expected !== null && expected.kind == TyK.Tuple && expected.elems.length == le.elems.length ? expected.elems : [];
  const elems: Type[] = [];
  for (let i = 0; i < le.elems.length; i++) {
    const t = check(cx, le.elems[i], want.length > 0 ? want[i] : null);
    if (t.kind == TyK.Unit || t.kind == TyK.Never) errAt(cx, "E0306", le.elems[i], "a tuple element needs a value");
    elems.push(t);
  }
  return tupleOf(elems);
}

/** A range outside `for` and slices (those check their ranges themselves). */
export function checkRange(cx: CheckState, e: Expr, expected: Type | null): Type {
  errAt(cx, "E0317", e, "a range is only allowed in 'for' loops and slices");
  return tError;
}

export function checkErrorExpr(cx: CheckState, e: Expr, expected: Type | null): Type { return tError; }

/** `x?`: unwraps Some/Ok, or returns None/Err from the enclosing function. */
export function checkTry(cx: CheckState, e: UnaryLikeExpr): Type {
  const t = check(cx, e.value!, null);
  if (t.isError) return tError;
  const ret = cx.fn.ret;
  if (isOption(t)) {
    if (!isOption(ret)) {
      // `p?.x` right after it is TypeScript's and Kotlin's optional
      // chaining, which Pith's `?` is not: say what to write instead.
      const chaining = cx.source.text(e.end, e.end + 1) == "." ? "; for TypeScript's 'o?.x' write 'match o { Some(v) => v.x, None => ... }'" : "";
      errAt(cx, "E0319", e, "'?' on " + t.name + " needs the function to return an option, not " + ret.name + chaining);
      return tError;
    }
    return t.elem!;
  }
  if (isResult(t)) {
    if (!isResult(ret) || ret.variants[1].payload[0] != t.variants[1].payload[0]) {
      errAt(cx, "E0319", e, "'?' on " + t.name + " needs the function to return Result<_, " + t.variants[1].payload[0].name + ">, not " + ret.name);
      return tError;
    }
    return t.elem!;
  }
  errAt(cx, "E0319", e, "'?' needs an option or a Result, found " + t.name);
  return tError;
}

export function checkInt(cx: CheckState, lit: LitExpr, negative: bool, expected: Type | null): Type {
  let ty = tI64;
  if (expected !== null && (expected.isInt || expected.kind == TyK.F64 || expected.kind == TyK.Ptr)) ty = expected;
  let text = lit.text;
  if (text.startsWith("-")) { negative = !negative; text = text.substring(1); }
  const r = parseIntText(text);
  if (ty.kind == TyK.F64) {
    lit.floatValue = negative ? -(<f64>r.value) : <f64>r.value;
    return tF64;
  }
  const hex = text.length > 1 && text.charCodeAt(1) > 57;
  let fits = r.ok && intFits(r.value, negative, ty);
  if (fits && !hex && !negative && ty.kind == TyK.I64 && r.value > 0x7fffffffffffffff) fits = false;
  if (fits && !hex && !negative && ty.kind == TyK.I32 && r.value > 0x7fffffff) fits = false;
  if (!fits) {
    // A literal above i64's range but within u64's: a u64 meant, most
    // likely, so say where the type goes (an array's too).
    const unsigned = ty.kind == TyK.I64 && !negative && r.ok && intFits(r.value, false, tU64);
    errAt(cx, "E0308", lit, "integer literal " + (negative ? "-" : "") + text + " does not fit in " + ty.name +
      (unsigned ? "; for a u64, give the type: 'let n: u64 = ...', or 'let xs: [u64] = [...]' for an array" : ""));
  }
  lit.intValue = negative ? -(<i64>r.value) : <i64>r.value;
  return ty;
}

export function checkIdent(cx: CheckState, id: IdentExpr): Type {
  const local = lookup(cx, id.name);
  if (local !== null) {
    id.local = local;
    return local.ty;
  }
  const key = cx.mod.prefix + id.name;
  if (cx.program.consts.has(key) || cx.program.consts.has(id.name)) {
    const c = cx.program.consts.has(key) ? cx.program.consts.get(key) : cx.program.consts.get(id.name);
    id.global = c.name;
    return c.ty;
  }
  const f = findFn(cx, id.name);
  if (f !== null) {
    // A named function as a value: `apply(double, 5)`.
    id.fnRef = f.name;
    return fnValueType(f);
  }
  if (cx.program.generics.has(cx.mod.prefix + id.name) || cx.program.generics.has(id.name)) {
    errAt(cx, "E0203", id, "the generic function '" + id.name + "' cannot be used as a value; wrap the call in a closure");
    return tError;
  }
  if (cx.program.types.has(id.name)) {
    errAt(cx, "E0202", id, "'" + id.name + "' is a type, not a value");
    return tError;
  }
  if (id.name == "self") errAt(cx, "E0201", id, "'self' is only available inside methods");
  else errAt(cx, "E0200", id, "unknown name '" + id.name + "'" + foreignValueHint(id.name));
  return tError;
}

export function checkUnary(cx: CheckState, u: UnaryExpr, expected: Type | null): Type {
  if (u.op == Tok.Minus && u.operand.kind == EK.Int) {
    const t = checkInt(cx, u.operand as LitExpr, true, expected);
    u.operand.ty = t;
    return t;
  }
  const t = check(cx, u.operand, u.op == Tok.Bang ? null : expected);
  if (t.isError) return tError;
  if (u.op == Tok.Minus) {
    if (t.isNumeric) return t;
    errAt(cx, "E0310", u, "cannot negate a value of type " + t.name);
  } else if (u.op == Tok.Bang) {
    if (t.kind == TyK.Bool) return t;
    errAt(cx, "E0310", u, "operator '!' cannot be applied to " + t.name + (t.isInt ? "; use '~' for bitwise not" : ""));
  } else {
    if (t.isInt) return t;
    errAt(cx, "E0310", u, "'~' needs an integer, found " + t.name);
  }
  return tError;
}

/** Checks two operands so an untyped literal on either side takes the other side's type. */
export function checkOperands(cx: CheckState, left: Expr, right: Expr, expected: Type | null): Type {
  const leftIsLit = isNumericLiteral(left);
  let lt: Type;
  let rt: Type;
  if (leftIsLit && !isNumericLiteral(right)) {
    rt = check(cx, right, expected);
    lt = check(cx, left, rt);
  } else {
    lt = check(cx, left, expected);
    rt = check(cx, right, lt);
  }
  if (lt.isError || rt.isError) return tError;
  if (lt != rt) return tNever;  // signals a mismatch to the caller
  return lt;
}

export function checkBinary(cx: CheckState, b: BinaryExpr, expected: Type | null): Type {
  const op = b.op;
  if (op == Tok.AndAnd || op == Tok.OrOr) {
    expectType(cx, b.left, tBool, "left side of '" + (op == Tok.AndAnd ? "&&" : "||") + "'");
    expectType(cx, b.right, tBool, "right side of '" + (op == Tok.AndAnd ? "&&" : "||") + "'");
    return tBool;
  }
  const isCompare = op == Tok.EqEq || op == Tok.NotEq || op == Tok.Lt || op == Tok.Le || op == Tok.Gt || op == Tok.Ge;
  const isShift = op == Tok.Shl || op == Tok.Shr;
  let t: Type;
  if (isShift) {
    t = check(cx, b.left, expected);
    const st = check(cx, b.right, t.isInt ? t : null);
    if (!t.isError && !t.isInt) { errAt(cx, "E0310", b.left, "shift needs an integer, found " + t.name); return tError; }
    if (!st.isError && !st.isInt) { errAt(cx, "E0310", b.right, "shift amount must be an integer, found " + st.name); return tError; }
    return t;
  }
  t = checkOperands(cx, b.left, b.right, isCompare ? null : expected);
  if (t.isError) return tError;
  const name = opName(op);
  if (t.kind == TyK.Never) {
    // `"n = " + n`: what other languages convert, Pith interpolates.
    const joinsText = op == Tok.Plus && (b.left.ty! == tStr) != (b.right.ty! == tStr);
    errAt(cx, "E0301", b, "'" + name + "' needs both sides of the same type, found " + b.left.ty!.name + " and " + b.right.ty!.name +
      (joinsText ? "; put the value into the string instead: \"text {value}\"" : ""));
    return tError;
  }
  if (isCompare) {
    const eqOnly = op == Tok.EqEq || op == Tok.NotEq;
    if (t.isNumeric || t.kind == TyK.Str || t.kind == TyK.Ptr) return tBool;
    if ((t.kind == TyK.Bool || (t.kind == TyK.Enum && !t.isHeap) || t.kind == TyK.Tuple) && eqOnly && isEquatable(t)) return tBool;
    // Rust and TypeScript compare options and enums with payloads directly (`o == Some(3)`).
    let hint = "";
    if (t.kind == TyK.Enum && eqOnly) hint = isOption(t) ? "; 'match' on it: 'match o { Some(v) => v == x, None => false }'" : "; 'match' on it to compare the variants and their values";
    if (isOption(t) && eqOnly && (isNoneLiteral(b.left) || isNoneLiteral(b.right))) {
      // `o == None`, `o != nil`: the test for a missing value is a function of std.option.
      hint = "; test it with 'option." + (op == Tok.EqEq ? "is_none" : "is_some") + "(o)' with 'import std.option' (or 'match' on it)";
    }
    errAt(cx, "E0312", b, "cannot compare values of type " + t.name + " with '" + name + "'" + hint);
    return tError;
  }
  if (op == Tok.Plus && (t.kind == TyK.Str || t.isNumeric)) return t;
  if (t.kind == TyK.Ptr && (op == Tok.Plus || op == Tok.Minus)) return t;
  if ((op == Tok.Minus || op == Tok.Star || op == Tok.Slash || op == Tok.Percent) && t.isNumeric) return t;
  if ((op == Tok.Amp || op == Tok.Pipe || op == Tok.Caret) && (t.isInt || t.kind == TyK.Bool)) return t;
  errAt(cx, "E0310", b, "operator '" + name + "' cannot be applied to " + t.name);
  return tError;
}

export function checkAssign(cx: CheckState, a: BinaryExpr): Type {
  if (a.op == Tok.Eq && a.left.kind == EK.Ident && undeclared(cx, (a.left as IdentExpr).name)) return declareByAssign(cx, a);
  const lt = check(cx, a.left, null);
  if (a.op == Tok.Eq) {
    const rt = check(cx, a.right, lt);
    if (rt.kind == TyK.Never) errAt(cx, "E0306", a.right, "the assigned expression needs a value, but this one never produces one");
    else if (!assignable(rt, lt)) errAt(cx, "E0300", a.right, "cannot assign a value of type " + rt.name + " to " + lt.name);
  } else {
    const rt = a.op == Tok.ShlEq || a.op == Tok.ShrEq ? check(cx, a.right, lt.isInt ? lt : null) : check(cx, a.right, lt);
    if (!lt.isError && !rt.isError) {
      const ok = a.op == Tok.ShlEq || a.op == Tok.ShrEq ? lt.isInt && rt.isInt :
        lt == rt && (lt.isNumeric || (a.op == Tok.PlusEq && lt.kind == TyK.Str) ||
          ((a.op == Tok.AmpEq || a.op == Tok.PipeEq || a.op == Tok.CaretEq) && lt.kind == TyK.Bool));
      if (!ok) errAt(cx, "E0310", a, "operator '" + opName(a.op) + "' cannot be applied to " + lt.name + " and " + rt.name);
      if (lt.isInt && !(a.op >= Tok.AmpEq && a.op <= Tok.ShrEq) && lt != rt) { /* reported above */ }
    }
  }
  if (!lt.isError && checkMutablePlace(cx, a.left)) checkSelfAssign(cx, a.left, lt);
  return tUnit;
}

/** Whether `name` means nothing here: no variable, constant, function or type. */
function undeclared(cx: CheckState, name: string): bool {
  return name != "self" && lookup(cx, name) === null && !cx.program.consts.has(cx.mod.prefix + name) &&
    !cx.program.consts.has(name) && findFn(cx, name) === null && !cx.program.types.has(name) &&
    !cx.program.generics.has(cx.mod.prefix + name) && !cx.program.generics.has(name);
}

/**
 * Python's `x = 5` with no declaration: one error with the declaration to
 * write, and `x` is declared there (a `var` of the value's type), so its
 * later uses and assignments report nothing more.
 */
function declareByAssign(cx: CheckState, a: BinaryExpr): Type {
  const id = a.left as IdentExpr;
  const rt = check(cx, a.right, null);
  errAt(cx, "E0200", id, "unknown name '" + id.name + "'; declare it with 'var " + id.name + " = ...' ('let " + id.name +
    " = ...' if it never changes)");
  declareLocal(cx, id.name, rt.kind == TyK.Never ? tError : rt, true);
  return tUnit;
}

/** A `var self` method can replace a whole struct or tuple in place, not an enum or a primitive. */
export function checkSelfAssign(cx: CheckState, left: Expr, t: Type): void {
  if (left.kind != EK.Ident || (left as IdentExpr).name != "self") return;
  if (t.kind == TyK.Struct || t.kind == TyK.Tuple) return;
  errAt(cx, "E0323", left, "cannot assign a whole " + t.name + " to 'self'; a 'var self' method can replace a struct or tuple, or change fields; return the new value instead");
}

export function checkCast(cx: CheckState, c: CastExpr): Type {
  const from = check(cx, c.value, null);
  const to = cx.program.resolveType(c.type, cx.mod, null);
  if (from.isError || to.isError) return tError;
  if (from == to) return to;
  if (numericLike(from) && (to.isNumeric || to.kind == TyK.Ptr)) return to;
  errAt(cx, "E0309", c, "cannot cast " + from.name + " to " + to.name);
  return tError;
}

function numericLike(t: Type): bool {
  return t.isNumeric || t.kind == TyK.Bool || t.kind == TyK.Ptr || (t.kind == TyK.Enum && !t.isHeap);
}

export function isNumericLiteral(e: Expr): bool {
  if (e.kind == EK.Int || e.kind == EK.Float) return true;
  return e.kind == EK.Unary && (e as UnaryExpr).op == Tok.Minus && isNumericLiteral((e as UnaryExpr).operand);
}

export function opName(op: i32): string {
  switch (op) {
    case Tok.Plus: return "+"; case Tok.Minus: return "-"; case Tok.Star: return "*"; case Tok.Slash: return "/";
    case Tok.Percent: return "%"; case Tok.Amp: return "&"; case Tok.Pipe: return "|"; case Tok.Caret: return "^";
    case Tok.Shl: return "<<"; case Tok.Shr: return ">>"; case Tok.EqEq: return "=="; case Tok.NotEq: return "!=";
    case Tok.Lt: return "<"; case Tok.Le: return "<="; case Tok.Gt: return ">"; case Tok.Ge: return ">=";
    case Tok.PlusEq: return "+="; case Tok.MinusEq: return "-="; case Tok.StarEq: return "*="; case Tok.SlashEq: return "/=";
    case Tok.PercentEq: return "%="; case Tok.AmpEq: return "&="; case Tok.PipeEq: return "|="; case Tok.CaretEq: return "^=";
    case Tok.ShlEq: return "<<="; case Tok.ShrEq: return ">>=";
  }
  return "?";
}

/** The type of a named function used as a value (an error when its signature has one). */
export function fnValueType(f: FnInfo): Type {
  for (let i = 0; i < f.params.length; i++) if (f.params[i].isError) return tError;
  return fnOf(f.params, f.ret);
}

/** `None` written as an operand (what `o == None` compares with). */
function isNoneLiteral(e: Expr): bool {
  return e.kind == EK.Ident && (e as IdentExpr).name == "None";
}
