import { Diagnostics } from "../diagnostics";
import { Source } from "../source";
import { EK, LitExpr, Pattern, PK, TK, TypeExpr } from "./ast";
import { Tok, tokName, Token } from "./token";

// What the grammar made of a `<`, `>`, `|` or `||` token, for the formatter
// (which spaces it by role): a binary operator (or-pattern bar included), the
// second `>` of `>>` / `>>=`, a closure's opening or closing bar, or `||` as a
// closure without parameters. Unrecorded ones are type brackets.
export const ROLE_BINARY: i32 = 1;
export const ROLE_JOINED: i32 = 2;
export const ROLE_OPEN: i32 = 3;
export const ROLE_CLOSE: i32 = 4;
export const ROLE_EMPTY: i32 = 5;

/**
 * The parser's token cursor, error reporting and recovery, plus the two
 * small sub-grammars every other part uses: types and match patterns.
 */
export class Cursor {
  pos: i32 = 0;
  // Inside (...) or [...] newlines do not end anything.
  parenDepth: i32 = 0;
  // Guards against runaway recursion on hostile input (deeply nested brackets).
  depth: i32 = 0;
  lastErrorPos: i32 = -1;
  // Set by the formatter: token start offset -> ROLE_*.
  roles: Map<i32, i32> | null = null;

  constructor(public tokens: Token[], public source: Source, public diags: Diagnostics) {}

  get tok(): Token { return this.tokens[this.pos]; }
  get kind(): Tok { return this.tokens[this.pos].kind; }
  peekKind(n: i32): Tok {
    const i = this.pos + n;
    return i < this.tokens.length ? this.tokens[i].kind : Tok.EOF;
  }
  get prevEnd(): i32 { return this.pos > 0 ? this.tokens[this.pos - 1].end : 0; }

  advance(): Token {
    const t = this.tokens[this.pos];
    if (t.kind != Tok.EOF) this.pos++;
    return t;
  }

  markRole(t: Token, role: i32): void {
    if (this.roles !== null) this.roles!.set(t.start, role);
  }

  eat(kind: Tok): bool {
    if (this.kind == kind) { this.advance(); return true; }
    return false;
  }

  errorAt(code: string, start: i32, end: i32, message: string): void {
    // Recovery can stall on one token; report each position once.
    if (start == this.lastErrorPos) return;
    this.lastErrorPos = start;
    this.diags.error(code, this.source, start, end, message);
  }

  errorHere(code: string, message: string): void {
    this.errorAt(code, this.tok.start, this.tok.end, message);
  }

  describe(t: Token): string {
    if (t.kind == Tok.Ident) return "'" + t.text + "'";
    if (t.kind == Tok.EOF) return "end of file";
    if (t.kind >= Tok.Fn && t.kind <= Tok.Pub) return "keyword '" + t.text + "'";
    if (t.end > t.start && t.end - t.start < 20) return "'" + this.source.text(t.start, t.end) + "'";
    return tokName(t.kind);
  }

  expect(kind: Tok, what: string): bool {
    if (this.eat(kind)) return true;
    this.errorHere("E0100", "expected " + what + ", found " + this.describe(this.tok));
    return false;
  }

  expectIdent(what: string): string {
    if (this.kind == Tok.Ident) return this.advance().text;
    this.errorHere("E0100", "expected " + what + ", found " + this.describe(this.tok));
    return "";
  }

  tooDeep(): bool {
    if (this.depth > 200) {
      this.errorHere("E0102", "expression nested too deeply");
      return true;
    }
    return false;
  }

  // ---------- types ----------
  /** At `<` after a name: whether type arguments and a `(` follow (`make<i64>()`, `pair<[i64], str?>(x)`). */
  looksLikeTypeArgs(): bool {
    let depth = 0;
    // Brackets and parentheses inside type arguments are balanced: a `)` that
    // closes one opened before the `<` means this is a comparison (`f((a < b)) > c`).
    let nest = 0;
    for (let i = this.pos; i < this.tokens.length; i++) {
      const k = this.tokens[i].kind;
      if (k == Tok.Lt) depth++;
      else if (k == Tok.Gt) {
        depth--;
        if (depth == 0) return nest == 0 && i + 1 < this.tokens.length && this.tokens[i + 1].kind == Tok.LParen;
      } else if (k == Tok.LBracket || k == Tok.LParen) nest++;
      else if (k == Tok.RBracket || k == Tok.RParen) {
        nest--;
        if (nest < 0) return false;
      } else if (!(k == Tok.Ident || k == Tok.Comma || k == Tok.Question || k == Tok.Fn || k == Tok.Arrow)) return false;
    }
    return false;
  }

  parseType(): TypeExpr {
    const start = this.tok.start;
    let t: TypeExpr;
    this.depth++;
    if (this.tooDeep()) {
      this.depth--;
      this.advance();
      return new TypeExpr(TK.Named, start, this.prevEnd);
    }
    if (this.eat(Tok.LBracket)) {
      t = new TypeExpr(TK.Array, start, start);
      t.args.push(this.parseType());
      this.expect(Tok.RBracket, "']' to close the array type");
    } else if (this.eat(Tok.LParen)) {
      t = new TypeExpr(TK.Tuple, start, start);
      let comma = false;
      while (this.kind != Tok.RParen && this.kind != Tok.EOF) {
        t.args.push(this.parseType());
        if (!this.eat(Tok.Comma)) break;
        comma = true;
      }
      this.expect(Tok.RParen, "')' to close the tuple type");
      // `(T)` only groups: `(fn() -> i64)?` is an optional function.
      if (t.args.length == 1 && !comma) t = t.args[0];
    } else if (this.eat(Tok.Fn)) {
      t = new TypeExpr(TK.Func, start, start);
      this.expect(Tok.LParen, "'(' after fn");
      while (this.kind != Tok.RParen && this.kind != Tok.EOF) {
        t.args.push(this.parseType());
        if (!this.eat(Tok.Comma)) break;
      }
      this.expect(Tok.RParen, "')'");
      if (this.eat(Tok.Arrow)) t.ret = this.parseType();
    } else if (this.kind == Tok.Ident || this.kind == Tok.SelfKw) {
      t = new TypeExpr(TK.Named, start, start);
      t.name = this.advance().text;
      if (t.name == "self") t.name = "Self";
      if (this.kind == Tok.Lt) {
        this.advance();
        while (this.kind != Tok.Gt && this.kind != Tok.EOF) {
          t.args.push(this.parseType());
          if (!this.eat(Tok.Comma)) break;
        }
        this.expect(Tok.Gt, "'>' to close the type arguments");
      }
    } else {
      this.errorHere("E0100", "expected a type, found " + this.describe(this.tok));
      t = new TypeExpr(TK.Named, start, start);
      t.name = "?";
    }
    while (this.kind == Tok.Question && !this.tok.nlBefore) {
      this.advance();
      const inner = t;
      t = new TypeExpr(TK.Optional, start, start);
      t.args.push(inner);
    }
    this.depth--;
    t.end = this.prevEnd;
    return t;
  }

  // ---------- patterns ----------
  parsePattern(): Pattern {
    const first = this.parsePatternOne();
    if (this.kind != Tok.Pipe) return first;
    const or = new Pattern(PK.Or, first.start, first.end);
    or.subs.push(first);
    while (this.kind == Tok.Pipe) {
      this.markRole(this.advance(), ROLE_BINARY);
      or.subs.push(this.parsePatternOne());
    }
    or.end = this.prevEnd;
    return or;
  }

  parsePatternOne(): Pattern {
    const start = this.tok.start;
    this.depth++;
    if (this.tooDeep()) {
      this.depth--;
      this.advance();
      return new Pattern(PK.Wild, start, this.prevEnd);
    }
    let p: Pattern;
    const k = this.kind;
    if (k == Tok.Underscore) {
      this.advance();
      p = new Pattern(PK.Wild, start, this.prevEnd);
    } else if (k == Tok.Ident) {
      let name = this.advance().text;
      while ((this.kind == Tok.Dot || this.kind == Tok.ColonColon) && this.peekKind(1) == Tok.Ident) {
        this.advance();
        name += "." + this.advance().text;
      }
      if (this.kind == Tok.LParen) {
        p = new Pattern(PK.Variant, start, start);
        p.hasParens = true;
        this.advance();
        while (this.kind != Tok.RParen && this.kind != Tok.EOF) {
          p.subs.push(this.parsePattern());
          if (!this.eat(Tok.Comma)) break;
        }
        this.expect(Tok.RParen, "')' to close the pattern");
      } else if (name.includes(".")) {
        p = new Pattern(PK.Variant, start, start);
      } else {
        p = new Pattern(PK.Bind, start, start);
      }
      p.name = name;
    } else if (k == Tok.LParen) {
      this.advance();
      p = new Pattern(PK.Tuple, start, start);
      while (this.kind != Tok.RParen && this.kind != Tok.EOF) {
        p.subs.push(this.parsePattern());
        if (!this.eat(Tok.Comma)) break;
      }
      this.expect(Tok.RParen, "')' to close the tuple pattern");
    } else {
      const lit = this.parsePatternLiteral();
      if (lit === null) {
        this.errorHere("E0100", "expected a pattern, found " + this.describe(this.tok));
        if (this.kind != Tok.FatArrow && this.kind != Tok.RBrace) this.advance();
        p = new Pattern(PK.Wild, start, this.prevEnd);
      } else if (this.kind == Tok.DotDot || this.kind == Tok.DotDotEq) {
        const inclusive = this.advance().kind == Tok.DotDotEq;
        p = new Pattern(PK.Range, start, start);
        p.lit = lit;
        p.hasParens = inclusive;  // reused: inclusive upper bound
        const hi = this.parsePatternLiteral();
        if (hi === null) this.errorHere("E0100", "expected the end of the range pattern");
        p.hi = hi;
      } else {
        p = new Pattern(PK.Lit, start, start);
        p.lit = lit;
      }
    }
    this.depth--;
    p.end = this.prevEnd;
    return p;
  }

  parsePatternLiteral(): LitExpr | null {
    const start = this.tok.start;
    let negative = false;
    if (this.kind == Tok.Minus && (this.peekKind(1) == Tok.Int || this.peekKind(1) == Tok.Float)) {
      negative = true;
      this.advance();
    }
    const t = this.tok;
    let lit: LitExpr;
    if (t.kind == Tok.Int) {
      lit = new LitExpr(EK.Int, start, t.end);
      lit.text = (negative ? "-" : "") + t.text;
    } else if (t.kind == Tok.Float) {
      lit = new LitExpr(EK.Float, start, t.end);
      lit.text = (negative ? "-" : "") + t.text;
    } else if (t.kind == Tok.Str && !negative) {
      lit = new LitExpr(EK.Str, start, t.end);
      lit.text = t.text;
    } else if ((t.kind == Tok.True || t.kind == Tok.False) && !negative) {
      lit = new LitExpr(EK.Bool, start, t.end);
      lit.boolValue = t.kind == Tok.True;
    } else {
      return null;
    }
    this.advance();
    return lit;
  }
}
