import { EK, LitExpr, Pattern, PK } from "./ast";
import { advance, describe, eat, errorAt, errorHere, expect, markRole, peekKind, ROLE_BINARY, skipTo, tooDeep } from "./cursor";
import { ParserState } from "./parser_state";
import { Tok } from "./token";

// Match patterns: `_`, a name, a variant with its payload's patterns, a
// tuple, a literal, a literal range, and `|` between alternatives.

export function parsePattern(p: ParserState): Pattern {
  const first = parsePatternOne(p);
  if (p.kind != Tok.Pipe) return first;
  const or = new Pattern(PK.Or, first.start, first.end);
  or.subs.push(first);
  while (p.kind == Tok.Pipe) {
    markRole(p, advance(p), ROLE_BINARY);
    or.subs.push(parsePatternOne(p));
  }
  or.end = p.prevEnd;
  return or;
}

function parsePatternOne(p: ParserState): Pattern {
  const start = p.tok.start;
  p.depth++;
  if (tooDeep(p)) {
    p.depth--;
    advance(p);
    return new Pattern(PK.Wild, start, p.prevEnd);
  }
  let pat: Pattern;
  const k = p.kind;
  if (k == Tok.Underscore) {
    advance(p);
    pat = new Pattern(PK.Wild, start, p.prevEnd);
  } else if (k == Tok.Dot && peekKind(p, 1) == Tok.Ident && p.tokens[p.pos + 1].start == p.tok.end) {
    // Swift's `.red` (the enum's name left out): one error a file, and the
    // arm read as matching anything, with its payload's parentheses passed
    // over, so the rest of the match reports nothing more.
    advance(p);
    const variant = advance(p).text;
    if (!p.swiftCaseReported) {
      errorAt(p, "E0158", start, p.prevEnd, "a variant is written with its enum's name: 'Color." + variant + "', not '." + variant + "'");
    }
    p.swiftCaseReported = true;
    if (p.kind == Tok.LParen) {
      advance(p);
      skipTo(p, Tok.RParen);
      eat(p, Tok.RParen);
    }
    pat = new Pattern(PK.Wild, start, p.prevEnd);
  } else if (k == Tok.Ident) {
    let name = advance(p).text;
    while ((p.kind == Tok.Dot || p.kind == Tok.ColonColon) && peekKind(p, 1) == Tok.Ident) {
      advance(p);
      name += "." + advance(p).text;
    }
    if (p.kind == Tok.LParen) {
      pat = new Pattern(PK.Variant, start, start);
      pat.hasParens = true;
      advance(p);
      while (p.kind != Tok.RParen && p.kind != Tok.EOF) {
        pat.subs.push(parsePattern(p));
        if (!eat(p, Tok.Comma)) break;
      }
      expect(p, Tok.RParen, "')' to close the pattern");
    } else if (name.includes(".")) {
      pat = new Pattern(PK.Variant, start, start);
    } else {
      pat = new Pattern(PK.Bind, start, start);
    }
    pat.name = name;
  } else if (k == Tok.LParen) {
    advance(p);
    pat = new Pattern(PK.Tuple, start, start);
    while (p.kind != Tok.RParen && p.kind != Tok.EOF) {
      pat.subs.push(parsePattern(p));
      if (!eat(p, Tok.Comma)) break;
    }
    expect(p, Tok.RParen, "')' to close the tuple pattern");
  } else {
    const lit = parsePatternLiteral(p);
    if (lit === null) {
      errorHere(p, "E0100", "expected a pattern, found " + describe(p, p.tok));
      if (p.kind != Tok.FatArrow && p.kind != Tok.RBrace) advance(p);
      pat = new Pattern(PK.Wild, start, p.prevEnd);
    } else if (p.kind == Tok.DotDot || p.kind == Tok.DotDotEq) {
      const inclusive = advance(p).kind == Tok.DotDotEq;
      pat = new Pattern(PK.Range, start, start);
      pat.lit = lit;
      pat.hasParens = inclusive;  // reused: inclusive upper bound
      const hi = parsePatternLiteral(p);
      if (hi === null) errorHere(p, "E0100", "expected the end of the range pattern");
      pat.hi = hi;
    } else {
      pat = new Pattern(PK.Lit, start, start);
      pat.lit = lit;
    }
  }
  p.depth--;
  pat.end = p.prevEnd;
  return pat;
}

function parsePatternLiteral(p: ParserState): LitExpr | null {
  const start = p.tok.start;
  let negative = false;
  if (p.kind == Tok.Minus && (peekKind(p, 1) == Tok.Int || peekKind(p, 1) == Tok.Float)) {
    negative = true;
    advance(p);
  }
  const t = p.tok;
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
  advance(p);
  return lit;
}
