import {
  BinaryExpr, BlockExpr, ClosureExpr, EK, Expr, IfExpr, MatchArm, MatchExpr, Param, Stmt, TypeExpr,
} from "./ast";
import { bindingStmts, parseBindingPattern } from "./binding_pattern";
import { ROLE_CLOSE, ROLE_EMPTY, ROLE_OPEN } from "./cursor";
import { ExprParser, isAssignOp } from "./expr_parser";
import { Tok } from "./token";

/** Blocks, if, match, closures and statements (the expressions with bodies). */
export class BlockParser extends ExprParser {
  // The further `let`s of a nested pattern parsed by parseStmt.
  followingStmts: Stmt[] = [];

  parseIf(): Expr {
    const start = this.advance().start;
    const e = new IfExpr(EK.If, start, start);
    e.cond = this.parseExprNoStruct();
    e.then = this.parseBlock();
    if (this.kind == Tok.Else) {
      this.advance();
      if (this.kind == Tok.If) e.otherwise = this.parseIf();
      else e.otherwise = this.parseBlock();
    }
    e.end = this.prevEnd;
    return e;
  }

  parseMatch(): Expr {
    const start = this.advance().start;
    const m = new MatchExpr(EK.Match, start, start);
    m.scrutinee = this.parseExprNoStruct();
    const savedDepth = this.parenDepth;
    this.parenDepth = 0;
    const savedNoStruct = this.noStruct;
    this.noStruct = false;
    const errorsBefore = this.diags.list.length;
    if (this.expect(Tok.LBrace, "'{' to open the match arms")) {
      while (this.kind != Tok.RBrace && this.kind != Tok.EOF) {
        const before = this.pos;
        const arm = new MatchArm(this.tok.start, this.tok.start);
        arm.pattern = this.parsePattern();
        if (this.eat(Tok.If)) arm.guard = this.parseExpr();
        this.expect(Tok.FatArrow, "'=>' after the pattern");
        if (this.kind == Tok.Let || this.kind == Tok.Var || this.kind == Tok.Const) {
          this.errorHere("E0104", "a declaration cannot be a match arm by itself; put statements in a block: '=> { " + this.tok.text + " ... }'");
          // Read it as if the braces were there, so the rest of the
          // declaration does not cascade into errors of its own.
          const block = new BlockExpr(EK.Block, this.tok.start, this.tok.start);
          const stmt = this.parseStmt();
          if (stmt !== null) block.stmts.push(stmt);
          block.end = this.prevEnd;
          arm.body = block;
        } else arm.body = this.parseExpr();
        const op = this.binaryOpHere();
        if (isAssignOp(op) && !this.tok.nlBefore) {
          // `34 => out += "q",`: an assignment as an arm (a statement of type ()), as in Rust.
          this.takeBinaryOp(op);
          const a = new BinaryExpr(EK.Assign, arm.body.start, arm.body.end);
          a.op = op;
          a.left = arm.body;
          a.right = this.parseExpr();
          a.end = this.prevEnd;
          arm.body = a;
        }
        arm.end = this.prevEnd;
        m.arms.push(arm);
        if (!this.eat(Tok.Comma) && this.kind != Tok.RBrace && !this.tok.nlBefore) {
          this.errorHere("E0100", "expected ',' or a new line between match arms");
          this.skipTo(Tok.RBrace);
        }
        if (this.pos == before) this.advance();
      }
      this.expect(Tok.RBrace, "'}' to close the match");
    }
    m.recovered = this.diags.list.length > errorsBefore;
    this.parenDepth = savedDepth;
    this.noStruct = savedNoStruct;
    m.end = this.prevEnd;
    return m;
  }

  parseClosure(): Expr {
    const start = this.tok.start;
    const c = new ClosureExpr(EK.Closure, start, start);
    if (this.kind == Tok.OrOr) this.markRole(this.advance(), ROLE_EMPTY);
    else {
      this.markRole(this.advance(), ROLE_OPEN);
      while (this.kind != Tok.Pipe && this.kind != Tok.EOF) {
        const p = new Param(this.tok.start, this.tok.end);
        p.name = this.expectIdent("a parameter name");
        if (this.eat(Tok.Colon)) p.type = this.parseType();
        p.end = this.prevEnd;
        c.params.push(p);
        if (!this.eat(Tok.Comma)) break;
      }
      if (this.kind == Tok.Pipe) this.markRole(this.tok, ROLE_CLOSE);
      this.expect(Tok.Pipe, "'|' to close the closure parameters");
    }
    if (this.eat(Tok.Arrow)) {
      c.ret = this.parseType();
      c.body = this.parseBlock();
    } else c.body = this.parseExpr();
    c.end = this.prevEnd;
    return c;
  }

  /** Skips tokens up to (not past) `kind` at the current nesting, or EOF. */
  skipTo(kind: Tok): void {
    let nest = 0;
    while (this.kind != Tok.EOF) {
      const k = this.kind;
      if (nest == 0 && k == kind) return;
      if (k == Tok.LBrace || k == Tok.LParen || k == Tok.LBracket) nest++;
      if (k == Tok.RBrace || k == Tok.RParen || k == Tok.RBracket) {
        if (nest == 0) return;
        nest--;
      }
      this.advance();
    }
  }

  parseBlock(): BlockExpr {
    const start = this.tok.start;
    const block = new BlockExpr(EK.Block, start, start);
    if (!this.expect(Tok.LBrace, "'{'")) {
      block.end = this.prevEnd;
      return block;
    }
    this.depth++;
    const savedDepth = this.parenDepth;
    const savedNoStruct = this.noStruct;
    this.parenDepth = 0;
    this.noStruct = false;
    while (this.kind != Tok.RBrace && this.kind != Tok.EOF) {
      if (this.eat(Tok.Semi)) continue;
      if (this.tooDeep()) { this.skipTo(Tok.RBrace); break; }
      const before = this.pos;
      const stmt = this.parseStmt();
      if (stmt === null || this.pos == before) {
        // No progress (a stray token): skip it so the loop always advances.
        if (this.pos == before) this.advance();
        continue;
      }
      // The last expression statement without ';' is the block's value.
      if (!stmt.isLet && this.kind == Tok.RBrace) {
        block.tail = stmt.expr;
        break;
      }
      block.stmts.push(stmt);
      for (let i = 0; i < this.followingStmts.length; i++) block.stmts.push(this.followingStmts[i]);
      this.followingStmts = [];
      if (this.kind == Tok.Semi || this.kind == Tok.RBrace || this.tok.nlBefore || this.kind == Tok.EOF) continue;
      if (!stmt.isLet && isBlockLike(stmt.expr!)) continue;
      this.errorHere("E0101", "expected a new line or ';' after the statement, found " + this.describe(this.tok));
      this.recoverStatement();
    }
    this.expect(Tok.RBrace, "'}' to close the block");
    this.parenDepth = savedDepth;
    this.noStruct = savedNoStruct;
    this.depth--;
    block.end = this.prevEnd;
    return block;
  }

  /** After an error inside a block: skip to the next line or ';' at this nesting. */
  recoverStatement(): void {
    let nest = 0;
    while (this.kind != Tok.EOF) {
      const k = this.kind;
      if (nest == 0 && (k == Tok.Semi || k == Tok.RBrace || this.tok.nlBefore)) return;
      if (k == Tok.LBrace || k == Tok.LParen || k == Tok.LBracket) nest++;
      if ((k == Tok.RBrace || k == Tok.RParen || k == Tok.RBracket) && nest > 0) nest--;
      this.advance();
    }
  }

  parseStmt(): Stmt | null {
    const start = this.tok.start;
    const stmt = new Stmt(start, start);
    // `x := 1` (Go): one error, then read as `let x = 1` so later uses of x raise nothing more.
    const goDecl = this.kind == Tok.Ident && this.peekKind(1) == Tok.Colon && this.peekKind(2) == Tok.Eq &&
      this.tokens[this.pos + 1].end == this.tokens[this.pos + 2].start;
    if (goDecl) {
      const name = this.tok.text;
      this.errorAt("E0117", this.tokens[this.pos + 1].start, this.tokens[this.pos + 2].end, "Pith has no ':=': declare with 'let " + name + " = ...' (or 'var " + name + " = ...' to change it later)");
    }
    if (this.kind == Tok.Let || this.kind == Tok.Var || goDecl) {
      stmt.isLet = true;
      if (!goDecl) stmt.mutable = this.advance().kind == Tok.Var;
      if (this.kind == Tok.Ident && this.tok.text == "mut" && this.peekKind(1) == Tok.Ident) {
        this.errorHere("E0116", "use 'var' for a mutable binding");
        this.advance();
        stmt.mutable = true;
      }
      const pattern = parseBindingPattern(this, "a variable name");
      let type: TypeExpr | null = null;
      if (goDecl) this.advance();  // the ':' of ':='
      else if (this.eat(Tok.Colon)) type = this.parseType();
      let value: Expr | null = null;
      if (this.expect(Tok.Eq, "'=' and an initial value")) value = this.parseExpr();
      // A nested pattern is several `let`s: the first stands for the
      // statement, the others follow it in the block.
      const stmts = bindingStmts(pattern, stmt.mutable, value, type, start, this.prevEnd);
      for (let i = 1; i < stmts.length; i++) this.followingStmts.push(stmts[i]);
      return stmts[0];
    }
    if (this.kind == Tok.Fn || this.kind == Tok.Struct || this.kind == Tok.Enum || this.kind == Tok.Impl) {
      this.errorHere("E0105", "declarations are only allowed at the top level of a file");
      this.advance();
      this.recoverStatement();
      return null;
    }
    const e = this.parseExpr();
    const op = this.binaryOpHere();
    if (isAssignOp(op) && !(this.tok.nlBefore && this.parenDepth == 0)) {
      this.takeBinaryOp(op);
      const a = new BinaryExpr(EK.Assign, e.start, e.end);
      a.op = op;
      a.left = e;
      a.right = this.parseExpr();
      a.end = this.prevEnd;
      stmt.expr = a;
    } else stmt.expr = e;
    stmt.end = this.prevEnd;
    return stmt;
  }
}

export function isBlockLike(e: Expr): bool {
  const k = e.kind;
  return k == EK.If || k == EK.Match || k == EK.Block || k == EK.While || k == EK.For || k == EK.Loop;
}
