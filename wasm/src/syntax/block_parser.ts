import { BinaryExpr, BlockExpr, EK, Expr, IdentExpr, MatchArm, MatchExpr, Pattern, PK, Stmt, TK, TypeExpr } from "./ast";
import { BK, bindingStmts, parseBindingPattern } from "./binding_pattern";
import { advance, columnOf, describe, eat, errorAt, errorHere, expect, peekKind, skipTo, tooDeep } from "./cursor";
import { binaryOpHere, isAssignOp, isRustConstructed, parseExpr, parseExprNoStruct, takeBinaryOp } from "./expr_parser";
import { ParserState } from "./parser_state";
import { Tok } from "./token";
import { parseType } from "./type_parser";

// Blocks and the statements in them: `let` / `var` (a nested pattern is
// several `let`s), assignments, and expressions, the last of which without
// a ';' is the block's value.

/**
 * Python's `for x in xs:` / `if c:` / `else:` and an indented body: one
 * error with the braces to write (once a file: whoever wrote one block so
 * wrote them all), then every statement indented past the
 * line of the `:` is read as the block it means, so the body checks as usual
 * and the `}` that closes the enclosing block still closes it.
 */
function parseIndentedBlock(p: ParserState): BlockExpr {
  const colon = advance(p);
  if (!p.indentReported) errorAt(p, "E0155", colon.start, colon.end, "a block is written in braces, '{ ... }', not after ':' and an indent");
  p.indentReported = true;
  const column = columnOf(p, lineStart(p, colon.start));
  const block = new BlockExpr(EK.Block, colon.start, colon.end);
  while (p.kind != Tok.EOF && p.kind != Tok.RBrace && !(p.tok.nlBefore && columnOf(p, p.tok.start) <= column)) {
    const before = p.pos;
    const stmt = parseStmt(p);
    if (p.pos == before) advance(p);
    if (stmt === null) continue;
    block.stmts.push(stmt);
    for (let i = 0; i < p.followingStmts.length; i++) block.stmts.push(p.followingStmts[i]);
    p.followingStmts = [];
  }
  block.end = p.prevEnd;
  return block;
}

/** The offset of the first non-blank byte of the line that holds `offset`. */
function lineStart(p: ParserState, offset: i32): i32 {
  let i = offset;
  while (i > 0 && p.source.bytes[i - 1] != 10) i--;
  while (p.source.bytes[i] == 32 || p.source.bytes[i] == 9) i++;
  return i;
}

export function parseBlock(p: ParserState): BlockExpr {
  const start = p.tok.start;
  if (p.kind == Tok.Colon && peekKind(p, 1) != Tok.EOF && p.tokens[p.pos + 1].nlBefore) return parseIndentedBlock(p);
  const block = new BlockExpr(EK.Block, start, start);
  if (!expect(p, Tok.LBrace, "'{'")) {
    block.end = p.prevEnd;
    return block;
  }
  p.depth++;
  const savedDepth = p.parenDepth;
  const savedNoStruct = p.noStruct;
  p.parenDepth = 0;
  p.noStruct = false;
  while (p.kind != Tok.RBrace && p.kind != Tok.EOF) {
    if (eat(p, Tok.Semi)) continue;
    if (tooDeep(p)) { skipTo(p, Tok.RBrace); break; }
    const before = p.pos;
    const stmt = parseStmt(p);
    if (stmt === null || p.pos == before) {
      // No progress (a stray token): skip it so the loop always advances.
      if (p.pos == before) advance(p);
      continue;
    }
    // The last expression statement without ';' is the block's value.
    if (!stmt.isLet && p.kind == Tok.RBrace) {
      block.tail = stmt.expr;
      break;
    }
    block.stmts.push(stmt);
    for (let i = 0; i < p.followingStmts.length; i++) block.stmts.push(p.followingStmts[i]);
    p.followingStmts = [];
    if (p.kind == Tok.Semi || p.kind == Tok.RBrace || p.tok.nlBefore || p.kind == Tok.EOF) continue;
    if (!stmt.isLet && isBlockLike(stmt.expr!)) continue;
    errorHere(p, "E0101", "expected a new line or ';' after the statement, found " + describe(p, p.tok));
    recoverStatement(p);
  }
  expect(p, Tok.RBrace, "'}' to close the block");
  p.parenDepth = savedDepth;
  p.noStruct = savedNoStruct;
  p.depth--;
  block.end = p.prevEnd;
  return block;
}

/** After an error inside a block: skip to the next line or ';' at this nesting. */
function recoverStatement(p: ParserState): void {
  let nest = 0;
  while (p.kind != Tok.EOF) {
    const k = p.kind;
    if (nest == 0 && (k == Tok.Semi || k == Tok.RBrace || p.tok.nlBefore)) return;
    if (k == Tok.LBrace || k == Tok.LParen || k == Tok.LBracket) nest++;
    if ((k == Tok.RBrace || k == Tok.RParen || k == Tok.RBracket) && nest > 0) nest--;
    advance(p);
  }
}

export function parseStmt(p: ParserState): Stmt | null {
  const start = p.tok.start;
  const stmt = new Stmt(start, start);
  // `x := 1` (Go): one error, then read as `let x = 1` so later uses of x raise nothing more.
  const goDecl = p.kind == Tok.Ident && peekKind(p, 1) == Tok.Colon && peekKind(p, 2) == Tok.Eq &&
    p.tokens[p.pos + 1].end == p.tokens[p.pos + 2].start;
  if (goDecl) {
    const name = p.tok.text;
    errorAt(p, "E0117", p.tokens[p.pos + 1].start, p.tokens[p.pos + 2].end, "Pith has no ':=': declare with 'let " + name + " = ...' (or 'var " + name + " = ...' to change it later)");
  }
  // Kotlin's and Scala's `val x = 1`, JavaScript's `const x = 1` in a
  // function: one error, then read as the `let` they mean.
  const otherLet = (p.kind == Tok.Const || (p.kind == Tok.Ident && p.tok.text == "val")) && peekKind(p, 1) == Tok.Ident &&
    !p.tokens[p.pos + 1].nlBefore && (peekKind(p, 2) == Tok.Eq || peekKind(p, 2) == Tok.Colon);
  if (otherLet) {
    errorHere(p, "E0131", "a local binding that never changes is declared with 'let': 'let " + p.tokens[p.pos + 1].text + " = ...'");
  }
  if (p.kind == Tok.Let || p.kind == Tok.Var || goDecl || otherLet) {
    stmt.isLet = true;
    if (otherLet) advance(p);
    else if (!goDecl) stmt.mutable = advance(p).kind == Tok.Var;
    if (p.kind == Tok.Ident && p.tok.text == "mut" && peekKind(p, 1) == Tok.Ident) {
      errorHere(p, "E0116", "use 'var' for a mutable binding");
      advance(p);
      stmt.mutable = true;
    }
    const pattern = parseBindingPattern(p, "a variable name");
    let type: TypeExpr | null = null;
    if (goDecl) advance(p);  // the ':' of ':='
    else if (eat(p, Tok.Colon)) type = parseType(p);
    else if ((p.kind == Tok.Ident || p.kind == Tok.LBracket) && !p.tok.nlBefore && pattern.kind == BK.Name) {
      // Go's `var x int = 1`: one error, then the type read as if the
      // ':' were there.
      errorHere(p, "E0134", "a variable's type follows ':': '" + pattern.name + ": " + p.tok.text + (p.kind == Tok.LBracket ? "...]" : "") + "'");
      type = parseType(p);
    }
    let value: Expr | null = null;
    if (expect(p, Tok.Eq, "'=' and an initial value")) value = parseExpr(p);
    // `let m: HashMap<str, i64> = HashMap::new()`, `let s: String =
    // String::new()`: the constructor's one error already shows what to
    // write, so the annotation's foreign type is left unknown rather than
    // reported a second time.
    if (type !== null && value !== null && value == p.rustConstructed && type.kind == TK.Named && isRustConstructed(type.name)) {
      const unknown = new TypeExpr(TK.Named, type.start, type.end);
      unknown.name = "?";
      type = unknown;
    }
    // A nested pattern is several `let`s: the first stands for the
    // statement, the others follow it in the block.
    const stmts = bindingStmts(pattern, stmt.mutable, value, type, start, p.prevEnd);
    for (let i = 1; i < stmts.length; i++) p.followingStmts.push(stmts[i]);
    return stmts[0];
  }
  if (p.kind == Tok.Ident && p.tok.text == "guard" && peekKind(p, 1) == Tok.Let && peekKind(p, 2) == Tok.Ident) {
    return parseGuardLet(p, stmt);
  }
  if (p.kind == Tok.Ident && p.tok.text == "defer" && !p.tokens[p.pos + 1].nlBefore && deferredHere(p)) {
    // Go's, Swift's and Zig's `defer`: one error, then what it defers is
    // read (and checked) as the statement it is.
    errorHere(p, "E0142", "Pith has no 'defer': write the clean-up where the function ends, before each 'return'");
    advance(p);
    return parseStmt(p);
  }
  if (p.kind == Tok.Ident && !p.tokens[p.pos + 1].nlBefore && foreignStatement(p)) return null;
  if (p.kind == Tok.Fn || p.kind == Tok.Struct || p.kind == Tok.Enum || p.kind == Tok.Impl) {
    errorHere(p, "E0105", "declarations are only allowed at the top level of a file");
    advance(p);
    recoverStatement(p);
    return null;
  }
  const e = parseExpr(p);
  const op = binaryOpHere(p);
  if (isAssignOp(op) && !(p.tok.nlBefore && p.parenDepth == 0)) {
    takeBinaryOp(p, op);
    const a = new BinaryExpr(EK.Assign, e.start, e.end);
    a.op = op;
    a.left = e;
    a.right = parseExpr(p);
    a.end = p.prevEnd;
    stmt.expr = a;
  } else stmt.expr = e;
  stmt.end = p.prevEnd;
  return stmt;
}

/**
 * `switch x { ... }`, `try { ... } catch (e) { ... }` and `throw e`: one
 * error naming what Pith writes instead, then the whole statement, braces
 * balanced, is passed over. False (nothing read) for any other word.
 */
function foreignStatement(p: ParserState): bool {
  const word = p.tok.text;
  const next = peekKind(p, 1);
  // Only where the word cannot be a name in use: `switch = 2`, `switch(x)`
  // and `throw.x` stay the expressions they are.
  const operand = next == Tok.Ident || next == Tok.Int || next == Tok.Str || next == Tok.StrStart || next == Tok.SelfKw;
  if (word == "switch" && (operand || (next == Tok.LParen && bracedOnLine(p)))) {
    errorHere(p, "E0136", "Pith has no 'switch': write 'match x { 1 => ..., _ => ... }'");
  } else if ((word == "try" && next == Tok.LBrace) || (word == "throw" && operand)) {
    errorHere(p, "E0137", "Pith has no exceptions: return a 'Result<T, E>', 'Err(e)' for 'throw', and pass it on with '?'");
  } else return false;
  advance(p);
  recoverStatement(p);
  return true;
}

/**
 * Swift's `guard let x = o else { return ... }`: one error with the Pith
 * form, and the statement read as that form, `let x = match o { Some(x) =>
 * x, _ => { return ... } }`, so `x` has the option's value type below it.
 */
function parseGuardLet(p: ParserState, stmt: Stmt): Stmt {
  const start = advance(p).start;
  advance(p);
  const nameTok = advance(p);
  errorAt(p, "E0152", start, nameTok.end, "Pith has no 'guard let': 'let " + nameTok.text +
    " = match o { Some(v) => v, None => return ... }'");
  expect(p, Tok.Eq, "'=' and an option");
  const m = new MatchExpr(EK.Match, start, start);
  m.scrutinee = parseExprNoStruct(p);
  const some = new MatchArm(nameTok.start, nameTok.end);
  some.pattern = new Pattern(PK.Variant, nameTok.start, nameTok.end);
  some.pattern.name = "Some";
  some.pattern.hasParens = true;
  const bind = new Pattern(PK.Bind, nameTok.start, nameTok.end);
  bind.name = nameTok.text;
  some.pattern.subs.push(bind);
  const value = new IdentExpr(EK.Ident, nameTok.start, nameTok.end);
  value.name = nameTok.text;
  some.body = value;
  m.arms.push(some);
  const rest = new MatchArm(p.tok.start, p.tok.start);
  rest.pattern = new Pattern(PK.Wild, p.tok.start, p.tok.start);
  rest.body = eat(p, Tok.Else) ? parseBlock(p) : new BlockExpr(EK.Block, p.prevEnd, p.prevEnd);
  m.arms.push(rest);
  // Exhaustiveness is moot: the `_` arm covers the rest.
  m.recovered = true;
  m.end = p.prevEnd;
  stmt.isLet = true;
  stmt.name = nameTok.text;
  stmt.expr = m;
  stmt.end = p.prevEnd;
  return stmt;
}

/** `defer` followed by a call or a block, as a deferred statement starts, and not `defer = ...`. */
function deferredHere(p: ParserState): bool {
  const next = peekKind(p, 1);
  return next == Tok.Ident || next == Tok.LBrace || next == Tok.SelfKw;
}

/** Whether a `)` then `{` follows on this line: C's and JavaScript's `switch (x) {`. */
function bracedOnLine(p: ParserState): bool {
  for (let i = p.pos + 2; i < p.tokens.length && !p.tokens[i].nlBefore; i++) {
    if (p.tokens[i].kind == Tok.LBrace) return p.tokens[i - 1].kind == Tok.RParen;
  }
  return false;
}

/** An expression statement that ends with '}' and so needs no ';' or new line after it. */
function isBlockLike(e: Expr): bool {
  const k = e.kind;
  return k == EK.If || k == EK.Match || k == EK.Block || k == EK.While || k == EK.For || k == EK.Loop;
}
