// `pith fmt`: the canonical layout of a file that parses. It works on the
// token stream, so it can only change the whitespace between tokens, never
// the tokens themselves: every comment is kept (copied verbatim), line
// breaks stay where they are (they end statements), indentation becomes
// four spaces per open bracket, runs of blank lines become one, and the
// spacing between two tokens on a line follows fixed rules. Where a token's
// role is ambiguous without types (`<` of a comparison or of type
// arguments, `|` of a closure or of bitwise or), whether there was a space
// is kept. Formatting its own output changes nothing.
import { Diagnostics } from "../diagnostics";
import { Source } from "../source";
import { Lexer } from "./lexer";
import { parse } from "./parser";
import { Tok, Token } from "./token";

function isOpen(k: Tok): bool {
  return k == Tok.LParen || k == Tok.LBracket || k == Tok.LBrace;
}
function isClose(k: Tok): bool {
  return k == Tok.RParen || k == Tok.RBracket || k == Tok.RBrace;
}

/** A token after which `-` is a negation and `(`/`[` start a group, not a call or index. */
function expectsOperand(k: Tok): bool {
  if (k == Tok.Ident || k == Tok.Int || k == Tok.Float || k == Tok.Str || k == Tok.StrEnd) return false;
  if (k == Tok.RParen || k == Tok.RBracket || k == Tok.RBrace || k == Tok.Question) return false;
  if (k == Tok.True || k == Tok.False || k == Tok.SelfKw || k == Tok.Underscore) return false;
  return true;
}

/** Operators written with a space on each side. */
function isSpacedOp(k: Tok): bool {
  if (k >= Tok.PlusEq && k <= Tok.ShrEq) return true;
  switch (k) {
    case Tok.Plus: case Tok.Minus: case Tok.Star: case Tok.Slash: case Tok.Percent: case Tok.Amp: case Tok.Caret:
    case Tok.Shl: case Tok.AndAnd: case Tok.Eq: case Tok.EqEq: case Tok.NotEq: case Tok.Le: case Tok.Ge:
    case Tok.Arrow: case Tok.FatArrow: case Tok.As: case Tok.In:
      return true;
  }
  return false;
}

/** A line ending in a binary operator continues on the next, one level deeper. */
function continues(k: Tok): bool {
  return (isSpacedOp(k) && k != Tok.As && k != Tok.In) || isAmbiguous(k) || k == Tok.Dot;
}

/** Tokens whose spacing cannot be decided without the grammar: the source's choice stays. */
function isAmbiguous(k: Tok): bool {
  return k == Tok.Lt || k == Tok.Gt || k == Tok.Shr || k == Tok.Pipe || k == Tok.OrOr;
}

export class Formatter {
  out: string[] = [];
  // For each open bracket, the indentation of the line it was opened on:
  // its contents are one level deeper, its closing bracket at that level,
  // however many brackets one line opens.
  opens: i32[] = [];
  lineLevel: i32 = 0;
  // After a unary operator: the next token attaches to it.
  unary: bool = false;

  constructor(public src: Source, public tokens: Token[]) {}

  /** The indentation of a line inside the innermost open bracket. */
  inner(): i32 {
    return this.opens.length > 0 ? this.opens[this.opens.length - 1] + 1 : 0;
  }

  text(t: Token): string {
    return this.src.text(t.start, t.end);
  }

  indent(level: i32): void {
    for (let i = 0; i < level; i++) this.out.push("    ");
  }

  /** Whether a space separates `a` and `b` on one line; `had` says whether the source had one. */
  space(a: Token, b: Token, had: bool): bool {
    const ak = a.kind;
    const bk = b.kind;
    if (ak == Tok.StrStart || ak == Tok.StrMid || bk == Tok.StrMid || bk == Tok.StrEnd) return false;
    if (ak == Tok.LBrace) return bk != Tok.RBrace;
    if (bk == Tok.RBrace) return true;
    if (ak == Tok.LParen || ak == Tok.LBracket || ak == Tok.Dot || ak == Tok.ColonColon) return false;
    if (bk == Tok.RParen || bk == Tok.RBracket || bk == Tok.Comma || bk == Tok.Dot || bk == Tok.Semi) return false;
    if (bk == Tok.Colon || bk == Tok.ColonColon || bk == Tok.Question) return false;
    if (ak == Tok.DotDot || ak == Tok.DotDotEq || bk == Tok.DotDot || bk == Tok.DotDotEq) return false;
    if (isAmbiguous(ak) || isAmbiguous(bk)) return had;
    if (this.unary) return false;
    if (bk == Tok.LBrace) return true;
    if (ak == Tok.Comma || ak == Tok.Colon || ak == Tok.Semi) return true;
    if (bk == Tok.LParen) return !(ak == Tok.Ident || ak == Tok.RParen || ak == Tok.RBracket || ak == Tok.Fn || ak == Tok.SelfKw || ak == Tok.Question);
    if (bk == Tok.LBracket) return expectsOperand(ak) && ak != Tok.LParen;
    return true;
  }

  /** Copies the comments and line breaks between two tokens; returns whether the next token starts a line. */
  gap(from: i32, to: i32, first: bool, commentLevel: i32, tokenLevel: i32): bool {
    const b = this.src.bytes;
    let newlines = first ? 1 : 0;
    let i = from;
    let wrote = false;
    let atLineStart = first;
    while (i < to) {
      const c = b[i];
      if (c == 10) { newlines++; i++; continue; }
      if (c == 47 && i + 1 < to && (b[i + 1] == 47 || b[i + 1] == 42)) {
        let j = i + 2;
        if (b[i + 1] == 47) {
          while (j < to && b[j] != 10) j++;
        } else {
          let nest = 1;
          while (j < to && nest > 0) {
            if (b[j] == 42 && j + 1 < to && b[j + 1] == 47) { nest--; j += 2; } else if (b[j] == 47 && j + 1 < to && b[j + 1] == 42) { nest++; j += 2; } else j++;
          }
        }
        let end = j;
        while (end > i && (b[end - 1] == 32 || b[end - 1] == 9 || b[end - 1] == 13)) end--;
        if (newlines == 0 && !atLineStart) this.out.push(" ");
        else this.lineBreak(newlines, first && !wrote, commentLevel);
        this.out.push(this.src.text(i, end));
        wrote = true;
        atLineStart = false;
        newlines = 0;
        i = j;
        continue;
      }
      i++;
    }
    if (newlines > 0 || atLineStart) {
      this.lineBreak(newlines, first && !wrote, tokenLevel);
      return true;
    }
    if (wrote) this.out.push(" ");
    return false;
  }

  /** Ends the current line (at most one blank line follows) and indents the next. */
  lineBreak(newlines: i32, fileStart: bool, level: i32): void {
    if (!fileStart) {
      this.out.push("\n");
      if (newlines > 1) this.out.push("\n");
    }
    this.indent(level);
  }

  run(): string {
    const toks = this.tokens;
    let prev: Token | null = null;
    for (let n = 0; n < toks.length; n++) {
      const t = toks[n];
      const from = prev === null ? 0 : prev!.end;
      if (t.kind == Tok.EOF) {
        this.gap(from, t.start, prev === null, this.inner(), this.inner());
        break;
      }
      let level = this.inner();
      if (isClose(t.kind)) level = this.opens.length > 0 ? this.opens[this.opens.length - 1] : 0;
      else if (prev !== null && (continues(prev!.kind) || t.kind == Tok.Dot)) level++;
      const before = this.out.length;
      const startsLine = this.gap(from, t.start, prev === null, this.inner(), level);
      if (startsLine) this.lineLevel = level;
      if (!startsLine && prev !== null && this.out.length == before) {
        const had = t.start > prev!.end;
        if (this.space(prev!, t, had)) this.out.push(" ");
      }
      this.out.push(this.text(t));
      if (isOpen(t.kind) || t.kind == Tok.StrStart) this.opens.push(this.lineLevel);
      // After a closing bracket the line goes on at the level of the line that opened it.
      else if ((isClose(t.kind) || t.kind == Tok.StrEnd) && this.opens.length > 0) this.lineLevel = this.opens.pop();
      this.unary = (t.kind == Tok.Minus && (startsLine || prev === null || expectsOperand(prev!.kind))) || t.kind == Tok.Bang || t.kind == Tok.Tilde;
      prev = t;
    }
    const s = this.out.join("");
    // One newline at the end, no trailing spaces.
    let end = s.length;
    while (end > 0 && (s.charCodeAt(end - 1) == 10 || s.charCodeAt(end - 1) == 32)) end--;
    return end == 0 ? "" : stripTrailingSpaces(s.substring(0, end)) + "\n";
  }
}

function stripTrailingSpaces(s: string): string {
  const lines = s.split("\n");
  for (let i = 0; i < lines.length; i++) {
    let e = lines[i].length;
    while (e > 0 && lines[i].charCodeAt(e - 1) == 32) e--;
    if (e < lines[i].length) lines[i] = lines[i].substring(0, e);
  }
  return lines.join("\n");
}

/** The formatted text, or null after reporting why the file cannot be formatted (it does not parse). */
export function formatSource(src: Source, diags: Diagnostics): string | null {
  parse(src, diags);
  if (diags.errorCount > 0) return null;
  const tokens = new Lexer(src, new Diagnostics()).run();
  return new Formatter(src, tokens).run();
}
