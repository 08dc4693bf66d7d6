import { EK, Expr, IdentExpr, InterpExpr, ListExpr, LitExpr, StructLitExpr } from "./ast";
import { advance, describe, eat, errorAt, errorHere, expect, peekKind, skipTo } from "./cursor";
import { errorExpr, parseExpr } from "./expr_parser";
import { ParserState } from "./parser_state";
import { Tok } from "./token";
import { looksLikeTypeArgs, parseType } from "./type_parser";

// The operands without a body: literals, names (with type arguments or a
// struct literal after them), parentheses and tuples, arrays, interpolated
// strings, and the error for a token that cannot start an operand. Each is
// the prefix rule (parser_state.ts) of the token kinds it starts with.

/** `12`, `1.5` */
export function parseNumber(p: ParserState): Expr {
  const t = advance(p);
  const lit = new LitExpr(t.kind == Tok.Int ? EK.Int : EK.Float, t.start, t.end);
  lit.text = t.text;
  return lit;
}

/** A string without interpolations. */
export function parseString(p: ParserState): Expr {
  const t = advance(p);
  const lit = new LitExpr(EK.Str, t.start, t.end);
  lit.text = t.text;
  return lit;
}

export function parseBool(p: ParserState): Expr {
  const t = advance(p);
  const lit = new LitExpr(EK.Bool, t.start, t.end);
  lit.boolValue = t.kind == Tok.True;
  return lit;
}

/** A name or `self`, with type arguments (`make<i64>()`), or a struct literal (`Point { x: 1 }`). */
export function parseName(p: ParserState): Expr {
  const t = advance(p);
  const start = t.start;
  if (t.kind == Tok.Ident && t.text == "new" && p.kind == Tok.Ident && !p.tok.nlBefore) return parseNew(p, start);
  if (t.kind == Tok.Ident && t.text == "lambda" && (p.kind == Tok.Ident || p.kind == Tok.Colon) && !p.tok.nlBefore) {
    // Python's `lambda x: x * 2`: one error, the body read past, the whole of no type.
    while (p.kind != Tok.Colon && p.kind != Tok.EOF && !p.tok.nlBefore) advance(p);
    errorAt(p, "E0145", start, p.tok.end, "a closure is written with bars: '|x| x * 2' (with a type where it cannot be inferred, '|x: i64| ...')");
    eat(p, Tok.Colon);
    const body = parseExpr(p);
    return new Expr(EK.Error, start, body.end);
  }
  if (t.kind == Tok.Ident && t.text == "make" && p.kind == Tok.LParen && peekKind(p, 1) == Tok.LBracket && peekKind(p, 2) == Tok.RBracket) {
    return parseGoMake(p, start);
  }
  if (t.kind == Tok.Ident && t.text == "when" && !p.tok.nlBefore && !p.noStruct && kotlinWhen(p)) return parseWhen(p, start);
  if (p.kind == Tok.LBrace && !p.noStruct && t.kind == Tok.Ident && looksLikeStructLit(p)) {
    return parseStructLit(p, t.text, start);
  }
  const id = new IdentExpr(EK.Ident, start, t.end);
  id.name = t.kind == Tok.SelfKw ? "self" : t.text;
  if (p.kind == Tok.Lt && t.kind == Tok.Ident && looksLikeTypeArgs(p)) {
    // `make<i64>()`: comparisons do not chain, so `a < b > (c)` cannot mean anything else.
    advance(p);
    while (p.kind != Tok.Gt && p.kind != Tok.EOF) {
      id.typeArgs.push(parseType(p));
      if (!eat(p, Tok.Comma)) break;
    }
    expect(p, Tok.Gt, "'>' to close the type arguments");
    id.end = p.prevEnd;
  }
  return id;
}

/**
 * Whether Kotlin's `when (x) {` or `when {` follows the word `when`: its
 * subject in parentheses (balanced) and then a brace on the same line, or
 * the brace at once. `when(x)` alone stays a call of a function `when`, and
 * in an `if` or `while` head (no struct literals there) `when {` is a
 * variable named `when` before the body.
 */
function kotlinWhen(p: ParserState): bool {
  if (p.kind == Tok.LBrace) return true;
  if (p.kind != Tok.LParen) return false;
  let depth = 0;
  for (let i = p.pos; i < p.tokens.length; i++) {
    const t = p.tokens[i];
    if (i > p.pos && t.nlBefore) return false;
    if (t.kind == Tok.LParen) depth++;
    else if (t.kind == Tok.RParen && --depth == 0) {
      return i + 1 < p.tokens.length && p.tokens[i + 1].kind == Tok.LBrace && !p.tokens[i + 1].nlBefore;
    }
  }
  return false;
}

/**
 * Kotlin's `when (x) { 1 -> ... else -> ... }`: one error with the `match`
 * to write, then the subject and the braces are passed over, balanced, and
 * the whole is of no type, so neither its arms nor its value's uses report
 * again (as a statement or as the value of a `let`).
 */
function parseWhen(p: ParserState, start: i32): Expr {
  errorAt(p, "E0136", start, p.prevEnd, "Pith has no 'when': write 'match x { 1 => ..., _ => ... }'");
  if (p.kind == Tok.LParen) {
    advance(p);
    skipTo(p, Tok.RParen);
    eat(p, Tok.RParen);
  }
  advance(p);
  skipTo(p, Tok.RBrace);
  eat(p, Tok.RBrace);
  return new Expr(EK.Error, start, p.prevEnd);
}

/**
 * Go's slice literal `[]int{1, 2}`: one error with Pith's array literal,
 * then the elements between the braces are read as that literal (the Go
 * type is passed over, so its name reports nothing), and checked as usual.
 * Without braces (`[]int` alone) the whole is of no type.
 */
function parseGoSlice(p: ParserState): Expr {
  const start = advance(p).start;
  advance(p);
  parseType(p);
  errorAt(p, "E0157", start, p.prevEnd, "an array is written '[1, 2, 3]', its type on the variable where it is needed: 'let xs: [i64] = [...]'");
  if (p.kind != Tok.LBrace || p.tok.nlBefore) return new Expr(EK.Error, start, p.prevEnd);
  advance(p);
  p.parenDepth++;
  const arr = new ListExpr(EK.ArrayLit, start, start);
  while (p.kind != Tok.RBrace && p.kind != Tok.EOF) {
    const before = p.pos;
    arr.elems.push(parseExpr(p));
    if (!eat(p, Tok.Comma) || p.pos == before) break;
  }
  p.parenDepth--;
  expect(p, Tok.RBrace, "'}' to close the slice");
  arr.end = p.prevEnd;
  return arr;
}

/**
 * Go's `make([]int, n)`: one error with Pith's `[0; n]`, the call passed
 * over, and the whole of no type.
 */
function parseGoMake(p: ParserState, start: i32): Expr {
  errorAt(p, "E0157", start, p.tok.end, "an array is written '[0; n]' for n copies of 0, not 'make([]T, n)'");
  advance(p);
  skipTo(p, Tok.RParen);
  eat(p, Tok.RParen);
  return new Expr(EK.Error, start, p.prevEnd);
}

/**
 * `new P { x: 1 }` and `new P(1)` from Java, C#, TypeScript and C++: one
 * error with Pith's struct literal. With braces the literal is read as
 * written; with a constructor's arguments, which have no fields to match,
 * the whole is of no type, so nothing after it reports again.
 */
function parseNew(p: ParserState, start: i32): Expr {
  const name = p.tok.text;
  errorAt(p, "E0141", start, p.tok.end, "Pith has no 'new': a struct value is a literal, '" + name + " { field: value }'");
  if (peekKind(p, 1) != Tok.LParen) return parseName(p);
  advance(p);
  advance(p);
  skipTo(p, Tok.RParen);
  eat(p, Tok.RParen);
  return new Expr(EK.Error, start, p.prevEnd);
}

function looksLikeStructLit(p: ParserState): bool {
  const a = peekKind(p, 1);
  if (a == Tok.RBrace) return true;
  if (a != Tok.Ident) return false;
  const b = peekKind(p, 2);
  return b == Tok.Colon || b == Tok.Comma || b == Tok.RBrace;
}

function parseStructLit(p: ParserState, name: string, start: i32): Expr {
  advance(p);
  const s = new StructLitExpr(EK.StructLit, start, start);
  s.name = name;
  const savedDepth = p.parenDepth;
  p.parenDepth = 1;
  while (p.kind == Tok.Ident) {
    const fieldTok = advance(p);
    s.fieldNames.push(fieldTok.text);
    s.fieldStarts.push(fieldTok.start);
    if (eat(p, Tok.Colon)) {
      s.values.push(parseExpr(p));
    } else {
      // Shorthand `Point { x, y }` takes the variables of the same name.
      const id = new IdentExpr(EK.Ident, fieldTok.start, fieldTok.end);
      id.name = fieldTok.text;
      s.values.push(id);
    }
    if (!eat(p, Tok.Comma)) break;
  }
  p.parenDepth = savedDepth;
  expect(p, Tok.RBrace, "'}' to close the struct literal");
  s.end = p.prevEnd;
  return s;
}

/**
 * Whether the parentheses opening here are an arrow function's parameters:
 * the matching `)` (optionally `: T` after it) is followed by `=>` on the
 * line. A match guard's `=>` ends the guard instead.
 */
function arrowParams(p: ParserState): bool {
  if (p.inGuard) return false;
  let depth = 0;
  for (let i = p.pos; i < p.tokens.length; i++) {
    const k = p.tokens[i].kind;
    if (k == Tok.LParen) depth++;
    else if (k == Tok.RParen && --depth == 0) {
      let j = i + 1;
      if (j + 1 < p.tokens.length && p.tokens[j].kind == Tok.Colon && p.tokens[j + 1].kind == Tok.Ident) j += 2;
      return j < p.tokens.length && p.tokens[j].kind == Tok.FatArrow && !p.tokens[j].nlBefore;
    } else if (k == Tok.EOF || k == Tok.LBrace || k == Tok.RBrace) return false;
  }
  return false;
}

export function parseParenOrTuple(p: ParserState): Expr {
  if (arrowParams(p)) {
    // JavaScript's `(x: number) => x * 2`, `(a, b): number => ...`: one
    // error; the parameters (typed or not) and the body are read past and
    // the whole is of no type, so nothing after it reports again.
    const open = advance(p).start;
    skipTo(p, Tok.RParen);
    eat(p, Tok.RParen);
    if (p.kind == Tok.Colon) {
      advance(p);
      advance(p);
    }
    errorAt(p, "E0145", open, p.tok.end, "a closure is written with bars: '|x| x * 2' (with a type where it cannot be inferred, '|x: i64| ...')");
    advance(p);
    const body = parseExpr(p);
    return new Expr(EK.Error, open, body.end);
  }
  const start = advance(p).start;
  p.parenDepth++;
  const savedNoStruct = p.noStruct;
  p.noStruct = false;
  let result: Expr;
  if (p.kind == Tok.RParen) {
    result = new ListExpr(EK.TupleLit, start, start);
  } else {
    const first = parseExpr(p);
    if (p.kind == Tok.Comma) {
      const tup = new ListExpr(EK.TupleLit, start, start);
      tup.elems.push(first);
      while (eat(p, Tok.Comma)) {
        if (p.kind == Tok.RParen) break;
        tup.elems.push(parseExpr(p));
      }
      result = tup;
    } else result = first;
  }
  p.noStruct = savedNoStruct;
  p.parenDepth--;
  expect(p, Tok.RParen, "')'");
  if (p.kind == Tok.FatArrow && !p.tok.nlBefore && !p.inGuard) {
    // JavaScript's `(x) => x * 2` (a match guard's `=>` ends the guard
    // instead): one error, the body read past, the whole of no type.
    errorAt(p, "E0145", start, p.tok.end, "a closure is written with bars: '|x| x * 2' (with a type where it cannot be inferred, '|x: i64| ...')");
    advance(p);
    const body = parseExpr(p);
    return new Expr(EK.Error, start, body.end);
  }
  if (result.kind == EK.TupleLit) { result.start = start; result.end = p.prevEnd; }
  return result;
}

/** `[a, b, c]` or `[x; n]` (n copies of x). */
export function parseArray(p: ParserState): Expr {
  if (peekKind(p, 1) == Tok.RBracket && peekKind(p, 2) == Tok.Ident && !p.tokens[p.pos + 2].nlBefore) return parseGoSlice(p);
  const start = advance(p).start;
  p.parenDepth++;
  const arr = new ListExpr(EK.ArrayLit, start, start);
  while (p.kind != Tok.RBracket && p.kind != Tok.EOF) {
    const before = p.pos;
    arr.elems.push(parseExpr(p));
    if (arr.elems.length == 1 && p.kind == Tok.Semi) {
      advance(p);
      arr.count = parseExpr(p);
      break;
    }
    if (!eat(p, Tok.Comma)) break;
    if (p.pos == before) break;
  }
  p.parenDepth--;
  expect(p, Tok.RBracket, "']' to close the array");
  arr.end = p.prevEnd;
  return arr;
}

export function parseInterp(p: ParserState): Expr {
  const start = p.tok.start;
  const e = new InterpExpr(EK.Interp, start, start);
  e.parts.push(advance(p).text);
  const savedDepth = p.parenDepth;
  p.parenDepth = 1;
  while (true) {
    if (p.kind == Tok.StrMid || p.kind == Tok.StrEnd) {
      // `"{}"`, as a format string elsewhere: nothing to interpolate. In
      // a macro's arguments (`println!("{}", x)`) the macro's error says it.
      if (p.macroArgs) p.macroFormat = true;
      else errorAt(p, "E0121", p.prevEnd - 1, p.tok.start + 1,
        "an interpolation needs an expression between '{' and '}' ('{x}'); write '\\{' for a literal '{'");
      e.exprs.push(errorExpr(p));
    } else e.exprs.push(parseExpr(p));
    if (p.kind == Tok.StrMid) {
      e.parts.push(advance(p).text);
      continue;
    }
    if (p.kind == Tok.StrEnd) {
      e.parts.push(advance(p).text);
      break;
    }
    errorHere(p, "E0100", "expected '}' to close the interpolation (a literal brace in a string is written '\\{')");
    // Skip to the end of the string so later code still parses, but not
    // past the line: the string's end may have been taken already.
    while (p.kind != Tok.StrEnd && p.kind != Tok.EOF && !p.tok.nlBefore) advance(p);
    if (p.kind == Tok.StrEnd) advance(p);
    e.parts.push("");
    break;
  }
  p.parenDepth = savedDepth;
  e.end = p.prevEnd;
  return e;
}

/** The rule of every token that cannot start an operand: an error expression. */
export function parseMissingOperand(p: ParserState): Expr {
  const t = p.tok;
  const before = p.pos > 0 ? p.tokens[p.pos - 1] : null;
  if ((t.kind == Tok.Plus || t.kind == Tok.Minus) && before !== null && before.kind == t.kind && before.end == t.start) {
    // `x++`: the first `+` was taken as a binary operator.
    const op = t.kind == Tok.Plus ? "+" : "-";
    errorAt(p, "E0112", before.start, t.end, "Pith has no '" + op + op + "': write 'x " + op + "= 1'");
  } else errorHere(p, "E0100", "expected an expression, found " + describe(p, t));
  const e = errorExpr(p);
  // Do not swallow tokens that close or separate something: recovery needs them.
  const k = t.kind;
  if (k != Tok.RBrace && k != Tok.RParen && k != Tok.RBracket && k != Tok.EOF && k != Tok.Comma && k != Tok.Semi) advance(p);
  return e;
}
