import {
  BinaryExpr, CallExpr, CastExpr, EK, Expr, FieldExpr, IdentExpr, IndexExpr, LitExpr, RangeExpr, UnaryExpr, UnaryLikeExpr,
} from "./ast";
import {
  advance, describe, eat, errorAt, errorHere, expect, markRole, peekKind, ROLE_BINARY, ROLE_JOINED, tooDeep,
} from "./cursor";
import { ParserState } from "./parser_state";
import { Tok } from "./token";
import { parseType } from "./type_parser";

// Expressions by precedence climbing: binary operators and `as`, prefix
// operators, postfix forms (fields, calls, indexes, `?`). The operand they
// apply to is parsed by the prefix rule of its first token (parsePrimary),
// from the table parser.ts fills: literals and names (primary_parser.ts),
// blocks, branches, loops and closures.

// The most operators (binary ones and `as`) on one path from the root of an
// expression tree: generated sums of 2,000 terms compile, and the compiler's
// recursive walks stay far from the end of the stack.
const MAX_OPERATORS: i32 = 2000;

// Binding power of binary operators; 0 = not a binary operator. Bitwise
// operators bind tighter than comparisons (as in Rust and Go), so
// `x & 1 == 0` means `(x & 1) == 0`.
function binaryPrec(k: Tok): i32 {
  switch (k) {
    case Tok.OrOr: return 1;
    case Tok.AndAnd: return 2;
    case Tok.EqEq: case Tok.NotEq: case Tok.Lt: case Tok.Le: case Tok.Gt: case Tok.Ge: return 3;
    case Tok.Pipe: return 4;
    case Tok.Caret: return 5;
    case Tok.Amp: return 6;
    case Tok.Shl: case Tok.Shr: return 7;
    case Tok.Plus: case Tok.Minus: return 8;
    case Tok.Star: case Tok.Slash: case Tok.Percent: return 9;
  }
  return 0;
}

export function isAssignOp(k: Tok): bool {
  return k == Tok.Eq || (k >= Tok.PlusEq && k <= Tok.ShrEq);
}

export function errorExpr(p: ParserState): Expr {
  return new Expr(EK.Error, p.tok.start, p.tok.end);
}

/** '>' '>' with no gap is a right shift (the lexer splits it for generics). */
export function binaryOpHere(p: ParserState): Tok {
  const k = p.kind;
  if (k == Tok.Gt && peekKind(p, 1) == Tok.Gt && p.tokens[p.pos + 1].start == p.tok.end) {
    if (peekKind(p, 2) == Tok.Ge && p.tokens[p.pos + 2].start == p.tokens[p.pos + 1].end) return Tok.Error;
    return Tok.Shr;
  }
  if (k == Tok.Gt && peekKind(p, 1) == Tok.Ge && p.tokens[p.pos + 1].start == p.tok.end) return Tok.ShrEq;
  if (k == Tok.Eq && p.noStruct && !p.tok.nlBefore) {
    // `if x = 5 {` (a condition, where no assignment can stand): read as
    // the comparison it is meant to be, at the comparison's precedence.
    errorHere(p, "E0110", "'=' assigns a value; use '==' to compare");
    return Tok.EqEq;
  }
  if (k == Tok.Ident && !p.tok.nlBefore && (p.tok.text == "and" || p.tok.text == "or")) {
    // `a and b` from Python: read as the operator it means.
    const and = p.tok.text == "and";
    errorHere(p, "E0111", "write '" + (and ? "&&" : "||") + "' for '" + p.tok.text + "'");
    return and ? Tok.AndAnd : Tok.OrOr;
  }
  return k;
}

export function takeBinaryOp(p: ParserState, op: Tok): void {
  markRole(p, advance(p), ROLE_BINARY);
  if (op == Tok.Shr || op == Tok.ShrEq) markRole(p, advance(p), ROLE_JOINED);
}

export function parseExpr(p: ParserState): Expr {
  return parseBinary(p, 1);
}

export function parseExprNoStruct(p: ParserState): Expr {
  const saved = p.noStruct;
  p.noStruct = true;
  const e = parseExpr(p);
  p.noStruct = saved;
  return e;
}

function parseBinary(p: ParserState, minPrec: i32): Expr {
  p.depth++;
  if (tooDeep(p)) {
    p.depth--;
    const e = errorExpr(p);
    advance(p);
    return e;
  }
  const savedOps = p.operatorDepth;
  let left = parseUnary(p);
  while (true) {
    if (p.tok.nlBefore && p.parenDepth == 0) break;
    if (p.kind == Tok.As && minPrec <= 10) {
      // `as` binds tighter than every binary operator and looser than prefix ones.
      const at = advance(p);
      const tooMany = tooManyOperators(p, at.start, at.end);
      const c = new CastExpr(EK.Cast, left.start, left.end);
      c.value = left;
      c.type = parseType(p);
      c.end = p.prevEnd;
      if (!tooMany) left = c;
      continue;
    }
    if (p.kind == Tok.In && minPrec <= 3) {
      // Python's `x in xs` (a comparison's place): one error with the
      // calls to write, and the whole of no type, so the `if` or `while`
      // around it checks as usual. A loop's `in` never reaches here: its
      // variable is not parsed as an expression.
      const at = advance(p);
      const right = parseBinary(p, 4);
      errorAt(p, "E0156", at.start, at.end, "Pith has no 'in' operator: 'array.contains(xs, x)' (for a map 'm.has(k)', for a string 'str.contains(s, sub)')");
      left = new Expr(EK.Error, left.start, right.end);
      continue;
    }
    const op = binaryOpHere(p);
    const prec = binaryPrec(op);
    if (prec == 0 || prec < minPrec) break;
    const opStart = p.tok.start;
    if (op == Tok.Minus && decrementHere(p)) {
      // `x--` at the end of a statement: without this the next line would be
      // read as the operand of a negation, far from the habit.
      errorAt(p, "E0112", opStart, p.tokens[p.pos + 1].end, "Pith has no '--': write 'x -= 1'");
      advance(p);
      advance(p);
      const err = new Expr(EK.Error, left.start, p.prevEnd);
      left = err;
      continue;
    }
    if (op == Tok.Star && peekKind(p, 1) == Tok.Star && p.tokens[p.pos + 1].start == p.tok.end) {
      // Python's and JavaScript's `x ** y`: one error, the power read past.
      errorAt(p, "E0135", opStart, p.tokens[p.pos + 1].end, "Pith has no '**': write 'math.pow(x, y)' with 'import std.math' (for an integer power, multiply)");
      advance(p);
      advance(p);
      const power = parseBinary(p, prec + 1);
      left = new Expr(EK.Error, left.start, power.end);
      continue;
    }
    takeBinaryOp(p, op);
    if ((op == Tok.EqEq || op == Tok.NotEq) && p.kind == Tok.Eq && p.tok.start == p.prevEnd) {
      // JavaScript's `===` and `!==`: Pith's `==` already compares values of
      // one type, so it is read as `==` (`!=`) after the one error.
      const strict = op == Tok.EqEq ? "===" : "!==";
      errorAt(p, "E0126", opStart, p.tok.end, "Pith has no '" + strict + "': write '" + strict.substring(0, 2) + "' (both sides have one type, compared by value)");
      advance(p);
    }
    const tooMany = tooManyOperators(p, opStart, p.prevEnd);
    const right = parseBinary(p, prec + 1);
    // Past the limit the rest is parsed for its errors but left out of the tree.
    if (tooMany) continue;
    const b = new BinaryExpr(EK.Binary, left.start, right.end);
    b.op = op;
    b.left = left;
    b.right = right;
    left = b;
  }
  p.operatorDepth = savedOps;
  p.depth--;
  return left;
}

/**
 * `?` followed on its line by the start of an operand: a conditional
 * `c ? a : b`, as `x?` (the try operator) is never followed by one.
 */
function ternaryHere(p: ParserState): bool {
  const next = p.tokens[p.pos + 1];
  if (next.nlBefore) return false;
  const k = next.kind;
  return k == Tok.Ident || k == Tok.Int || k == Tok.Float || k == Tok.Str || k == Tok.StrStart || k == Tok.True ||
    k == Tok.False || k == Tok.LParen || k == Tok.Bang || k == Tok.SelfKw;
}

/** `--` then the end of the statement (a new line, `;`, `}` or the end of the file). */
function decrementHere(p: ParserState): bool {
  const next = p.tokens[p.pos + 1];
  if (next.kind != Tok.Minus || next.start != p.tok.end) return false;
  const after = p.tokens[p.pos + 2];
  return after.nlBefore || after.kind == Tok.Semi || after.kind == Tok.RBrace || after.kind == Tok.EOF;
}

/**
 * Counts one more operator on the way from the root of the expression to
 * here; past MAX_OPERATORS reports it (once per statement). A chain of
 * operators is a tree as deep as it is long, and every later stage of the
 * compiler walks that tree recursively: a limit here, with a position,
 * instead of an exhausted stack with none.
 */
function tooManyOperators(p: ParserState, start: i32, end: i32): bool {
  p.operatorDepth++;
  if (p.operatorDepth <= MAX_OPERATORS) return false;
  if (p.operatorDepth == MAX_OPERATORS + 1) {
    errorAt(p, "E0103", start, end, "expression too long: more than " + MAX_OPERATORS.toString() + " operators in one expression; split it into parts with 'let'");
  }
  return true;
}

function parseUnary(p: ParserState): Expr {
  const k = p.kind;
  if (k == Tok.Amp || k == Tok.AndAnd) {
    // `&x` / `&&x` from Rust or C: report once, then read the operand.
    // `&mut n` passed to a `&mut` parameter is covered by that parameter's
    // error, which says how to change the caller's value.
    const mutable = peekKind(p, 1) == Tok.Ident && p.tokens[p.pos + 1].text == "mut" && startsOperand(peekKind(p, 2));
    if (!(mutable && p.mutRefReported)) errorHere(p, "E0113", "Pith has no references: values are copied");
    advance(p);
    if (mutable) advance(p);
    return parseUnary(p);
  }
  if (k == Tok.Star && startsOperand(peekKind(p, 1)) && !p.tokens[p.pos + 1].nlBefore) {
    // Rust's and C's `*x`: there is nothing to follow, the value is `x`.
    // Inside a `&mut` parameter's function its error covers it; the
    // parameter was read as one that changes, so `*x += 1` says no more.
    if (!p.mutRefReported) errorHere(p, "E0113", "Pith has no references: values are copied; '*x' is 'x'");
    advance(p);
    return parseUnary(p);
  }
  const not = k == Tok.Ident && p.tok.text == "not" && !p.tokens[p.pos + 1].nlBefore && startsOperand(peekKind(p, 1));
  if (not) errorHere(p, "E0111", "write '!' for 'not'");
  if (k == Tok.Minus || k == Tok.Bang || k == Tok.Tilde || not) {
    const start = advance(p).start;
    p.depth++;
    if (tooDeep(p)) { p.depth--; return errorExpr(p); }
    const operand = parseUnary(p);
    p.depth--;
    const u = new UnaryExpr(EK.Unary, start, operand.end);
    u.op = not ? Tok.Bang : k;
    u.operand = operand;
    return u;
  }
  return parsePostfix(p, parsePrimary(p));
}

/**
 * The fields, calls, indexes and `?` after an operand. A chain of them is a
 * tree as deep as it is long (`c.next().next()` nests each call in the
 * next), so each one counts as an operator towards MAX_OPERATORS on its
 * path, like a binary operator; the count is put back when the chain ends,
 * as the operands of `a.x + b.y` lie on different paths.
 */
function parsePostfix(p: ParserState, e: Expr): Expr {
  const savedOps = p.operatorDepth;
  while (true) {
    const k = p.kind;
    const nl = p.tok.nlBefore && p.parenDepth == 0;
    const chained = k == Tok.Dot || k == Tok.ColonColon || ((k == Tok.LParen || k == Tok.LBracket || k == Tok.Question) && !nl);
    // Past the limit the rest of the chain is parsed for its errors but left out of the tree.
    const tooMany = chained && tooManyOperators(p, p.tok.start, p.tok.end);
    const before = e;
    if (k == Tok.ColonColon && e.kind == EK.Ident && peekKind(p, 1) == Tok.Ident && peekKind(p, 2) == Tok.LParen) {
      const constructed = rustConstructor(p, e as IdentExpr);
      if (constructed !== null) {
        e = constructed;
        continue;
      }
    }
    if (k == Tok.ColonColon && e.kind == EK.Ident && peekKind(p, 1) == Tok.Ident) {
      const constant = rustNumericConstant(p, e as IdentExpr);
      if (constant !== null) {
        e = constant;
        continue;
      }
    }
    if (k == Tok.ColonColon) errorHere(p, "E0114", "use '.' instead of '::'");
    if (k == Tok.Bang && !nl && e.kind == EK.Ident && peekKind(p, 1) == Tok.LParen) {
      e = parseMacroCall(p, e as IdentExpr);
      continue;
    }
    if (k == Tok.Bang && !nl && e.kind == EK.Ident && (e as IdentExpr).name == "vec" && peekKind(p, 1) == Tok.LBracket) {
      // Rust's `vec![1, 2]` is the array literal itself: one error, and the
      // array stands in its place, so its uses check as they would.
      errorAt(p, "E0115", e.start, p.tok.end, "macros are not supported: an array is written '[1, 2, 3]', without 'vec!'");
      advance(p);
      e = parsePrimary(p);
      continue;
    }
    if (k == Tok.Bang && !nl) {
      // Swift's `o!` and Kotlin's `o!!`, forcing an optional open: one
      // error, and the whole has no type, so its uses do not report again.
      const bang = advance(p);
      const twice = p.kind == Tok.Bang && p.tok.start == bang.end;
      if (twice) advance(p);
      errorAt(p, "E0138", bang.start, p.prevEnd, "Pith has no '" + (twice ? "!!" : "!") + "' to force an option open: 'match o { Some(v) => v, None => panic(\"...\") }'");
      e = new Expr(EK.Error, e.start, p.prevEnd);
      continue;
    }
    if (k == Tok.Dot || k == Tok.ColonColon) {
      advance(p);
      const f = new FieldExpr(EK.Field, e.start, e.end);
      f.object = e;
      if (p.kind == Tok.Ident) f.name = advance(p).text;
      else if (p.kind == Tok.Int) f.name = advance(p).text;
      else if (p.kind == Tok.Float) {
        // `t.0.1` lexes as t . "0.1": split it into two tuple fields.
        const t = advance(p);
        const dot = t.text.indexOf(".");
        f.name = t.text.substring(0, dot);
        f.end = t.end;
        const g = new FieldExpr(EK.Field, e.start, t.end);
        g.object = f;
        g.name = t.text.substring(dot + 1);
        e = tooMany ? before : g;
        continue;
      } else errorHere(p, "E0100", "expected a field or method name after '.', found " + describe(p, p.tok));
      f.end = p.prevEnd;
      e = f;
    } else if (k == Tok.LParen && !nl) {
      e = parseCallArgs(p, e);
    } else if (k == Tok.LBracket && !nl) {
      advance(p);
      p.parenDepth++;
      const ix = new IndexExpr(EK.Index, e.start, e.end);
      ix.object = e;
      ix.index = parseSliceIndex(p, e);
      p.parenDepth--;
      expect(p, Tok.RBracket, "']' to close the index");
      ix.end = p.prevEnd;
      e = ix;
    } else if (k == Tok.Question && !nl && peekKind(p, 1) == Tok.Question && p.tokens[p.pos + 1].start == p.tok.end) {
      // `o ?? 1` from Swift, C# or JavaScript: one error naming the
      // std.option function that does the same; the fallback is read past, and the whole
      // has no type, so nothing after it reports again.
      const start = p.tok.start;
      advance(p);
      errorAt(p, "E0124", start, p.tok.end, "Pith has no '??': write 'option.unwrap_or(o, fallback)' with 'import std.option' ('result.unwrap_or' for a Result)");
      advance(p);
      const fallback = parseUnary(p);
      const err = new Expr(EK.Error, e.start, fallback.end);
      e = err;
    } else if (k == Tok.Question && !nl && ternaryHere(p)) {
      // C's, JavaScript's and Java's `c ? a : b`: one error, then both
      // branches are read past, the whole of no type, so nothing cascades.
      const q = advance(p);
      errorAt(p, "E0133", q.start, q.end, "Pith has no '? :': 'if' is an expression, 'if c { a } else { b }'");
      parseExpr(p);
      if (p.kind == Tok.Colon) {
        advance(p);
        parseExpr(p);
      }
      e = new Expr(EK.Error, e.start, p.prevEnd);
    } else if (k == Tok.Question && !nl) {
      advance(p);
      const t = new UnaryLikeExpr(EK.Try, e.start, p.prevEnd);
      t.value = e;
      e = t;
    } else break;
    if (tooMany) e = before;
  }
  p.operatorDepth = savedOps;
  return e;
}

/**
 * Rust's `name!(...)`: one error. `println!("{} {}", a, b)` and other
 * format macros become an expression of no type, so neither the `{}` nor
 * the extra arguments report again; any other macro is read as the call.
 */
function parseMacroCall(p: ParserState, name: IdentExpr): Expr {
  const bang = advance(p);
  const savedArgs = p.macroArgs;
  const savedFormat = p.macroFormat;
  p.macroArgs = true;
  p.macroFormat = false;
  const call = parseCallArgs(p, name) as CallExpr;
  const formats = p.macroFormat || call.args.length > 1;
  p.macroArgs = savedArgs;
  p.macroFormat = savedFormat;
  if (name.name == "assert_eq" || name.name == "assert_ne" || name.name == "debug_assert") {
    // Not a format macro, whatever its arguments: Pith's assert takes a condition and a message.
    errorAt(p, "E0115", bang.start, bang.end, "macros are not supported: call 'assert(a " +
      (name.name == "assert_ne" ? "!=" : "==") + " b, \"message\")'");
    return new Expr(EK.Error, name.start, call.end);
  }
  if (formats && name.name == "format") {
    errorAt(p, "E0115", bang.start, bang.end, "macros are not supported: a string with values in it is written \"text {a} {b}\", without 'format!'");
    return new Expr(EK.Error, name.start, call.end);
  }
  if (formats) {
    errorAt(p, "E0115", bang.start, bang.end, "macros are not supported: call '" + name.name + "(...)' with the values inside the string: '" + name.name + "(\"{a} and {b}\")'");
    return new Expr(EK.Error, name.start, call.end);
  }
  errorAt(p, "E0115", bang.start, bang.end, "macros are not supported: call '" + name.name + "(...)'");
  return call;
}

/**
 * Rust's `String::from("a")`, `String::new()`, `Vec::new()` and
 * `HashMap::new()` (and its kin, `HashSet`, `BTreeMap`...): one error
 * with the Pith spelling, and the value it means stands in its place (the
 * string argument itself, or an expression of no type), so nothing after it
 * reports again. Null for any other `Name::f(`.
 */
function rustConstructor(p: ParserState, name: IdentExpr): Expr | null {
  const fn = p.tokens[p.pos + 1].text;
  const isString = name.name == "String" && (fn == "from" || fn == "new");
  const isVec = name.name == "Vec" && (fn == "new" || fn == "with_capacity");
  const isMap = isForeignMap(name.name) && (fn == "new" || fn == "with_capacity");
  const isSet = isForeignSet(name.name) && (fn == "new" || fn == "with_capacity");
  const isBox = (name.name == "Box" || name.name == "Rc" || name.name == "Arc" || name.name == "RefCell" || name.name == "Cell") && fn == "new";
  if (!isString && !isVec && !isMap && !isSet && !isBox) return null;
  advance(p);
  advance(p);
  const call = parseCallArgs(p, name) as CallExpr;
  const written = name.name + "::" + fn;
  const fix = isBox
    ? "values are stored as they are, with no box or reference count: write the value itself"
    : isMap
    ? "a map is std.map's 'Map.new()', with its types: 'var m: Map<str, i64> = Map.new()'"
    : isSet
    ? "a set is std.map's 'Set.new()', with its type: 'var s: Set<str> = Set.new()'"
    : isVec
    ? "an empty array is written '[]', with its type where it cannot be inferred: 'let xs: [i64] = []'"
    : fn == "from"
      ? "a string literal is already a str: write the string itself, \"a\""
      : "an empty string is written \"\"";
  errorAt(p, "E0127", name.start, call.end, "Pith has no '" + written + "': " + fix);
  const read = (fn == "from" || isBox) && call.args.length == 1 ? call.args[0] : new Expr(EK.Error, name.start, call.end);
  p.rustConstructed = read;
  return read;
}

/** Rust's, Java's and C#'s names for a hash map, which Pith calls std.map's `Map`. */
function isForeignMap(name: string): bool {
  return name == "HashMap" || name == "BTreeMap" || name == "Dictionary";
}

/** Their names for a set, std.map's `Set`. */
function isForeignSet(name: string): bool {
  return name == "HashSet" || name == "BTreeSet";
}

/**
 * Rust's `i64::MAX`, `u8::MAX`, `f64::EPSILON`...: one error with the
 * value to write, and that value (a literal) stands in its place, so the
 * rest checks as usual; a value no literal spells (`i64::MIN`,
 * `f64::INFINITY`) is of no type instead. Null for any other `T::NAME`.
 */
function rustNumericConstant(p: ParserState, type: IdentExpr): Expr | null {
  const t = type.name;
  const name = p.tokens[p.pos + 1].text;
  let value = "";
  let float = false;
  if (name == "MAX") {
    if (t == "i64") value = "9223372036854775807";
    else if (t == "i32") value = "2147483647";
    else if (t == "u8") value = "255";
    else if (t == "u64") value = "18446744073709551615";
    else if (t == "f64") { value = "1.7976931348623157e308"; float = true; }
  } else if (name == "MIN") {
    if (t == "u8" || t == "u64") value = "0";
    else if (t == "i64") value = "-9223372036854775807 - 1";
    else if (t == "i32") value = "-2147483648";
    else if (t == "f64") value = "-1.7976931348623157e308";
  } else if (t == "f64" && name == "EPSILON") { value = "2.220446049250313e-16"; float = true; }
  else if (t == "f64" && name == "MIN_POSITIVE") { value = "2.2250738585072014e-308"; float = true; }
  else if (t == "f64" && (name == "INFINITY" || name == "NEG_INFINITY" || name == "NAN")) {
    value = name == "INFINITY" ? "1.0 / 0.0" : name == "NEG_INFINITY" ? "-1.0 / 0.0" : "0.0 / 0.0";
  }
  if (value == "") return null;
  advance(p);
  const nameTok = advance(p);
  errorAt(p, "E0127", type.start, nameTok.end, "Pith has no '" + t + "::" + name + "': write its value, " + value);
  // Only a plain non-negative number can stand in as a literal, and not
  // u64's maximum, which needs a u64 context to check.
  const plain = value.indexOf(" ") < 0 && !value.startsWith("-") && t != "u64";
  if (!plain) return new Expr(EK.Error, type.start, nameTok.end);
  const lit = new LitExpr(float ? EK.Float : EK.Int, type.start, nameTok.end);
  lit.text = value;
  return lit;
}

/** The types whose Rust constructors (`Vec::new()`...) rustConstructor reports. */
export function isRustConstructed(name: string): bool {
  return name == "String" || name == "Vec" || isForeignMap(name) || isForeignSet(name);
}

function parseCallArgs(p: ParserState, callee: Expr): Expr {
  advance(p);
  p.parenDepth++;
  const call = new CallExpr(EK.Call, callee.start, callee.end);
  call.callee = callee;
  while (p.kind != Tok.RParen && p.kind != Tok.EOF) {
    const before = p.pos;
    call.args.push(parseExpr(p));
    if (!eat(p, Tok.Comma)) break;
    if (p.pos == before) break;
  }
  p.parenDepth--;
  expect(p, Tok.RParen, "')' to close the call");
  call.end = p.prevEnd;
  return call;
}

/**
 * An index or a slice's range. Rust's and Python's open-ended slices,
 * `xs[i..]` and `xs[..j]`, get one error with both ends written, and are
 * read as that (`xs[i..len(xs)]`, `xs[0..j]`), so the slice checks as usual.
 */
function parseSliceIndex(p: ParserState, object: Expr): Expr {
  if (p.kind == Tok.DotDot && !p.tok.nlBefore) {
    const dots = p.tok;
    errorAt(p, "E0143", dots.start, dots.end, "a slice is written with both ends: 'xs[0..j]'");
    advance(p);
    const r = new RangeExpr(EK.Range, dots.start, dots.end);
    const zero = new LitExpr(EK.Int, dots.start, dots.start);
    zero.text = "0";
    r.lo = zero;
    r.hi = parseExpr(p);
    r.end = r.hi.end;
    return r;
  }
  const lo = parseExpr(p);
  if (p.kind == Tok.DotDot && peekKind(p, 1) == Tok.RBracket) {
    const dots = advance(p);
    errorAt(p, "E0143", dots.start, dots.end, "a slice is written with both ends: 'xs[i..len(xs)]'");
    const r = new RangeExpr(EK.Range, lo.start, dots.end);
    r.lo = lo;
    const length = new IdentExpr(EK.Ident, dots.end, dots.end);
    length.name = "len";
    const call = new CallExpr(EK.Call, dots.end, dots.end);
    call.callee = length;
    call.args.push(object);
    r.hi = call;
    return r;
  }
  return finishRange(p, lo);
}

/** `a..b`, `a..=b` (for loops and slices) or a plain expression. */
export function parseRangeOrExpr(p: ParserState): Expr {
  return finishRange(p, parseExpr(p));
}

/**
 * `lo` alone, or the range `lo..hi` / `lo..=hi` when a range operator
 * follows it. Swift's `lo..<hi` and Kotlin's `lo until hi` mean `lo..hi`:
 * one error each, and the range is read as that.
 */
export function finishRange(p: ParserState, lo: Expr): Expr {
  const kotlinUntil = p.kind == Tok.Ident && p.tok.text == "until" && !p.tok.nlBefore;
  const swiftHalfOpen = p.kind == Tok.DotDot && peekKind(p, 1) == Tok.Lt && p.tokens[p.pos + 1].start == p.tok.end;
  if (kotlinUntil || swiftHalfOpen) {
    const op = advance(p);
    if (swiftHalfOpen) advance(p);
    errorAt(p, "E0153", op.start, p.prevEnd, "a range is written 'lo..hi' (the end left out) or 'lo..=hi' (the end in): '0..n' for '" +
      (kotlinUntil ? "0 until n" : "0..<n") + "'");
    const r = new RangeExpr(EK.Range, lo.start, lo.end);
    r.lo = lo;
    r.hi = parseExpr(p);
    r.end = r.hi.end;
    return r;
  }
  if (p.kind == Tok.DotDot || p.kind == Tok.DotDotEq) {
    const inclusive = advance(p).kind == Tok.DotDotEq;
    const r = new RangeExpr(EK.Range, lo.start, lo.end);
    r.lo = lo;
    r.hi = parseExpr(p);
    r.inclusive = inclusive;
    r.end = r.hi.end;
    return r;
  }
  return lo;
}

/** The operand starting at the current token, parsed by the rule for its kind. */
function parsePrimary(p: ParserState): Expr {
  const rule = p.prefixRules[p.kind];
  return rule(p);
}

/** A token that can begin an operand: `not` before one is Python's `!`. */
function startsOperand(k: Tok): bool {
  return k == Tok.Ident || k == Tok.Int || k == Tok.Float || k == Tok.True || k == Tok.False || k == Tok.LParen ||
    k == Tok.Str || k == Tok.StrStart || k == Tok.SelfKw || k == Tok.Bang;
}
