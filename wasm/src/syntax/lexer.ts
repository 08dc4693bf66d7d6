import { Diagnostics } from "../diagnostics";
import { Source } from "../source";
import { keywordAt, keywordKind, keywordText, Tok, Token } from "./token";

function isIdentStart(c: i32): bool {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c == 95 || c >= 128;
}
function isDigit(c: i32): bool {
  return c >= 48 && c <= 57;
}
function isIdentPart(c: i32): bool {
  return isIdentStart(c) || isDigit(c);
}

/** Turns a source file into tokens; never fails, unknown bytes become diagnostics. */
export class Lexer {
  tokens: Token[] = [];
  pos: i32 = 0;
  nl: bool = false;
  bytes: Uint8Array;
  // Brace depth inside each open string interpolation: a '}' at depth 0
  // resumes the string instead of closing a block.
  interp: i32[] = [];
  // For each open interpolation: whether its string was opened with `\"` (see string()).
  interpEsc: bool[] = [];
  // Whether the string being lexed escaped a brace as Rust and Python do
  // (`{{`): its `}}` then means one `}` too, as its writer meant.
  doubledBraces: bool = false;

  constructor(public source: Source, public diags: Diagnostics) {
    this.bytes = source.bytes;
    // Room for the tokens of typical code (about one per four bytes) up
    // front: the list is not copied as it grows.
    this.tokens = new Array<Token>(this.bytes.length / 4 + 16);
    this.tokens.length = 0;
  }

  peek(off: i32): i32 {
    const p = this.pos + off;
    return p < this.bytes.length ? <i32>unchecked(this.bytes[p]) : -1;
  }

  add(kind: Tok, start: i32, text: string): void {
    this.tokens.push(new Token(kind, start, this.pos, this.nl, text));
    this.nl = false;
  }

  error(code: string, start: i32, message: string): void {
    this.diags.error(code, this.source, start, this.pos, message);
  }

  run(): Token[] {
    while (true) {
      this.skipSpace();
      if (this.pos >= this.bytes.length) break;
      this.next();
    }
    if (this.interp.length > 0) this.error("E0003", this.pos, "unterminated string interpolation");
    this.add(Tok.EOF, this.pos, "");
    return this.tokens;
  }

  skipSpace(): void {
    while (this.pos < this.bytes.length) {
      const c = this.peek(0);
      if (c == 10) { this.nl = true; this.pos++; }
      else if (c == 32 || c == 9 || c == 13) this.pos++;
      else if (c == 47 && this.peek(1) == 47) {
        while (this.pos < this.bytes.length && this.peek(0) != 10) this.pos++;
      } else if (c == 47 && this.peek(1) == 42) {
        const start = this.pos;
        this.pos += 2;
        let depth = 1;
        while (this.pos < this.bytes.length && depth > 0) {
          if (this.peek(0) == 42 && this.peek(1) == 47) { depth--; this.pos += 2; }
          else if (this.peek(0) == 47 && this.peek(1) == 42) { depth++; this.pos += 2; }
          else { if (this.peek(0) == 10) this.nl = true; this.pos++; }
        }
        if (depth > 0) this.error("E0004", start, "unterminated block comment");
      } else break;
    }
  }

  next(): void {
    const start = this.pos;
    const c = this.peek(0);
    if (isIdentStart(c)) {
      while (isIdentPart(this.peek(0))) this.pos++;
      if (this.pos == start + 1 && c == 102 && this.peek(0) == 34) {
        // Python's `f"a = {a}"`: every Pith string interpolates, so the
        // prefix is reported once and the string lexed as the Pith one.
        this.error("E0148", start, "strings interpolate without a prefix: drop the 'f', \"a = {a}\"");
        return;
      }
      const k = keywordAt(this.bytes, start, this.pos);
      if (k >= 0) this.add(keywordKind(k), start, keywordText(k));
      else this.add(Tok.Ident, start, this.source.text(start, this.pos));
      return;
    }
    if (isDigit(c)) { this.number(start); return; }
    if (c == 34) { this.pos++; this.string(start, true, false); return; }
    // `"{m[\"key\"]}"`: inside an interpolation, a string may be written with
    // escaped quotes, as other languages require there; it ends at `\"`.
    if (c == 92 && this.peek(1) == 34 && this.interp.length > 0) { this.pos += 2; this.string(start, true, true); return; }
    if (c == 39 && this.charLiteral(start)) return;
    if (c == 96 && this.templateLiteral(start)) return;
    if (c == 35) { this.hash(start); return; }
    this.pos++;
    const d = this.peek(0);
    let kind = Tok.Error;
    switch (c) {
      case 40: kind = Tok.LParen; break;
      case 41: kind = Tok.RParen; break;
      case 123:
        kind = Tok.LBrace;
        if (this.interp.length > 0) this.interp[this.interp.length - 1]++;
        break;
      case 125:
        if (this.interp.length > 0) {
          const depth = this.interp[this.interp.length - 1];
          if (depth == 0) { this.interp.pop(); this.string(start, false, this.interpEsc.pop()); return; }
          this.interp[this.interp.length - 1] = depth - 1;
        }
        kind = Tok.RBrace;
        break;
      case 91: kind = Tok.LBracket; break;
      case 93: kind = Tok.RBracket; break;
      case 44: kind = Tok.Comma; break;
      case 59: kind = Tok.Semi; break;
      case 63: kind = Tok.Question; break;
      case 126: kind = Tok.Tilde; break;
      case 58: if (d == 58) { this.pos++; kind = Tok.ColonColon; } else kind = Tok.Colon; break;
      case 46:
        if (d == 46) {
          this.pos++;
          if (this.peek(0) == 61) { this.pos++; kind = Tok.DotDotEq; } else kind = Tok.DotDot;
        } else kind = Tok.Dot;
        break;
      case 43: kind = this.eq(Tok.Plus, Tok.PlusEq); break;
      case 45: if (d == 62) { this.pos++; kind = Tok.Arrow; } else kind = this.eq(Tok.Minus, Tok.MinusEq); break;
      case 42: kind = this.eq(Tok.Star, Tok.StarEq); break;
      case 47: kind = this.eq(Tok.Slash, Tok.SlashEq); break;
      case 37: kind = this.eq(Tok.Percent, Tok.PercentEq); break;
      case 94: kind = this.eq(Tok.Caret, Tok.CaretEq); break;
      case 38: if (d == 38) { this.pos++; kind = Tok.AndAnd; } else kind = this.eq(Tok.Amp, Tok.AmpEq); break;
      case 124: if (d == 124) { this.pos++; kind = Tok.OrOr; } else kind = this.eq(Tok.Pipe, Tok.PipeEq); break;
      case 33: kind = this.eq(Tok.Bang, Tok.NotEq); break;
      case 61:
        if (d == 62) { this.pos++; kind = Tok.FatArrow; } else kind = this.eq(Tok.Eq, Tok.EqEq);
        break;
      case 60:
        if (d == 60) { this.pos++; kind = this.eq(Tok.Shl, Tok.ShlEq); } else kind = this.eq(Tok.Lt, Tok.Le);
        break;
      case 62:
        // '>>' is lexed as two '>' so generic argument lists close cleanly;
        // the parser joins adjacent '>' '>' into a shift.
        kind = this.eq(Tok.Gt, Tok.Ge);
        break;
    }
    if (kind == Tok.Error) {
      while (this.pos < this.bytes.length && (this.bytes[this.pos] & 0xc0) == 0x80) this.pos++;
      this.error("E0001", start, "unexpected character '" + this.source.text(start, this.pos) + "'");
      return;
    }
    this.add(kind, start, "");
  }

  /**
   * `'a'`, as C and Rust write a character: one error that gives the byte's
   * value, and an integer token of that value so the rest is checked as if
   * the value had been written. Returns false where no closing quote
   * follows on the line (then `'` is an unexpected character).
   */
  charLiteral(start: i32): bool {
    let end = start + 1;
    if (this.peek(1) == 92) end++; // an escape: the quote after it does not close
    while (end < this.bytes.length && end - start <= 5 && this.bytes[end] != 39 && this.bytes[end] != 10) end++;
    if (end >= this.bytes.length || this.bytes[end] != 39 || end == start + 1) return false;
    let value = -1;
    const b = <i32>this.bytes[start + 1];
    if (end == start + 2 && b < 128) value = b;
    else if (end == start + 3 && b == 92) {
      const e = <i32>this.bytes[start + 2];
      value = e == 110 ? 10 : e == 116 ? 9 : e == 114 ? 13 : e == 48 ? 0 : e == 92 || e == 39 || e == 34 ? e : -1;
    }
    this.pos = end + 1;
    const literal = this.source.text(start, this.pos);
    if (value >= 0) {
      this.error("E0008", start, "Pith has no character literals: a string's bytes are u8 values, so write " + literal + " as " +
        value.toString() + " (or use the string \"" + this.source.text(start + 1, end) + "\")");
    } else {
      this.error("E0009", start, "Pith has no character literals: use a string, \"" + this.source.text(start + 1, end) + "\"");
    }
    this.add(Tok.Int, start, value >= 0 ? value.toString() : "0");
    return true;
  }

  /**
   * JavaScript's template literal, `a = ${a}`: one error with the Pith
   * string, and the text up to the closing backquote (lines included) read
   * as one string, so the call around it checks as usual instead of
   * reporting each `$`, brace and backquote. False where no backquote closes
   * it (then the backquote is an unexpected character).
   */
  templateLiteral(start: i32): bool {
    let end = start + 1;
    while (end < this.bytes.length && this.bytes[end] != 96) end++;
    if (end >= this.bytes.length) return false;
    this.pos = end + 1;
    this.error("E0148", start, "strings interpolate inside double quotes, '{a}' for JavaScript's '${a}', \"a = {a}\"");
    this.add(Tok.Str, start, this.source.text(start + 1, end));
    return true;
  }

  /**
   * `#`: Rust's `#[derive(Debug)]` (an attribute, passed over to its `]`)
   * or Python's and the shell's `# comment` (passed over to the line's end).
   * One error each; what follows lexes as if they were not there.
   */
  hash(start: i32): void {
    if (this.peek(1) == 91) {
      let depth = 0;
      while (this.pos < this.bytes.length && this.peek(0) != 10) {
        const b = this.peek(0);
        this.pos++;
        if (b == 91) depth++;
        else if (b == 93 && --depth == 0) break;
      }
      this.error("E0147", start, "Pith has no attributes: remove '" + this.source.text(start, this.pos) + "'");
      return;
    }
    while (this.pos < this.bytes.length && this.peek(0) != 10) this.pos++;
    this.error("E0146", start, "a comment starts with '//' ('#' starts one in Python and the shell)");
  }

  eq(plain: Tok, withEq: Tok): Tok {
    if (this.peek(0) == 61) { this.pos++; return withEq; }
    return plain;
  }

  number(start: i32): void {
    let isFloat = false;
    if (this.peek(0) == 48 && (this.peek(1) == 120 || this.peek(1) == 98 || this.peek(1) == 111)) {
      this.pos += 2;
      while (isIdentPart(this.peek(0))) this.pos++;
    } else {
      while (isDigit(this.peek(0)) || this.peek(0) == 95) this.pos++;
      if (this.peek(0) == 46 && isDigit(this.peek(1))) {
        isFloat = true;
        this.pos++;
        while (isDigit(this.peek(0)) || this.peek(0) == 95) this.pos++;
      }
      const e = this.peek(0);
      if (e == 101 || e == 69) {
        const s = this.peek(1);
        if (isDigit(s) || ((s == 43 || s == 45) && isDigit(this.peek(2)))) {
          isFloat = true;
          this.pos += 2;
          while (isDigit(this.peek(0))) this.pos++;
        }
      }
      if (isIdentStart(this.peek(0))) {
        while (isIdentPart(this.peek(0))) this.pos++;
        this.error("E0007", start, "invalid number literal '" + this.source.text(start, this.pos) + "'");
      }
    }
    let text = this.source.text(start, this.pos);
    this.add(isFloat ? Tok.Float : Tok.Int, start, text.replaceAll("_", ""));
  }

  /** Lexes string text after an opening '"' (first) or an interpolation's closing '}'. */
  string(start: i32, first: bool, esc: bool): void {
    // Pieces joined once at the end: a long literal full of escapes stays linear.
    const out: string[] = [];
    if (first && this.interp.length == 0) this.doubledBraces = false;
    let runStart = this.pos;
    while (true) {
      const c = this.peek(0);
      if (c < 0 || c == 10) {
        this.error("E0002", start, "unterminated string literal");
        // `println("{x")`: a string inside an interpolation ran to the line's
        // end, so the string around it is broken too. Leave string mode here,
        // or a `}` lines below would reopen it and swallow the code between.
        this.interp.length = 0;
        this.interpEsc.length = 0;
        out.push(this.source.text(runStart, this.pos));
        this.add(first ? Tok.Str : Tok.StrEnd, start, out.join(""));
        return;
      }
      if (esc ? c == 92 && this.peek(1) == 34 : c == 34) {
        out.push(this.source.text(runStart, this.pos));
        this.pos += esc ? 2 : 1;
        this.add(first ? Tok.Str : Tok.StrEnd, start, out.join(""));
        return;
      }
      if ((c == 123 || (c == 125 && this.doubledBraces)) && this.peek(1) == c) {
        // `"{{x}}"`, a literal brace in Rust's and Python's format strings:
        // an interpolation of the block `{x}` in Pith, which nobody means.
        // One error (per string) with Pith's escape, and the text read as
        // its writer meant it, so the rest of the string checks as usual.
        out.push(this.source.text(runStart, this.pos));
        if (!this.doubledBraces) {
          this.diags.error("E0139", this.source, this.pos, this.pos + 2,
            "a literal brace in a string is written '\\{' (and '}' needs no escape), not '{{' and '}}'");
        }
        this.doubledBraces = true;
        out.push(c == 123 ? "{" : "}");
        this.pos += 2;
        runStart = this.pos;
        continue;
      }
      if (c == 123 && this.peek(1) == 92 && this.peek(2) != 34) {
        // `"int f() {\n"`: an escape cannot start an expression, so this
        // brace was meant as text. One error, and it is read as text, where
        // an interpolation would swallow the string and report five times.
        this.diags.error("E0121", this.source, this.pos, this.pos + 1,
          "an interpolation needs an expression between '{' and '}' ('{x}'); write '\\{' for a literal '{'");
        this.pos++;
        continue;
      }
      if (c == 123) {
        out.push(this.source.text(runStart, this.pos));
        this.pos++;
        this.interp.push(0);
        this.interpEsc.push(esc);
        this.add(first ? Tok.StrStart : Tok.StrMid, start, out.join(""));
        return;
      }
      if (c == 92) {
        out.push(this.source.text(runStart, this.pos));
        const escStart = this.pos;
        this.pos++;
        const e = this.peek(0);
        this.pos++;
        if (e == 110) out.push("\n");
        else if (e == 116) out.push("\t");
        else if (e == 114) out.push("\r");
        else if (e == 48) out.push("\0");
        else if (e == 92 || e == 34 || e == 123 || e == 125 || e == 39) out.push(String.fromCharCode(e));
        else if (e == 117 && this.peek(0) == 123) {
          this.pos++;
          let value = 0;
          let digits = 0;
          while (this.pos < this.bytes.length && this.peek(0) != 125 && this.peek(0) != 34 && digits < 7) {
            const h = this.peek(0);
            const v = isDigit(h) ? h - 48 : (h >= 97 && h <= 102) ? h - 87 : (h >= 65 && h <= 70) ? h - 55 : -1;
            if (v < 0) break;
            value = value * 16 + v;
            digits++;
            this.pos++;
          }
          if (this.peek(0) == 125 && digits > 0 && value <= 0x10ffff && (value < 0xd800 || value > 0xdfff)) {
            this.pos++;
            out.push(String.fromCodePoint(value));
          } else this.error("E0006", escStart, "invalid unicode escape");
        } else if (e == 40) {
          // Swift's `"a = \(a)"`: the interpolation Pith writes with braces.
          // The rest is read as text, so only this one error is reported.
          this.error("E0148", escStart, "strings interpolate with braces, '{a}' for Swift's '\\(a)', \"a = {a}\"");
        } else this.error("E0005", escStart, "unknown escape sequence");
        runStart = this.pos;
        continue;
      }
      this.pos++;
    }
  }
}
