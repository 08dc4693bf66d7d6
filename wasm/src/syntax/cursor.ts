import { ParserState } from "./parser_state";
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

// The parser's token cursor: moving over tokens, error reporting and the
// recovery every part of the grammar shares.

export function peekKind(p: ParserState, n: i32): Tok {
  const i = p.pos + n;
  return i < p.tokens.length ? p.tokens[i].kind : Tok.EOF;
}

export function advance(p: ParserState): Token {
  const t = p.tokens[p.pos];
  if (t.kind != Tok.EOF) p.pos++;
  return t;
}

export function markRole(p: ParserState, t: Token, role: i32): void {
  if (p.roles !== null) p.roles!.set(t.start, role);
}

export function eat(p: ParserState, kind: Tok): bool {
  if (p.kind == kind) { advance(p); return true; }
  return false;
}

export function errorAt(p: ParserState, code: string, start: i32, end: i32, message: string): void {
  // Recovery can stall on one token; report each position once.
  if (start == p.lastErrorPos) return;
  p.lastErrorPos = start;
  p.diags.error(code, p.source, start, end, message);
}

export function errorHere(p: ParserState, code: string, message: string): void {
  errorAt(p, code, p.tok.start, p.tok.end, message);
}

/** The token as a message names it: `'x'`, `keyword 'fn'`, `end of file`. */
export function describe(p: ParserState, t: Token): string {
  if (t.kind == Tok.Ident) return "'" + t.text + "'";
  if (t.kind == Tok.EOF) return "end of file";
  if (t.kind >= Tok.Fn && t.kind <= Tok.Pub) return "keyword '" + t.text + "'";
  if (t.end > t.start && t.end - t.start < 20) return "'" + p.source.text(t.start, t.end) + "'";
  return tokName(t.kind);
}

export function expect(p: ParserState, kind: Tok, what: string): bool {
  if (eat(p, kind)) return true;
  errorHere(p, "E0100", "expected " + what + ", found " + describe(p, p.tok));
  return false;
}

export function expectIdent(p: ParserState, what: string): string {
  if (p.kind == Tok.Ident) return advance(p).text;
  errorHere(p, "E0100", "expected " + what + ", found " + describe(p, p.tok));
  return "";
}

export function tooDeep(p: ParserState): bool {
  if (p.depth > 200) {
    errorHere(p, "E0102", "expression nested too deeply");
    return true;
  }
  return false;
}

/** Skips tokens up to (not past) `kind` at the current nesting, or EOF. */
export function skipTo(p: ParserState, kind: Tok): void {
  let nest = 0;
  while (p.kind != Tok.EOF) {
    const k = p.kind;
    if (nest == 0 && k == kind) return;
    if (k == Tok.LBrace || k == Tok.LParen || k == Tok.LBracket) nest++;
    if (k == Tok.RBrace || k == Tok.RParen || k == Tok.RBracket) {
      if (nest == 0) return;
      nest--;
    }
    advance(p);
  }
}

/** The column (0-based, in bytes) of a source offset: how far its line is indented there. */
export function columnOf(p: ParserState, offset: i32): i32 {
  let i = offset;
  while (i > 0 && p.source.bytes[i - 1] != 10) i--;
  return offset - i;
}
