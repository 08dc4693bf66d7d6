import {
  BinaryExpr, BlockExpr, CallExpr, CastExpr, EK, Expr, FieldExpr, IdentExpr, IndexExpr, InterpExpr, ListExpr, LitExpr,
  LoopExpr, RangeExpr, StructLitExpr, UnaryExpr, UnaryLikeExpr,
} from "./ast";
import { BindingPattern, bindingStmts, parseBindingPattern } from "./binding_pattern";
import { Cursor, ROLE_BINARY, ROLE_JOINED } from "./cursor";
import { Tok } from "./token";

// Binding power of binary operators; 0 = not a binary operator. Bitwise
// operators bind tighter than comparisons (as in Rust and Go), so
// `x & 1 == 0` means `(x & 1) == 0`.
// The most operators (binary ones and `as`) on one path from the root of an
// expression tree: generated sums of 2,000 terms compile, and the compiler's
// recursive walks stay far from the end of the stack.
const MAX_OPERATORS: i32 = 2000;

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

/** Expressions: operators, postfix forms, literals and primaries. */
export class ExprParser extends Cursor {
  // In `if c {`, `while c {`, `match x {`, `for x in e {` a '{' opens the body, not a struct literal.
  noStruct: bool = false;
  // Operators on the path from the root of the expression being parsed (see tooManyOperators).
  operatorDepth: i32 = 0;

  errorExpr(): Expr {
    return new Expr(EK.Error, this.tok.start, this.tok.end);
  }

  /** '>' '>' with no gap is a right shift (the lexer splits it for generics). */
  binaryOpHere(): Tok {
    const k = this.kind;
    if (k == Tok.Gt && this.peekKind(1) == Tok.Gt && this.tokens[this.pos + 1].start == this.tok.end) {
      if (this.peekKind(2) == Tok.Ge && this.tokens[this.pos + 2].start == this.tokens[this.pos + 1].end) return Tok.Error;
      return Tok.Shr;
    }
    if (k == Tok.Gt && this.peekKind(1) == Tok.Ge && this.tokens[this.pos + 1].start == this.tok.end) return Tok.ShrEq;
    if (k == Tok.Eq && this.noStruct && !this.tok.nlBefore) {
      // `if x = 5 {` (a condition, where no assignment can stand): read as
      // the comparison it is meant to be, at the comparison's precedence.
      this.errorHere("E0110", "'=' assigns a value; use '==' to compare");
      return Tok.EqEq;
    }
    if (k == Tok.Ident && !this.tok.nlBefore && (this.tok.text == "and" || this.tok.text == "or")) {
      // `a and b` from Python: read as the operator it means.
      const and = this.tok.text == "and";
      this.errorHere("E0111", "write '" + (and ? "&&" : "||") + "' for '" + this.tok.text + "'");
      return and ? Tok.AndAnd : Tok.OrOr;
    }
    return k;
  }

  takeBinaryOp(op: Tok): void {
    this.markRole(this.advance(), ROLE_BINARY);
    if (op == Tok.Shr || op == Tok.ShrEq) this.markRole(this.advance(), ROLE_JOINED);
  }

  parseExpr(): Expr {
    return this.parseBinary(1);
  }

  parseExprNoStruct(): Expr {
    const saved = this.noStruct;
    this.noStruct = true;
    const e = this.parseExpr();
    this.noStruct = saved;
    return e;
  }

  parseBinary(minPrec: i32): Expr {
    this.depth++;
    if (this.tooDeep()) {
      this.depth--;
      const e = this.errorExpr();
      this.advance();
      return e;
    }
    const savedOps = this.operatorDepth;
    let left = this.parseUnary();
    while (true) {
      if (this.tok.nlBefore && this.parenDepth == 0) break;
      if (this.kind == Tok.As && minPrec <= 10) {
        // `as` binds tighter than every binary operator and looser than prefix ones.
        const at = this.advance();
        const tooMany = this.tooManyOperators(at.start, at.end);
        const c = new CastExpr(EK.Cast, left.start, left.end);
        c.value = left;
        c.type = this.parseType();
        c.end = this.prevEnd;
        if (!tooMany) left = c;
        continue;
      }
      const op = this.binaryOpHere();
      const prec = binaryPrec(op);
      if (prec == 0 || prec < minPrec) break;
      const opStart = this.tok.start;
      this.takeBinaryOp(op);
      const tooMany = this.tooManyOperators(opStart, this.prevEnd);
      const right = this.parseBinary(prec + 1);
      // Past the limit the rest is parsed for its errors but left out of the tree.
      if (tooMany) continue;
      const b = new BinaryExpr(EK.Binary, left.start, right.end);
      b.op = op;
      b.left = left;
      b.right = right;
      left = b;
    }
    this.operatorDepth = savedOps;
    this.depth--;
    return left;
  }

  /**
   * Counts one more operator on the way from the root of the expression to
   * here; past MAX_OPERATORS reports it (once per statement). A chain of
   * operators is a tree as deep as it is long, and every later stage of the
   * compiler walks that tree recursively: a limit here, with a position,
   * instead of an exhausted stack with none.
   */
  tooManyOperators(start: i32, end: i32): bool {
    this.operatorDepth++;
    if (this.operatorDepth <= MAX_OPERATORS) return false;
    if (this.operatorDepth == MAX_OPERATORS + 1) {
      this.errorAt("E0103", start, end, "expression too long: more than " + MAX_OPERATORS.toString() + " operators in one expression; split it into parts with 'let'");
    }
    return true;
  }

  parseUnary(): Expr {
    const k = this.kind;
    if (k == Tok.Amp || k == Tok.AndAnd) {
      // `&x` / `&&x` from Rust or C: report once, then read the operand.
      this.errorHere("E0113", "Pith has no references: values are copied");
      this.advance();
      return this.parseUnary();
    }
    const not = k == Tok.Ident && this.tok.text == "not" && !this.tokens[this.pos + 1].nlBefore && startsOperand(this.peekKind(1));
    if (not) this.errorHere("E0111", "write '!' for 'not'");
    if (k == Tok.Minus || k == Tok.Bang || k == Tok.Tilde || not) {
      const start = this.advance().start;
      this.depth++;
      if (this.tooDeep()) { this.depth--; return this.errorExpr(); }
      const operand = this.parseUnary();
      this.depth--;
      const u = new UnaryExpr(EK.Unary, start, operand.end);
      u.op = not ? Tok.Bang : k;
      u.operand = operand;
      return u;
    }
    return this.parsePostfix(this.parsePrimary());
  }

  parsePostfix(e: Expr): Expr {
    while (true) {
      const k = this.kind;
      const nl = this.tok.nlBefore && this.parenDepth == 0;
      if (k == Tok.ColonColon) this.errorHere("E0114", "use '.' instead of '::'");
      if (k == Tok.Bang && !nl && e.kind == EK.Ident && this.peekKind(1) == Tok.LParen) {
        this.errorHere("E0115", "macros are not supported: call '" + (e as IdentExpr).name + "(...)'");
        this.advance();
        continue;
      }
      if (k == Tok.Dot || k == Tok.ColonColon) {
        this.advance();
        const f = new FieldExpr(EK.Field, e.start, e.end);
        f.object = e;
        if (this.kind == Tok.Ident) f.name = this.advance().text;
        else if (this.kind == Tok.Int) f.name = this.advance().text;
        else if (this.kind == Tok.Float) {
          // `t.0.1` lexes as t . "0.1": split it into two tuple fields.
          const t = this.advance();
          const dot = t.text.indexOf(".");
          f.name = t.text.substring(0, dot);
          f.end = t.end;
          const g = new FieldExpr(EK.Field, e.start, t.end);
          g.object = f;
          g.name = t.text.substring(dot + 1);
          e = g;
          continue;
        } else this.errorHere("E0100", "expected a field or method name after '.', found " + this.describe(this.tok));
        f.end = this.prevEnd;
        e = f;
      } else if (k == Tok.LParen && !nl) {
        e = this.parseCallArgs(e);
      } else if (k == Tok.LBracket && !nl) {
        this.advance();
        this.parenDepth++;
        const ix = new IndexExpr(EK.Index, e.start, e.end);
        ix.object = e;
        ix.index = this.parseRangeOrExpr();
        this.parenDepth--;
        this.expect(Tok.RBracket, "']' to close the index");
        ix.end = this.prevEnd;
        e = ix;
      } else if (k == Tok.Question && !nl) {
        this.advance();
        const t = new UnaryLikeExpr(EK.Try, e.start, this.prevEnd);
        t.value = e;
        e = t;
      } else break;
    }
    return e;
  }

  parseCallArgs(callee: Expr): Expr {
    this.advance();
    this.parenDepth++;
    const call = new CallExpr(EK.Call, callee.start, callee.end);
    call.callee = callee;
    while (this.kind != Tok.RParen && this.kind != Tok.EOF) {
      const before = this.pos;
      call.args.push(this.parseExpr());
      if (!this.eat(Tok.Comma)) break;
      if (this.pos == before) break;
    }
    this.parenDepth--;
    this.expect(Tok.RParen, "')' to close the call");
    call.end = this.prevEnd;
    return call;
  }

  /** `a..b`, `a..=b` (for loops and slices) or a plain expression. */
  parseRangeOrExpr(): Expr {
    const lo = this.parseExpr();
    if (this.kind == Tok.DotDot || this.kind == Tok.DotDotEq) {
      const inclusive = this.advance().kind == Tok.DotDotEq;
      const r = new RangeExpr(EK.Range, lo.start, lo.end);
      r.lo = lo;
      r.hi = this.parseExpr();
      r.inclusive = inclusive;
      r.end = r.hi.end;
      return r;
    }
    return lo;
  }

  parsePrimary(): Expr {
    const t = this.tok;
    const start = t.start;
    switch (t.kind) {
      case Tok.Int: case Tok.Float: {
        this.advance();
        const lit = new LitExpr(t.kind == Tok.Int ? EK.Int : EK.Float, start, t.end);
        lit.text = t.text;
        return lit;
      }
      case Tok.Str: {
        this.advance();
        const lit = new LitExpr(EK.Str, start, t.end);
        lit.text = t.text;
        return lit;
      }
      case Tok.StrStart: return this.parseInterp();
      case Tok.True: case Tok.False: {
        this.advance();
        const lit = new LitExpr(EK.Bool, start, t.end);
        lit.boolValue = t.kind == Tok.True;
        return lit;
      }
      case Tok.Ident: case Tok.SelfKw: {
        this.advance();
        if (this.kind == Tok.LBrace && !this.noStruct && t.kind == Tok.Ident && this.looksLikeStructLit()) {
          return this.parseStructLit(t.text, start);
        }
        const id = new IdentExpr(EK.Ident, start, t.end);
        id.name = t.kind == Tok.SelfKw ? "self" : t.text;
        if (this.kind == Tok.Lt && t.kind == Tok.Ident && this.looksLikeTypeArgs()) {
          // `make<i64>()`: comparisons do not chain, so `a < b > (c)` cannot mean anything else.
          this.advance();
          while (this.kind != Tok.Gt && this.kind != Tok.EOF) {
            id.typeArgs.push(this.parseType());
            if (!this.eat(Tok.Comma)) break;
          }
          this.expect(Tok.Gt, "'>' to close the type arguments");
          id.end = this.prevEnd;
        }
        return id;
      }
      case Tok.LParen: return this.parseParenOrTuple();
      case Tok.LBracket: {
        this.advance();
        this.parenDepth++;
        const arr = new ListExpr(EK.ArrayLit, start, start);
        while (this.kind != Tok.RBracket && this.kind != Tok.EOF) {
          const before = this.pos;
          arr.elems.push(this.parseExpr());
          if (arr.elems.length == 1 && this.kind == Tok.Semi) {
            // `[x; n]`: n copies of x.
            this.advance();
            arr.count = this.parseExpr();
            break;
          }
          if (!this.eat(Tok.Comma)) break;
          if (this.pos == before) break;
        }
        this.parenDepth--;
        this.expect(Tok.RBracket, "']' to close the array");
        arr.end = this.prevEnd;
        return arr;
      }
      case Tok.LBrace: return this.parseBlock();
      case Tok.If: return this.parseIf();
      case Tok.Match: return this.parseMatch();
      case Tok.While: {
        this.advance();
        const w = new LoopExpr(EK.While, start, start);
        w.cond = this.parseExprNoStruct();
        w.body = this.parseBlock();
        w.end = this.prevEnd;
        return w;
      }
      case Tok.Loop: {
        this.advance();
        const l = new LoopExpr(EK.Loop, start, start);
        l.body = this.parseBlock();
        l.end = this.prevEnd;
        return l;
      }
      case Tok.For: {
        this.advance();
        const f = new LoopExpr(EK.For, start, start);
        f.varStart = this.tok.start;
        // `for (k, v) in xs`, `for ((a, b), n) in xs`, `for Point { x, y } in ps`:
        // a hidden loop variable, taken apart by `let`s at the top of the body.
        let pattern: BindingPattern | null = null;
        const k1 = this.peekKind(1);
        const k2 = this.peekKind(2);
        if (this.kind == Tok.LParen && (k1 == Tok.Let || k1 == Tok.Var || k1 == Tok.Semi || k2 == Tok.Eq || k2 == Tok.Semi)) {
          // `for (i = 0; i < n; i++) { ... }`: one error, then the body is
          // checked with `i` as the loop variable so its uses raise nothing more.
          const open = this.advance();
          if (this.kind == Tok.Let || this.kind == Tok.Var) this.advance();
          f.varStart = this.tok.start;
          f.varName = this.kind == Tok.Ident ? this.tok.text : "_";
          let depth = 1;
          while (this.kind != Tok.EOF && depth > 0) {
            if (this.kind == Tok.LParen) depth++;
            else if (this.kind == Tok.RParen) depth--;
            this.advance();
          }
          this.errorAt("E0118", open.start, this.prevEnd, "C-style 'for' loops are not supported: write 'for i in 0..n' (or a 'while' loop)");
          f.iter = new Expr(EK.Error, open.start, this.prevEnd);
          f.body = this.parseBlock();
          f.end = this.prevEnd;
          return f;
        }
        if (this.kind == Tok.LParen || (this.kind == Tok.Ident && this.peekKind(1) == Tok.LBrace)) {
          pattern = parseBindingPattern(this, "a loop variable name");
          f.varName = "#for" + start.toString();
        } else if (this.kind == Tok.Underscore) { this.advance(); f.varName = "_"; }
        else f.varName = this.expectIdent("a loop variable name");
        if (this.kind == Tok.Comma) {
          // `for i, x in xs` (Go, Python's enumerate): one error, then the
          // loop is read with its first name so the body raises nothing more.
          const comma = this.tok.start;
          while (this.kind != Tok.In && this.kind != Tok.LBrace && this.kind != Tok.EOF) this.advance();
          this.errorAt("E0119", comma, this.prevEnd, "a loop has one pattern: 'for (a, b) in pairs' for tuples, 'for i in 0..len(xs)' with 'xs[i]' for indexes");
        }
        this.expect(Tok.In, "'in'");
        const saved = this.noStruct;
        this.noStruct = true;
        f.iter = this.parseRangeOrExpr();
        this.noStruct = saved;
        f.body = this.parseBlock();
        f.end = this.prevEnd;
        if (pattern !== null) {
          const id = new IdentExpr(EK.Ident, f.varStart, f.varStart);
          id.name = f.varName;
          const lets = bindingStmts(pattern!, false, id, null, f.varStart, f.varStart);
          for (let i = lets.length - 1; i >= 0; i--) f.body.stmts.unshift(lets[i]);
        }
        return f;
      }
      case Tok.Return: case Tok.Break: {
        this.advance();
        const r = new UnaryLikeExpr(t.kind == Tok.Return ? EK.Return : EK.Break, start, t.end);
        const k = this.kind;
        if (!this.tok.nlBefore && k != Tok.RBrace && k != Tok.Semi && k != Tok.Comma && k != Tok.RParen && k != Tok.EOF) {
          r.value = this.parseExpr();
          r.end = this.prevEnd;
        }
        return r;
      }
      case Tok.Continue: {
        this.advance();
        return new Expr(EK.Continue, start, t.end);
      }
      case Tok.Pipe: case Tok.OrOr: return this.parseClosure();
    }
    const before = this.pos > 0 ? this.tokens[this.pos - 1] : null;
    if ((t.kind == Tok.Plus || t.kind == Tok.Minus) && before !== null && before.kind == t.kind && before.end == t.start) {
      // `x++`: the first `+` was taken as a binary operator.
      const op = t.kind == Tok.Plus ? "+" : "-";
      this.errorAt("E0112", before.start, t.end, "Pith has no '" + op + op + "': write 'x " + op + "= 1'");
    } else this.errorHere("E0100", "expected an expression, found " + this.describe(t));
    const e = this.errorExpr();
    // Do not swallow tokens that close or separate something: recovery needs them.
    const k = t.kind;
    if (k != Tok.RBrace && k != Tok.RParen && k != Tok.RBracket && k != Tok.EOF && k != Tok.Comma && k != Tok.Semi) this.advance();
    return e;
  }

  looksLikeStructLit(): bool {
    const a = this.peekKind(1);
    if (a == Tok.RBrace) return true;
    if (a != Tok.Ident) return false;
    const b = this.peekKind(2);
    return b == Tok.Colon || b == Tok.Comma || b == Tok.RBrace;
  }

  parseStructLit(name: string, start: i32): Expr {
    this.advance();
    const s = new StructLitExpr(EK.StructLit, start, start);
    s.name = name;
    const savedDepth = this.parenDepth;
    this.parenDepth = 1;
    while (this.kind == Tok.Ident) {
      const fieldTok = this.advance();
      s.fieldNames.push(fieldTok.text);
      s.fieldStarts.push(fieldTok.start);
      if (this.eat(Tok.Colon)) {
        s.values.push(this.parseExpr());
      } else {
        // Shorthand `Point { x, y }` takes the variables of the same name.
        const id = new IdentExpr(EK.Ident, fieldTok.start, fieldTok.end);
        id.name = fieldTok.text;
        s.values.push(id);
      }
      if (!this.eat(Tok.Comma)) break;
    }
    this.parenDepth = savedDepth;
    this.expect(Tok.RBrace, "'}' to close the struct literal");
    s.end = this.prevEnd;
    return s;
  }

  parseParenOrTuple(): Expr {
    const start = this.advance().start;
    this.parenDepth++;
    const savedNoStruct = this.noStruct;
    this.noStruct = false;
    let result: Expr;
    if (this.kind == Tok.RParen) {
      result = new ListExpr(EK.TupleLit, start, start);
    } else {
      const first = this.parseExpr();
      if (this.kind == Tok.Comma) {
        const tup = new ListExpr(EK.TupleLit, start, start);
        tup.elems.push(first);
        while (this.eat(Tok.Comma)) {
          if (this.kind == Tok.RParen) break;
          tup.elems.push(this.parseExpr());
        }
        result = tup;
      } else result = first;
    }
    this.noStruct = savedNoStruct;
    this.parenDepth--;
    this.expect(Tok.RParen, "')'");
    if (result.kind == EK.TupleLit) { result.start = start; result.end = this.prevEnd; }
    return result;
  }

  parseInterp(): Expr {
    const start = this.tok.start;
    const e = new InterpExpr(EK.Interp, start, start);
    e.parts.push(this.advance().text);
    const savedDepth = this.parenDepth;
    this.parenDepth = 1;
    while (true) {
      if (this.kind == Tok.StrMid || this.kind == Tok.StrEnd) {
        // `"{}"`, as a format string elsewhere: nothing to interpolate.
        this.errorAt("E0121", this.prevEnd - 1, this.tok.start + 1,
          "an interpolation needs an expression between '{' and '}' ('{x}'); write '\\{' for a literal '{'");
        e.exprs.push(this.errorExpr());
      } else e.exprs.push(this.parseExpr());
      if (this.kind == Tok.StrMid) {
        e.parts.push(this.advance().text);
        continue;
      }
      if (this.kind == Tok.StrEnd) {
        e.parts.push(this.advance().text);
        break;
      }
      this.errorHere("E0100", "expected '}' to close the interpolation (a literal brace in a string is written '\\{')");
      // Skip to the end of the string so later code still parses, but not
      // past the line: the string's end may have been taken already.
      while (this.kind != Tok.StrEnd && this.kind != Tok.EOF && !this.tok.nlBefore) this.advance();
      if (this.kind == Tok.StrEnd) this.advance();
      e.parts.push("");
      break;
    }
    this.parenDepth = savedDepth;
    e.end = this.prevEnd;
    return e;
  }

  // Blocks, branches, closures and statements: block_parser.ts.
  parseIf(): Expr { return this.errorExpr(); }
  parseMatch(): Expr { return this.errorExpr(); }
  parseClosure(): Expr { return this.errorExpr(); }
  parseBlock(): BlockExpr { return new BlockExpr(EK.Block, this.tok.start, this.tok.start); }
}

/** A token that can begin an operand: `not` before one is Python's `!`. */
function startsOperand(k: Tok): bool {
  return k == Tok.Ident || k == Tok.Int || k == Tok.Float || k == Tok.True || k == Tok.False || k == Tok.LParen ||
    k == Tok.Str || k == Tok.StrStart || k == Tok.SelfKw || k == Tok.Bang;
}
