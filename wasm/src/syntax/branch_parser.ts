import { BinaryExpr, BlockExpr, EK, Expr, IfExpr, MatchArm, MatchExpr, Pattern, PK } from "./ast";
import { parseBlock, parseStmt } from "./block_parser";
import { advance, eat, errorAt, errorHere, expect, peekKind, skipTo } from "./cursor";
import { binaryOpHere, isAssignOp, parseExpr, parseExprNoStruct, takeBinaryOp } from "./expr_parser";
import { ParserState } from "./parser_state";
import { parsePattern } from "./pattern_parser";
import { Tok } from "./token";

// The branching expressions: `if` / `else if` / `else`, and `match` with
// its arms (a pattern, an optional guard, `=>` and a body).

export function parseIf(p: ParserState): Expr {
  const start = advance(p).start;
  if (p.kind == Tok.Let) return parseIfLet(p, start);
  const e = new IfExpr(EK.If, start, start);
  e.cond = parseExprNoStruct(p);
  e.then = parseBlock(p);
  if (p.kind == Tok.Ident && (p.tok.text == "elif" || p.tok.text == "elsif" || p.tok.text == "elseif") && !p.tok.nlBefore) {
    // Python's `elif` (Ruby's `elsif`, PHP's `elseif`): one error, then read as `else if`.
    errorHere(p, "E0132", "write 'else if' for '" + p.tok.text + "'");
    e.otherwise = parseIf(p);
  } else if (p.kind == Tok.Else) {
    advance(p);
    if (p.kind == Tok.If) e.otherwise = parseIf(p);
    else e.otherwise = parseBlock(p);
  }
  e.end = p.prevEnd;
  return e;
}

/**
 * Rust's `if let Some(x) = o { ... } else { ... }`: one error with the
 * Pith spelling, then it is read as the `match` it means (the pattern's arm,
 * then `_` for the else), so the body is checked with its bindings and
 * nothing after it reports again.
 */
function parseIfLet(p: ParserState, start: i32): Expr {
  const letTok = advance(p);
  errorAt(p, "E0123", start, letTok.end, "Pith has no 'if let': match on the value, 'match o { Some(x) => { ... }, _ => {} }'");
  const m = new MatchExpr(EK.Match, start, start);
  const arm = new MatchArm(p.tok.start, p.tok.start);
  arm.pattern = parsePattern(p);
  expect(p, Tok.Eq, "'=' after the pattern");
  m.scrutinee = parseExprNoStruct(p);
  arm.body = parseBlock(p);
  arm.end = p.prevEnd;
  m.arms.push(arm);
  const rest = new MatchArm(p.tok.start, p.tok.start);
  rest.pattern = new Pattern(PK.Wild, p.tok.start, p.tok.start);
  if (p.kind == Tok.Else) {
    advance(p);
    rest.body = p.kind == Tok.If ? parseIf(p) : parseBlock(p);
  } else rest.body = new BlockExpr(EK.Block, p.prevEnd, p.prevEnd);
  rest.end = p.prevEnd;
  m.arms.push(rest);
  // Exhaustiveness is moot: the `_` arm covers the rest.
  m.recovered = true;
  m.end = p.prevEnd;
  return m;
}

export function parseMatch(p: ParserState): Expr {
  const start = advance(p).start;
  const m = new MatchExpr(EK.Match, start, start);
  m.scrutinee = parseExprNoStruct(p);
  const savedDepth = p.parenDepth;
  p.parenDepth = 0;
  const savedNoStruct = p.noStruct;
  p.noStruct = false;
  const errorsBefore = p.diags.list.length;
  // Kotlin's arms, `1 -> a` and `else -> b`: one error for the whole match,
  // and each arm read as the Pith one, `1 => a`, `_ => b`.
  let kotlinArms = false;
  if (expect(p, Tok.LBrace, "'{' to open the match arms")) {
    while (p.kind != Tok.RBrace && p.kind != Tok.EOF) {
      const before = p.pos;
      const arm = new MatchArm(p.tok.start, p.tok.start);
      const elseArm = p.kind == Tok.Else && (peekKind(p, 1) == Tok.Arrow || peekKind(p, 1) == Tok.FatArrow);
      if (elseArm) arm.pattern = new Pattern(PK.Wild, advance(p).start, p.prevEnd);
      else arm.pattern = parsePattern(p);
      if (eat(p, Tok.If)) {
        const savedGuard = p.inGuard;
        p.inGuard = true;
        arm.guard = parseExpr(p);
        p.inGuard = savedGuard;
      }
      if ((p.kind == Tok.Arrow || elseArm) && !kotlinArms) {
        errorAt(p, "E0154", arm.start, p.tok.end, "a match arm is written 'pattern => value', with '=>' for '->' and '_' for 'else'");
        kotlinArms = true;
      }
      if (p.kind == Tok.Arrow && kotlinArms) advance(p);
      else expect(p, Tok.FatArrow, "'=>' after the pattern");
      if (p.kind == Tok.Let || p.kind == Tok.Var || p.kind == Tok.Const) {
        errorHere(p, "E0104", "a declaration cannot be a match arm by itself; put statements in a block: '=> { " + p.tok.text + " ... }'");
        // Read it as if the braces were there, so the rest of the
        // declaration does not cascade into errors of its own.
        const block = new BlockExpr(EK.Block, p.tok.start, p.tok.start);
        const stmt = parseStmt(p);
        if (stmt !== null) block.stmts.push(stmt);
        block.end = p.prevEnd;
        arm.body = block;
      } else arm.body = parseExpr(p);
      const op = binaryOpHere(p);
      if (isAssignOp(op) && !p.tok.nlBefore) {
        // `34 => out += "q",`: an assignment as an arm (a statement of type ()), as in Rust.
        takeBinaryOp(p, op);
        const a = new BinaryExpr(EK.Assign, arm.body.start, arm.body.end);
        a.op = op;
        a.left = arm.body;
        a.right = parseExpr(p);
        a.end = p.prevEnd;
        arm.body = a;
      }
      arm.end = p.prevEnd;
      m.arms.push(arm);
      if (!eat(p, Tok.Comma) && p.kind != Tok.RBrace && !p.tok.nlBefore) {
        errorHere(p, "E0100", "expected ',' or a new line between match arms");
        skipTo(p, Tok.RBrace);
      }
      if (p.pos == before) advance(p);
    }
    expect(p, Tok.RBrace, "'}' to close the match");
  }
  m.recovered = p.diags.list.length > errorsBefore;
  p.parenDepth = savedDepth;
  p.noStruct = savedNoStruct;
  m.end = p.prevEnd;
  return m;
}
