import { Diagnostics } from "../diagnostics";
import { Source } from "../source";
import { Expr, FnDecl, Module } from "./ast";
import { parseBlock } from "./block_parser";
import { parseIf, parseMatch } from "./branch_parser";
import { parseClosure } from "./closure_parser";
import { parseFn, parseModule } from "./decl_parser";
import { Lexer } from "./lexer";
import { parseContinue, parseFor, parseJump, parseLoop, parseWhile } from "./loop_parser";
import { ParserState, PrefixRule } from "./parser_state";
import {
  parseArray, parseBool, parseInterp, parseMissingOperand, parseName, parseNumber, parseParenOrTuple, parseString,
} from "./primary_parser";
import { Tok, Token, TOKEN_KINDS } from "./token";

// The parser's entry: a token list in, a Module out. Its grammar is spread
// over the *_parser.ts files by concept; this module ties them together
// through the prefix-rule table, so that the expression grammar reaches
// blocks, branches and loops, which parse expressions themselves, without
// the files importing each other in a circle.

function parseBlockOperand(p: ParserState): Expr {
  return parseBlock(p);
}

function prefixRules(): StaticArray<PrefixRule> {
  const rules = new StaticArray<PrefixRule>(TOKEN_KINDS);
  for (let k = 0; k < TOKEN_KINDS; k++) rules[k] = parseMissingOperand;
  rules[Tok.Int] = parseNumber;
  rules[Tok.Float] = parseNumber;
  rules[Tok.Str] = parseString;
  rules[Tok.StrStart] = parseInterp;
  rules[Tok.True] = parseBool;
  rules[Tok.False] = parseBool;
  rules[Tok.Ident] = parseName;
  rules[Tok.SelfKw] = parseName;
  rules[Tok.LParen] = parseParenOrTuple;
  rules[Tok.LBracket] = parseArray;
  rules[Tok.LBrace] = parseBlockOperand;
  rules[Tok.If] = parseIf;
  rules[Tok.Match] = parseMatch;
  rules[Tok.While] = parseWhile;
  rules[Tok.Loop] = parseLoop;
  rules[Tok.For] = parseFor;
  rules[Tok.Return] = parseJump;
  rules[Tok.Break] = parseJump;
  rules[Tok.Continue] = parseContinue;
  rules[Tok.Pipe] = parseClosure;
  rules[Tok.OrOr] = parseClosure;
  return rules;
}

const PREFIX_RULES = prefixRules();

export function parse(source: Source, diags: Diagnostics): Module {
  const tokens = new Lexer(source, diags).run();
  return parseModule(new ParserState(tokens, source, diags, PREFIX_RULES));
}

/** The tokens of a source, for parsing one declaration of it again (`parseFnAt`). */
export function lex(source: Source): Token[] {
  return new Lexer(source, new Diagnostics()).run();
}

/**
 * A fresh copy of the function declared at byte `start` of the source whose
 * tokens are `tokens` (a method of `owner`'s impl block when owner is not
 * ""), or null when no `fn` starts there. The checker copies a generic
 * function once per instance; parsing only its declaration keeps that in
 * proportion to the function rather than to the file around it.
 */
export function parseFnAt(tokens: Token[], source: Source, start: i32, owner: string): FnDecl | null {
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid].start < start) lo = mid + 1;
    else hi = mid;
  }
  if (tokens[lo].start != start || tokens[lo].kind != Tok.Fn) return null;
  const p = new ParserState(tokens, source, new Diagnostics(), PREFIX_RULES);
  p.pos = lo;
  const f = parseFn(p, owner);
  f.source = source;
  return f;
}

/**
 * For the formatter: what the grammar made of each `<`, `>`, `|`, `||` token
 * (ROLE_* by start offset), or null when the tokens do not parse cleanly.
 */
export function tokenRoles(tokens: Token[], source: Source): Map<i32, i32> | null {
  const diags = new Diagnostics();
  const p = new ParserState(tokens, source, diags, PREFIX_RULES);
  const roles = new Map<i32, i32>();
  p.roles = roles;
  parseModule(p);
  return diags.errorCount == 0 ? roles : null;
}
