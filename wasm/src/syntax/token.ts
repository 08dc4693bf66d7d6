import { KEYWORDS } from "./lexicon";

// Token kinds. Punctuation is one kind per operator so the parser can
// switch on integers; keywords are recognised by the lexer from identifiers.
export const enum Tok {
  EOF, Error, Ident, Int, Float, Str,
  // A string with interpolations: the lexer yields StrStart "..{", then the
  // tokens of the expression, then StrMid "}..{" or StrEnd "}..".
  StrStart, StrMid, StrEnd,
  // keywords
  Fn, Let, Var, Const, If, Else, While, For, In, Loop, Break, Continue, Return,
  Match, Struct, Enum, Impl, Import, Extern, True, False, As, SelfKw, Pub,
  // punctuation
  LParen, RParen, LBrace, RBrace, LBracket, RBracket,
  Comma, Colon, Semi, Dot, DotDot, DotDotEq, Arrow, FatArrow, Question,
  Plus, Minus, Star, Slash, Percent, Amp, Pipe, Caret, Tilde, Bang,
  Shl, Shr, AndAnd, OrOr, Eq, EqEq, NotEq, Lt, Le, Gt, Ge,
  PlusEq, MinusEq, StarEq, SlashEq, PercentEq, AmpEq, PipeEq, CaretEq, ShlEq, ShrEq,
  ColonColon, Underscore,
}
// How many kinds there are (Underscore stays last): the size of tables indexed by kind.
export const TOKEN_KINDS: i32 = <i32>Tok.Underscore + 1;

// Keywords by spelling (lexicon.ts, the list the editors read too), grouped
// by first byte: the lexer asks for every identifier, so a keyword is
// recognised from the source bytes without decoding a string or comparing
// against each keyword in turn. KEYWORD_KINDS is in KEYWORDS' order.
export { KEYWORDS };
const KEYWORD_KINDS: Tok[] = [
  Tok.Fn, Tok.Let, Tok.Var, Tok.Const, Tok.If, Tok.Else, Tok.While, Tok.For, Tok.In, Tok.Loop, Tok.Break, Tok.Continue,
  Tok.Return, Tok.Match, Tok.Struct, Tok.Enum, Tok.Impl, Tok.Import, Tok.Extern, Tok.True, Tok.False, Tok.As,
  Tok.SelfKw, Tok.Pub, Tok.Underscore,
];
// The spellings as bytes, sorted by first byte (KEYWORD_ORDER maps them back
// to KEYWORDS); keywordFrom[b]..keywordFrom[b + 1] are those starting with b.
let keywordBytes: Uint8Array[] = [];
const KEYWORD_ORDER: i32[] = [];
const keywordFrom: i32[] = [];

function keywordSpellings(): Uint8Array[] {
  if (keywordBytes.length == 0) {
    for (let b = 0; b < 129; b++) {
      keywordFrom.push(KEYWORD_ORDER.length);
      for (let i = 0; i < KEYWORDS.length; i++) {
        if (KEYWORDS[i].charCodeAt(0) != b) continue;
        KEYWORD_ORDER.push(i);
        keywordBytes.push(Uint8Array.wrap(String.UTF8.encode(KEYWORDS[i])));
      }
    }
  }
  return keywordBytes;
}

/** The keyword spelled by bytes[start..end), or -1 for a plain identifier. */
export function keywordAt(bytes: Uint8Array, start: i32, end: i32): i32 {
  const n = end - start;
  if (n > 8) return -1;
  const first = <i32>bytes[start];
  if (first >= 128) return -1;
  const words = keywordSpellings();
  for (let i = unchecked(keywordFrom[first]); i < unchecked(keywordFrom[first + 1]); i++) {
    const w = unchecked(words[i]);
    if (w.length != n) continue;
    let same = true;
    for (let j = 1; j < n && same; j++) same = w[j] == bytes[start + j];
    if (same) return KEYWORD_ORDER[i];
  }
  return -1;
}

/** The token kind of a keyword found by keywordAt, and its spelling. */
export function keywordKind(index: i32): Tok { return KEYWORD_KINDS[index]; }
export function keywordText(index: i32): string { return KEYWORDS[index]; }

export function tokName(k: Tok): string {
  switch (k) {
    case Tok.EOF: return "end of file";
    case Tok.Ident: return "identifier";
    case Tok.Int: return "integer";
    case Tok.Float: return "number";
    case Tok.Str: case Tok.StrStart: return "string";
    case Tok.LParen: return "'('";
    case Tok.RParen: return "')'";
    case Tok.LBrace: return "'{'";
    case Tok.RBrace: return "'}'";
    case Tok.LBracket: return "'['";
    case Tok.RBracket: return "']'";
    case Tok.Comma: return "','";
    case Tok.Colon: return "':'";
    case Tok.Semi: return "';'";
    case Tok.Arrow: return "'->'";
    case Tok.FatArrow: return "'=>'";
    case Tok.Eq: return "'='";
    case Tok.Gt: return "'>'";
    case Tok.Lt: return "'<'";
    case Tok.Pipe: return "'|'";
    case Tok.In: return "'in'";
    case Tok.Dot: return "'.'";
    default: return "token";
  }
}

export class Token {
  constructor(
    public kind: Tok,
    public start: i32,
    public end: i32,
    // A newline separates this token from the previous one: statements end there.
    public nlBefore: bool,
    // Identifier name, or decoded string-literal text.
    public text: string,
  ) {}
}
