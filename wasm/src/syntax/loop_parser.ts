import { BlockExpr, EK, Expr, IdentExpr, LoopExpr, MatchArm, MatchExpr, Pattern, PK, RangeExpr, Stmt, UnaryLikeExpr } from "./ast";
import { BindingPattern, bindingStmts, parseBindingPattern } from "./binding_pattern";
import { parseBlock } from "./block_parser";
import { advance, errorAt, expect, expectIdent, peekKind } from "./cursor";
import { parsePattern } from "./pattern_parser";
import { finishRange, parseExpr, parseExprNoStruct, parseRangeOrExpr } from "./expr_parser";
import { ParserState } from "./parser_state";
import { Tok } from "./token";

// Loops (`while`, `loop`, `for`) and the jumps out of them and out of
// functions (`break`, `continue`, `return`).

export function parseWhile(p: ParserState): Expr {
  const start = advance(p).start;
  if (p.kind == Tok.Let) return parseWhileLet(p, start);
  const w = new LoopExpr(EK.While, start, start);
  w.cond = parseExprNoStruct(p);
  w.body = parseBlock(p);
  w.end = p.prevEnd;
  return w;
}

/**
 * Rust's `while let Some(x) = e { ... }`: one error with the Pith spelling,
 * then it is read as the loop it means, `loop { match e { Some(x) => { ... },
 * _ => break } }`, so the body is checked with its bindings and nothing
 * after it reports again.
 */
function parseWhileLet(p: ParserState, start: i32): Expr {
  const letTok = advance(p);
  errorAt(p, "E0125", start, letTok.end, "Pith has no 'while let': loop and match, 'loop { match o { Some(x) => { ... }, _ => break } }'");
  const m = new MatchExpr(EK.Match, start, start);
  const arm = new MatchArm(p.tok.start, p.tok.start);
  arm.pattern = parsePattern(p);
  expect(p, Tok.Eq, "'=' after the pattern");
  m.scrutinee = parseExprNoStruct(p);
  arm.body = parseBlock(p);
  arm.end = p.prevEnd;
  m.arms.push(arm);
  const rest = new MatchArm(p.prevEnd, p.prevEnd);
  rest.pattern = new Pattern(PK.Wild, p.prevEnd, p.prevEnd);
  rest.body = new UnaryLikeExpr(EK.Break, p.prevEnd, p.prevEnd);
  m.arms.push(rest);
  // Exhaustiveness is moot: the `_` arm covers the rest.
  m.recovered = true;
  m.end = p.prevEnd;
  const stmt = new Stmt(start, p.prevEnd);
  stmt.expr = m;
  const body = new BlockExpr(EK.Block, start, p.prevEnd);
  body.stmts.push(stmt);
  const l = new LoopExpr(EK.Loop, start, p.prevEnd);
  l.body = body;
  return l;
}

export function parseLoop(p: ParserState): Expr {
  const start = advance(p).start;
  const l = new LoopExpr(EK.Loop, start, start);
  l.body = parseBlock(p);
  l.end = p.prevEnd;
  return l;
}

/** `for x in e { ... }`, where x may be a pattern (`(k, v)`, `Point { x, y }`) or `_`. */
export function parseFor(p: ParserState): Expr {
  const start = advance(p).start;
  const f = new LoopExpr(EK.For, start, start);
  f.varStart = p.tok.start;
  // `for (k, v) in xs`, `for ((a, b), n) in xs`, `for Point { x, y } in ps`:
  // a hidden loop variable, taken apart by `let`s at the top of the body.
  let pattern: BindingPattern | null = null;
  const k1 = peekKind(p, 1);
  const k2 = peekKind(p, 2);
  const binder = k1 == Tok.Const || k1 == Tok.Let || k1 == Tok.Var;
  const ofAt = binder ? 3 : 2;
  const ofOrIn = (peekKind(p, ofAt) == Tok.Ident && p.tokens[p.pos + ofAt].text == "of") || peekKind(p, ofAt) == Tok.In;
  if (p.kind == Tok.LParen && (binder ? k2 == Tok.Ident : k1 == Tok.Ident) && ofOrIn) {
    // JavaScript's `for (const x of xs)` and Kotlin's `for (x in xs)`, `for
    // (i in 0 until n)`: one error, then read as `for x in xs`, `for i in
    // 0..n` (the range's `until` is covered by this same error).
    const open = advance(p);
    if (binder) advance(p);
    f.varStart = p.tok.start;
    f.varName = advance(p).text;
    advance(p);
    p.parenDepth++;
    const lo = parseExpr(p);
    const until = p.kind == Tok.Ident && p.tok.text == "until";
    if (until) advance(p);
    const what = until ? "over a range" : "over an array";
    errorAt(p, "E0144", open.start, p.prevEnd, "a loop " + what + " is written 'for " + f.varName + " in " +
      (until ? "0..n" : "xs") + " { ... }', without parentheses");
    if (until) {
      const r = new RangeExpr(EK.Range, lo.start, lo.end);
      r.lo = lo;
      r.hi = parseExpr(p);
      r.end = r.hi.end;
      f.iter = r;
    } else f.iter = finishRange(p, lo);
    p.parenDepth--;
    expect(p, Tok.RParen, "')'");
    f.body = parseBlock(p);
    f.end = p.prevEnd;
    return f;
  }
  if (p.kind == Tok.LParen && (k1 == Tok.Let || k1 == Tok.Var || k1 == Tok.Semi || k2 == Tok.Eq || k2 == Tok.Semi)) {
    // `for (i = 0; i < n; i++) { ... }`: one error, then the body is
    // checked with `i` as the loop variable so its uses raise nothing more.
    const open = advance(p);
    if (p.kind == Tok.Let || p.kind == Tok.Var) advance(p);
    f.varStart = p.tok.start;
    f.varName = p.kind == Tok.Ident ? p.tok.text : "_";
    let depth = 1;
    while (p.kind != Tok.EOF && depth > 0) {
      if (p.kind == Tok.LParen) depth++;
      else if (p.kind == Tok.RParen) depth--;
      advance(p);
    }
    errorAt(p, "E0118", open.start, p.prevEnd, "C-style 'for' loops are not supported: write 'for i in 0..n' (or a 'while' loop)");
    f.iter = new Expr(EK.Error, open.start, p.prevEnd);
    f.body = parseBlock(p);
    f.end = p.prevEnd;
    return f;
  }
  if (p.kind == Tok.LParen || (p.kind == Tok.Ident && peekKind(p, 1) == Tok.LBrace)) {
    pattern = parseBindingPattern(p, "a loop variable name");
    f.varName = "#for" + start.toString();
  } else if (p.kind == Tok.Underscore) { advance(p); f.varName = "_"; }
  else f.varName = expectIdent(p, "a loop variable name");
  if (p.kind == Tok.Comma) {
    // `for i, x in xs` (Go, Python's enumerate): one error, then the
    // loop is read with its first name so the body raises nothing more.
    const comma = p.tok.start;
    while (p.kind != Tok.In && p.kind != Tok.LBrace && p.kind != Tok.EOF) advance(p);
    errorAt(p, "E0119", comma, p.prevEnd, "a loop has one pattern: 'for (a, b) in pairs' for tuples, 'for i in 0..len(xs)' with 'xs[i]' for indexes");
  }
  expect(p, Tok.In, "'in'");
  const saved = p.noStruct;
  p.noStruct = true;
  f.iter = parseRangeOrExpr(p);
  p.noStruct = saved;
  f.body = parseBlock(p);
  f.end = p.prevEnd;
  if (pattern !== null) {
    const id = new IdentExpr(EK.Ident, f.varStart, f.varStart);
    id.name = f.varName;
    const lets = bindingStmts(pattern!, false, id, null, f.varStart, f.varStart);
    for (let i = lets.length - 1; i >= 0; i--) f.body.stmts.unshift(lets[i]);
  }
  return f;
}

/** `return` or `break`, with a value unless the line or the enclosing construct ends. */
export function parseJump(p: ParserState): Expr {
  const t = advance(p);
  const r = new UnaryLikeExpr(t.kind == Tok.Return ? EK.Return : EK.Break, t.start, t.end);
  const k = p.kind;
  if (!p.tok.nlBefore && k != Tok.RBrace && k != Tok.Semi && k != Tok.Comma && k != Tok.RParen && k != Tok.EOF) {
    r.value = parseExpr(p);
    r.end = p.prevEnd;
  }
  return r;
}

export function parseContinue(p: ParserState): Expr {
  const t = advance(p);
  return new Expr(EK.Continue, t.start, t.end);
}
