import { TK, TypeExpr } from "./ast";
import { advance, describe, eat, errorHere, expect, peekKind, tooDeep } from "./cursor";
import { ParserState } from "./parser_state";
import { Tok } from "./token";

// Types as written in annotations and type arguments: `i64`, `[T]`,
// `(A, B)`, `fn(A) -> B`, `Name<T, U>`, each optionally followed by `?`.

/** At `<` after a name: whether type arguments and a `(` follow (`make<i64>()`, `pair<[i64], str?>(x)`). */
export function looksLikeTypeArgs(p: ParserState): bool {
  let depth = 0;
  // Brackets and parentheses inside type arguments are balanced: a `)` that
  // closes one opened before the `<` means this is a comparison (`f((a < b)) > c`).
  let nest = 0;
  for (let i = p.pos; i < p.tokens.length; i++) {
    const k = p.tokens[i].kind;
    if (k == Tok.Lt) depth++;
    else if (k == Tok.Gt) {
      depth--;
      if (depth == 0) return nest == 0 && i + 1 < p.tokens.length && p.tokens[i + 1].kind == Tok.LParen;
    } else if (k == Tok.LBracket || k == Tok.LParen) nest++;
    else if (k == Tok.RBracket || k == Tok.RParen) {
      nest--;
      if (nest < 0) return false;
    } else if (!(k == Tok.Ident || k == Tok.Comma || k == Tok.Question || k == Tok.Fn || k == Tok.Arrow)) return false;
  }
  return false;
}

export function parseType(p: ParserState): TypeExpr {
  const start = p.tok.start;
  let t: TypeExpr;
  p.depth++;
  if (tooDeep(p)) {
    p.depth--;
    advance(p);
    return new TypeExpr(TK.Named, start, p.prevEnd);
  }
  if (p.kind == Tok.Amp || p.kind == Tok.AndAnd) {
    // `&str`, `&mut [i64]` from Rust: one error, then the type itself, so
    // the declaration around it (a parameter list, a body) parses on.
    const mutable = peekKind(p, 1) == Tok.Ident && p.tokens[p.pos + 1].text == "mut";
    errorHere(p, "E0113", "Pith has no references: values are copied; " + (mutable
      ? "a function cannot change its caller's variable through '&mut': return the new value ('-> T') and assign it"
      : "write the type without '&' ('str' for '&str')"));
    advance(p);
    if (mutable) {
      advance(p);
      p.mutRefReported = true;
    }
    const inner = parseType(p);
    p.depth--;
    return inner;
  }
  if (eat(p, Tok.LBracket)) {
    t = new TypeExpr(TK.Array, start, start);
    t.args.push(parseType(p));
    expect(p, Tok.RBracket, "']' to close the array type");
  } else if (eat(p, Tok.LParen)) {
    t = new TypeExpr(TK.Tuple, start, start);
    let comma = false;
    while (p.kind != Tok.RParen && p.kind != Tok.EOF) {
      t.args.push(parseType(p));
      if (!eat(p, Tok.Comma)) break;
      comma = true;
    }
    expect(p, Tok.RParen, "')' to close the tuple type");
    // `(T)` only groups: `(fn() -> i64)?` is an optional function.
    if (t.args.length == 1 && !comma) t = t.args[0];
  } else if (eat(p, Tok.Fn)) {
    t = new TypeExpr(TK.Func, start, start);
    expect(p, Tok.LParen, "'(' after fn");
    while (p.kind != Tok.RParen && p.kind != Tok.EOF) {
      t.args.push(parseType(p));
      if (!eat(p, Tok.Comma)) break;
    }
    expect(p, Tok.RParen, "')'");
    if (eat(p, Tok.Arrow)) t.ret = parseType(p);
  } else if (p.kind == Tok.Ident || p.kind == Tok.SelfKw) {
    t = new TypeExpr(TK.Named, start, start);
    t.name = advance(p).text;
    if (t.name == "self") t.name = "Self";
    if (p.kind == Tok.Lt) {
      advance(p);
      while (p.kind != Tok.Gt && p.kind != Tok.EOF) {
        t.args.push(parseType(p));
        if (!eat(p, Tok.Comma)) break;
      }
      expect(p, Tok.Gt, "'>' to close the type arguments");
    }
  } else {
    errorHere(p, "E0100", "expected a type, found " + describe(p, p.tok));
    t = new TypeExpr(TK.Named, start, start);
    t.name = "?";
  }
  while (p.kind == Tok.Question && !p.tok.nlBefore) {
    advance(p);
    const inner = t;
    t = new TypeExpr(TK.Optional, start, start);
    t.args.push(inner);
  }
  p.depth--;
  t.end = p.prevEnd;
  return t;
}
