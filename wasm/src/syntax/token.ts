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

export function keywordKind(s: string): Tok {
  if (s == "fn") return Tok.Fn;
  if (s == "let") return Tok.Let;
  if (s == "var") return Tok.Var;
  if (s == "const") return Tok.Const;
  if (s == "if") return Tok.If;
  if (s == "else") return Tok.Else;
  if (s == "while") return Tok.While;
  if (s == "for") return Tok.For;
  if (s == "in") return Tok.In;
  if (s == "loop") return Tok.Loop;
  if (s == "break") return Tok.Break;
  if (s == "continue") return Tok.Continue;
  if (s == "return") return Tok.Return;
  if (s == "match") return Tok.Match;
  if (s == "struct") return Tok.Struct;
  if (s == "enum") return Tok.Enum;
  if (s == "impl") return Tok.Impl;
  if (s == "import") return Tok.Import;
  if (s == "extern") return Tok.Extern;
  if (s == "true") return Tok.True;
  if (s == "false") return Tok.False;
  if (s == "as") return Tok.As;
  if (s == "self") return Tok.SelfKw;
  if (s == "pub") return Tok.Pub;
  if (s == "_") return Tok.Underscore;
  return Tok.Ident;
}

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
