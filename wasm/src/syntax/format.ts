// `pith fmt`: the canonical layout of a file whose tokens lex and whose
// brackets match. It works on the token stream, so it changes only the
// space between tokens (and drops a `;` that separates nothing): every
// comment is kept verbatim, line breaks stay where they are (they end
// statements), and a `{ }` block that spans lines also gets one after its
// `{` and before its `}`, so its statements stand one to a line; indentation
// is four spaces per level (a bracket's contents one level deeper than the
// line that opened it, a line continuing after a binary operator one more),
// runs of blank lines become one, and the spacing between two tokens on a
// line follows fixed rules. Where a token's role depends on the grammar (`<`
// of a comparison or of type arguments, `|` of a closure or of bitwise or),
// the parser says which it is: operators get a space on each side, type
// brackets none (`Map<str, i64>`), closure bars hug their parameters
// (`|x| x * 2`). Only in a file that does not parse is the source's spacing
// around those tokens kept. Formatting its own output changes nothing.
import { Diagnostics } from "../diagnostics";
import { Source } from "../source";
import { ROLE_BINARY, ROLE_CLOSE, ROLE_EMPTY, ROLE_JOINED, ROLE_OPEN } from "./cursor";
import { Lexer } from "./lexer";
import { tokenRoles } from "./parser";
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

function isDigit(c: u8): bool {
  return c >= 48 && c <= 57;
}

/** An ASCII operator character: two of them side by side may lex as one token or start a comment. */
function isPunct(c: u8): bool {
  return c == 33 || c == 37 || c == 38 || c == 42 || c == 43 || c == 45 || c == 46 || c == 47 || c == 58 ||
    (c >= 60 && c <= 62) || c == 94 || c == 124;
}

/** Tokens whose spacing cannot be decided without the grammar: the source's choice stays. */
function isAmbiguous(k: Tok): bool {
  return k == Tok.Lt || k == Tok.Gt || k == Tok.Shr || k == Tok.Pipe || k == Tok.OrOr;
}

export class Formatter {
  // The output as UTF-8 bytes: tokens and comments are copied from the
  // source without decoding them.
  out: Uint8Array = new Uint8Array(1024);
  len: i32 = 0;
  // For each open bracket, the indentation of the line it was opened on:
  // its contents are one level deeper, its closing bracket at that level,
  // however many brackets one line opens.
  opens: i32[] = [];
  openKinds: Tok[] = [];
  lineLevel: i32 = 0;
  // After a unary operator: the next token attaches to it.
  unary: bool = false;

  // Per token: 1 on a `{` whose block spans lines and on its `}`. Such a
  // block gets a line break after the `{` and before the `}` wherever the
  // source has none (`fn main(){let a = 1` / `println(a)}`), so its
  // statements stand one to a line; a block on one line stays on one line.
  breaks: Uint8Array;

  constructor(public src: Source, public tokens: Token[], public roles: Map<i32, i32> | null) {
    this.breaks = new Uint8Array(tokens.length);
  }

  /** Marks the blocks that span lines, from each `{` and `}` pair's token indices. */
  markBlocks(pairs: i32[]): void {
    // nl[i]: how many of tokens 0..i-1 start on a new line.
    const nl = new Int32Array(this.tokens.length + 1);
    for (let i = 0; i < this.tokens.length; i++) nl[i + 1] = nl[i] + (this.tokens[i].nlBefore ? 1 : 0);
    for (let k = 0; k + 1 < pairs.length; k += 2) {
      const open = pairs[k];
      const close = pairs[k + 1];
      if (nl[close + 1] - nl[open + 1] > 0) {
        this.breaks[open] = 1;
        this.breaks[close] = 1;
      }
    }
  }

  // The role of an ambiguous token: ROLE_*, 0 for a type bracket, -1 unknown (no parse).
  roleOf(t: Token): i32 {
    if (this.roles === null) return -1;
    return this.roles!.has(t.start) ? this.roles!.get(t.start) : 0;
  }

  /**
   * The space between `a` and `b` when either is `<`, `>`, `|` or `||`:
   * 1 or 0, or -1 to let the general rules decide.
   */
  roleSpace(a: Token, b: Token, had: bool): i32 {
    const ra = isAmbiguous(a.kind) ? this.roleOf(a) : -2;
    const rb = isAmbiguous(b.kind) ? this.roleOf(b) : -2;
    if (ra == -1 || rb == -1) return had ? 1 : 0;
    if (this.roleOf(b) == ROLE_JOINED) return 0;  // the rest of `>>` or `>>=` stays attached
    if (rb == ROLE_CLOSE || rb == 0) return 0;
    if (rb == ROLE_BINARY || rb == ROLE_EMPTY || rb == ROLE_OPEN) return this.unary ? 0 : 1;
    // Only `a` is ambiguous from here on.
    if (ra == ROLE_OPEN) return 0;
    if (ra == 0) return a.kind == Tok.Lt || b.kind == Tok.LParen ? 0 : -1;
    return 1;
  }

  /**
   * Whether the `;` at token `n` separates nothing: at a line's end or a
   * block's (after any `;`s that follow it on its line, so `2;;` loses
   * both), not in `[x; n]`.
   */
  dropsSemi(n: i32): bool {
    const inBlock = this.openKinds.length == 0 || this.openKinds[this.openKinds.length - 1] == Tok.LBrace;
    if (!inBlock) return false;
    let k = n + 1;
    while (k < this.tokens.length && this.tokens[k].kind == Tok.Semi && !this.tokens[k].nlBefore) k++;
    if (k == this.tokens.length) return true;
    const next = this.tokens[k];
    return next.nlBefore || next.kind == Tok.RBrace || next.kind == Tok.EOF;
  }

  /**
   * Whether `a` and `b` written with nothing between them lex as other
   * tokens: `- ==` as `-=` `=`, `0.. =` as `0..=`, `/ /` as a comment.
   */
  glues(a: Token, b: Token): bool {
    const bytes = this.src.bytes;
    // `1 . 5` written `1.5` is a float: a number, a `.` and a digit lex as
    // one token across the pair, so the text before the `.` counts too.
    if (a.kind == Tok.Dot && this.len >= 2 && isDigit(this.out[this.len - 2]) && isDigit(bytes[b.start])) return true;
    if (!isPunct(bytes[a.end - 1]) || !isPunct(bytes[b.start])) return false;
    const la = a.end - a.start;
    const both = new Uint8Array(la + b.end - b.start);
    both.set(bytes.subarray(a.start, a.end));
    both.set(bytes.subarray(b.start, b.end), la);
    const src = new Source("", both);
    const toks = new Lexer(src, new Diagnostics()).run();
    return toks.length < 3 || toks[0].end != la || toks[1].start != la;
  }

  /** The indentation of a line inside the innermost open bracket. */
  inner(): i32 {
    return this.opens.length > 0 ? this.opens[this.opens.length - 1] + 1 : 0;
  }

  byte(b: i32): void {
    if (this.len == this.out.length) {
      const bigger = new Uint8Array(this.out.length * 2);
      bigger.set(this.out);
      this.out = bigger;
    }
    this.out[this.len++] = <u8>b;
  }

  copy(from: i32, to: i32): void {
    const b = this.src.bytes;
    for (let i = from; i < to; i++) this.byte(b[i]);
  }

  indent(level: i32): void {
    for (let i = 0; i < level * 4; i++) this.byte(32);
  }

  /** A line break, without the spaces that ended the line. */
  newline(): void {
    while (this.len > 0 && this.out[this.len - 1] == 32) this.len--;
    this.byte(10);
  }

  /** Whether a space separates `a` and `b` on one line; `had` says whether the source had one. */
  space(a: Token, b: Token, had: bool): bool {
    const ak = a.kind;
    const bk = b.kind;
    // A block first in an interpolation keeps a space before it, `"{ {...}}"`:
    // `{{` in a string is the brace escape of other languages (E0139).
    if ((ak == Tok.StrStart || ak == Tok.StrMid) && bk == Tok.LBrace) return true;
    if (ak == Tok.StrStart || ak == Tok.StrMid || bk == Tok.StrMid || bk == Tok.StrEnd) return false;
    if (ak == Tok.LBrace) return bk != Tok.RBrace;
    if (bk == Tok.RBrace) return true;
    if (ak == Tok.LParen || ak == Tok.LBracket || ak == Tok.Dot || ak == Tok.ColonColon) return false;
    if (bk == Tok.RParen || bk == Tok.RBracket || bk == Tok.Comma || bk == Tok.Dot || bk == Tok.Semi) return false;
    if (bk == Tok.Colon || bk == Tok.ColonColon || bk == Tok.Question) return false;
    if (ak == Tok.DotDot || ak == Tok.DotDotEq || bk == Tok.DotDot || bk == Tok.DotDotEq) return false;
    if (isAmbiguous(ak) || isAmbiguous(bk)) {
      const r = this.roleSpace(a, b, had);
      if (r >= 0) return r == 1;
    }
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
        if (newlines == 0 && !atLineStart) this.byte(32);
        else this.lineBreak(newlines, first && !wrote, commentLevel);
        this.copy(i, end);
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
    if (wrote) this.byte(32);
    return false;
  }

  /** Ends the current line (at most one blank line follows) and indents the next. */
  lineBreak(newlines: i32, fileStart: bool, level: i32): void {
    if (!fileStart) {
      this.newline();
      if (newlines > 1) this.newline();
    }
    this.indent(level);
  }

  run(): Uint8Array {
    const toks = this.tokens;
    let prev: Token | null = null;
    let prevN = -1;
    for (let n = 0; n < toks.length; n++) {
      const t = toks[n];
      const from = prev === null ? 0 : prev!.end;
      if (t.kind == Tok.EOF) {
        this.gap(from, t.start, prev === null, this.inner(), this.inner());
        break;
      }
      // A `;` that ends a line or a block is the newline's or the brace's job already.
      if (t.kind == Tok.Semi && this.dropsSemi(n)) continue;
      let level = this.inner();
      if (isClose(t.kind)) level = this.opens.length > 0 ? this.opens[this.opens.length - 1] : 0;
      else if (prev !== null && (continues(prev!.kind) || t.kind == Tok.Dot)) level++;
      const before = this.len;
      let startsLine = this.gap(from, t.start, prev === null, this.inner(), level);
      if (!startsLine && prev !== null && (this.breaks[prevN] == 1 && prev!.kind == Tok.LBrace || this.breaks[n] == 1 && t.kind == Tok.RBrace)) {
        this.lineBreak(1, false, level);
        startsLine = true;
      }
      if (startsLine) this.lineLevel = level;
      if (!startsLine && prev !== null && this.len == before) {
        const had = t.start > prev!.end;
        if (this.space(prev!, t, had) || this.glues(prev!, t)) this.byte(32);
      }
      this.copy(t.start, t.end);
      if (isOpen(t.kind) || t.kind == Tok.StrStart) {
        this.opens.push(this.lineLevel);
        this.openKinds.push(t.kind);
      } else if ((isClose(t.kind) || t.kind == Tok.StrEnd) && this.opens.length > 0) {
        // After a closing bracket the line goes on at the level of the line that opened it.
        this.lineLevel = this.opens.pop();
        this.openKinds.pop();
      }
      this.unary = (t.kind == Tok.Minus && (startsLine || prev === null || expectsOperand(prev!.kind))) || t.kind == Tok.Bang || t.kind == Tok.Tilde;
      prev = t;
      prevN = n;
    }
    // One newline at the end, no trailing spaces or blank lines.
    while (this.len > 0 && (this.out[this.len - 1] == 10 || this.out[this.len - 1] == 32)) this.len--;
    if (this.len > 0) this.byte(10);
    return this.out.slice(0, this.len);
  }
}

/**
 * The formatted text (UTF-8), or null after reporting why the file cannot be
 * formatted: a token that does not lex, or a bracket that does not match
 * (the layout depends on them). Nothing else needs to parse: only the space
 * between tokens changes, so a file with other errors keeps them.
 */
export function formatSource(src: Source, diags: Diagnostics): Uint8Array | null {
  const tokens = new Lexer(src, diags).run();
  if (diags.errorCount > 0) return null;
  const open: Token[] = [];
  const openAt: i32[] = [];
  const blocks: i32[] = []; // each `{` and its `}`, as token indices
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (isOpen(t.kind)) {
      open.push(t);
      openAt.push(i);
    } else if (isClose(t.kind)) {
      const want = t.kind == Tok.RParen ? Tok.LParen : t.kind == Tok.RBracket ? Tok.LBracket : Tok.LBrace;
      if (open.length == 0 || open[open.length - 1].kind != want) {
        diags.error("E0150", src, t.start, t.end, "cannot format: '" + src.text(t.start, t.end) + "' does not close an open bracket");
        return null;
      }
      open.pop();
      const at = openAt.pop();
      if (t.kind == Tok.RBrace) {
        blocks.push(at);
        blocks.push(i);
      }
    }
  }
  if (open.length > 0) {
    const t = open[open.length - 1];
    diags.error("E0151", src, t.start, t.end, "cannot format: '" + src.text(t.start, t.end) + "' is never closed");
    return null;
  }
  const formatter = new Formatter(src, tokens, tokenRoles(tokens, src));
  formatter.markBlocks(blocks);
  return formatter.run();
}
