import {
  BlockExpr, ConstDecl, Decl, DK, EK, EnumDecl, Expr, FieldDecl, FnDecl, ImplDecl, ImportDecl, Module, Param, StructDecl, TK, TypeExpr, VariantDecl,
} from "./ast";
import { parseBlock } from "./block_parser";
import { advance, columnOf, describe, eat, errorAt, errorHere, expect, expectIdent, peekKind, skipTo } from "./cursor";
import { parseExpr } from "./expr_parser";
import { ParserState } from "./parser_state";
import { Tok } from "./token";
import { parseType } from "./type_parser";

// A file's top-level declarations: fn, struct, enum, impl, import, const,
// extern fn; after an error, the parser skips to the next line that starts
// one.

export function parseModule(p: ParserState): Module {
  const m = new Module(p.source);
  while (p.kind != Tok.EOF) {
    const before = p.pos;
    const d = parseDecl(p);
    if (d !== null) {
      d.source = p.source;
      m.decls.push(d);
    }
    if (p.pos == before) {
      advance(p);
      recoverDecl(p);
    }
  }
  return m;
}

/** Skips to the next token that can start a declaration at the start of a line. */
function recoverDecl(p: ParserState): void {
  while (p.kind != Tok.EOF) {
    const k = p.kind;
    if (p.tok.nlBefore && (k == Tok.Fn || k == Tok.Struct || k == Tok.Enum || k == Tok.Impl ||
      k == Tok.Import || k == Tok.Const || k == Tok.Extern || k == Tok.Pub)) return;
    advance(p);
  }
}

function parseDecl(p: ParserState): Decl | null {
  eat(p, Tok.Pub);
  const k = p.kind;
  if (k == Tok.Fn) return parseFn(p, "");
  if (k == Tok.Extern) {
    advance(p);
    let module = "env";
    if (p.kind == Tok.Str) module = advance(p).text;
    if (p.kind != Tok.Fn) {
      errorHere(p, "E0100", "expected 'fn' after 'extern'");
      recoverDecl(p);
      return null;
    }
    const f = parseFn(p, "");
    f.isExtern = true;
    f.externModule = module;
    return f;
  }
  if (k == Tok.Struct) return parseStruct(p);
  if (k == Tok.Enum) return parseEnum(p);
  if (k == Tok.Impl) return parseImpl(p);
  if (k == Tok.Import) {
    const start = advance(p).start;
    const d = new ImportDecl(DK.Import, start, start);
    let path = expectIdent(p, "a module path such as std.math");
    while (p.kind == Tok.Dot) {
      advance(p);
      path += "." + expectIdent(p, "a module name");
    }
    d.path = path;
    d.end = p.prevEnd;
    return d;
  }
  if (k == Tok.Const) {
    const start = advance(p).start;
    const d = new ConstDecl(DK.Const, start, start);
    d.nameStart = p.tok.start;
    d.name = expectIdent(p, "a constant name");
    if (eat(p, Tok.Colon)) d.type = parseType(p);
    expect(p, Tok.Eq, "'='");
    d.value = parseExpr(p);
    d.end = p.prevEnd;
    return d;
  }
  if (k == Tok.Ident && peekKind(p, 1) == Tok.Ident && !p.tokens[p.pos + 1].nlBefore) {
    const word = p.tok.text;
    if (word == "func" || word == "def" || word == "function" || word == "fun") {
      // Go's, Python's, JavaScript's and Kotlin's keyword: read as `fn`, so
      // the function exists and its calls do not report again.
      const name = p.tokens[p.pos + 1].text;
      const indented = word == "def" && endsWithColon(p);
      if (indented) {
        errorHere(p, "E0129", "functions are declared with 'fn', with the body in braces: 'fn " + name + "(...) { ... }'");
      } else errorHere(p, "E0129", "functions are declared with 'fn': 'fn " + name + "(...)'");
      p.foreignFn = true;
      if (!indented) return parseFn(p, "");
      return parseIndentedFn(p);
    }
    if (word == "use") {
      // Rust's `use std::collections::HashMap;`: one error, the line passed over.
      const start = p.tok.start;
      while (p.kind != Tok.EOF && !(p.tok.nlBefore && p.tok.start > start)) advance(p);
      errorAt(p, "E0149", start, p.prevEnd, "modules are imported with 'import': 'import std.map' (then 'map.' or the type, 'Map.new()')");
      return null;
    }
    if (word == "trait" || word == "interface" || word == "protocol" || word == "class") {
      skipForeignType(p, word);
      return null;
    }
  }
  if (k == Tok.Let || k == Tok.Var) {
    errorHere(p, "E0106", "top-level variables are not allowed; use 'const' or move this into a function");
  } else {
    errorHere(p, "E0100", "expected a declaration (fn, struct, enum, impl, import, const), found " + describe(p, p.tok));
  }
  advance(p);
  recoverDecl(p);
  return null;
}

/** Whether the line from the current token ends with ':' (Python's `def f(x):`). */
function endsWithColon(p: ParserState): bool {
  let i = p.pos;
  while (i + 1 < p.tokens.length && !p.tokens[i + 1].nlBefore && p.tokens[i + 1].kind != Tok.EOF) i++;
  return p.tokens[i].kind == Tok.Colon;
}

/**
 * Python's `def f(x):` and its indented body, already reported: the
 * signature is read (a parameter without a type, and the result, are of no
 * type, so calls check without further errors) and the body, every line
 * indented past the `def`, is passed over; the function has an empty body.
 */
function parseIndentedFn(p: ParserState): FnDecl {
  const column = columnOf(p, p.tok.start);
  p.indentedFn = true;
  const f = parseFn(p, "");
  eat(p, Tok.Colon);
  while (p.kind != Tok.EOF && !(p.tok.nlBefore && columnOf(p, p.tok.start) <= column)) advance(p);
  if (f.ret === null) {
    f.ret = unknownType(f.start);
  }
  // The body's value is of no type: whatever the signature returns, the
  // passed-over body reports nothing.
  const body = new BlockExpr(EK.Block, p.prevEnd, p.prevEnd);
  body.tail = new Expr(EK.Error, p.prevEnd, p.prevEnd);
  f.body = body;
  f.end = p.prevEnd;
  return f;
}

/**
 * `trait Show { ... }`, `interface`, `protocol`, `class`: one error saying
 * what Pith writes instead, and the whole declaration, braces balanced, is
 * passed over, so its methods without bodies report nothing more.
 */
function skipForeignType(p: ParserState, word: string): void {
  const start = p.tok.start;
  const name = p.tokens[p.pos + 1].text;
  if (word != "class") p.foreignTraits.push(name);
  if (word == "class") {
    errorAt(p, "E0128", start, p.tokens[p.pos + 1].end, "Pith has no classes: declare the fields with 'struct " + name + " { ... }' and the methods in 'impl " + name + " { ... }'");
  } else {
    errorAt(p, "E0128", start, p.tokens[p.pos + 1].end, "Pith has no traits or interfaces: write the methods in each type's own 'impl Point { ... }'");
  }
  advance(p);
  advance(p);
  while (p.kind != Tok.LBrace && p.kind != Tok.EOF && !(p.tok.nlBefore && p.kind == Tok.Fn)) advance(p);
  if (p.kind != Tok.LBrace) return;
  let depth = 0;
  while (p.kind != Tok.EOF) {
    const k = advance(p).kind;
    if (k == Tok.LBrace) depth++;
    else if (k == Tok.RBrace && --depth == 0) return;
  }
}

/** A type that is not known (after an error): its uses report nothing more. */
function unknownType(at: i32): TypeExpr {
  const unknown = new TypeExpr(TK.Named, at, at);
  unknown.name = "?";
  return unknown;
}

function parseTypeParams(p: ParserState, d: Decl): void {
  if (!eat(p, Tok.Lt)) return;
  while (p.kind == Tok.Ident) {
    d.typeParams.push(advance(p).text);
    if (!eat(p, Tok.Comma)) break;
  }
  expect(p, Tok.Gt, "'>' to close the type parameters");
}

export function parseFn(p: ParserState, owner: string): FnDecl {
  const start = advance(p).start;
  const f = new FnDecl(DK.Fn, start, start);
  f.owner = owner;
  f.nameStart = p.tok.start;
  f.name = expectIdent(p, "a function name");
  parseTypeParams(p, f);
  let untyped = false;
  if (expect(p, Tok.LParen, "'(' to start the parameters")) {
    p.parenDepth++;
    while (p.kind != Tok.RParen && p.kind != Tok.EOF) {
      const param = new Param(p.tok.start, p.tok.end);
      if (p.kind == Tok.Amp && (peekKind(p, 1) == Tok.SelfKw || (peekKind(p, 2) == Tok.SelfKw && p.tokens[p.pos + 1].text == "mut"))) {
        // Rust's `&self` / `&mut self`: one error, then the receiver it means.
        const mutable = peekKind(p, 1) != Tok.SelfKw;
        errorHere(p, "E0113", "Pith has no references: values are copied; write " + (mutable ? "'var self' for a method that changes its receiver" : "'self' (or 'var self' for a method that changes its receiver)"));
        advance(p);
        if (mutable) advance(p);
        param.mutable = mutable;
      }
      const mutWord = p.kind == Tok.Ident && p.tok.text == "mut";
      if ((mutWord || p.kind == Tok.Var) && peekKind(p, 1) == Tok.Ident && !p.tokens[p.pos + 1].nlBefore) {
        // Rust's `mut x: i64`, and `var x: T` after the pattern of `var
        // self`: one error, then the parameter is read as one that changes,
        // so its changes in the body report nothing more.
        const name = p.tokens[p.pos + 1].text;
        errorHere(p, "E0140", "parameters cannot be changed: drop '" + (mutWord ? "mut" : "var") + "' and copy it into a variable, 'var " +
          name + " = " + name + "'" + (mutWord ? "" : "; to change the caller's value, return the new one"));
        advance(p);
        param.mutable = true;
      }
      if (p.kind == Tok.Var && peekKind(p, 1) == Tok.SelfKw) { advance(p); param.mutable = true; }
      if (p.kind == Tok.SelfKw) {
        advance(p);
        param.name = "self";
        param.isSelf = true;
      } else {
        param.name = expectIdent(p, "a parameter name");
        if (param.name == "") { skipTo(p, Tok.RParen); break; }
        if (p.kind != Tok.Colon && !p.tok.nlBefore && (p.kind == Tok.Ident || p.kind == Tok.LBracket)) {
          // Go's `x int`: the type without its ':' (reported once for a
          // function whose `func` already was).
          if (!p.foreignFn) errorHere(p, "E0134", "a parameter's type follows ':': '" + param.name + ": " + p.tok.text + (p.kind == Tok.LBracket ? "...]" : "") + "'");
          param.type = parseType(p);
        } else if (p.foreignFn && (p.kind == Tok.Comma || p.kind == Tok.RParen)) {
          // `def f(x)`, `function f(x)`: untyped, as written there; the
          // keyword's error covers it, and the type is unknown (below).
          param.type = unknownType(param.start);
          untyped = true;
        } else if (expect(p, Tok.Colon, "':' and the parameter type")) {
          // `x: &mut i64`: the type's one error says to return the new
          // value; the body's changes to x are read as a copy's, silently.
          if ((p.kind == Tok.Amp || p.kind == Tok.AndAnd) && peekKind(p, 1) == Tok.Ident && p.tokens[p.pos + 1].text == "mut") {
            param.mutable = true;
          }
          param.type = parseType(p);
        }
        else {
          // `fn f(x)`: the parameter's type is unknown, not `()`, so its uses raise no more errors.
          param.type = unknownType(param.start);
        }
      }
      param.end = p.prevEnd;
      f.params.push(param);
      if (!eat(p, Tok.Comma)) break;
    }
    p.parenDepth--;
    expect(p, Tok.RParen, "')' to close the parameters");
  }
  if (untyped && p.kind != Tok.Arrow && p.kind != Tok.Colon) {
    // `function add(a, b) {`: nothing written is typed, the result neither.
    f.ret = unknownType(f.start);
  }
  if (p.indentedFn) {
    // Python's `def f(x) -> T:`: the caller passes over the indented body.
    if (eat(p, Tok.Arrow)) f.ret = parseType(p);
    p.foreignFn = false;
    p.indentedFn = false;
    f.end = p.prevEnd;
    return f;
  }
  if (eat(p, Tok.Arrow)) f.ret = parseType(p);
  else if ((p.kind == Tok.Colon || p.kind == Tok.Ident || p.kind == Tok.LBracket || p.kind == Tok.LParen) && !p.tok.nlBefore) {
    // TypeScript's and Kotlin's `): i64`, Go's `) i64`: one error (none
    // when the keyword was already reported), then the type is the return type.
    if (!p.foreignFn) errorHere(p, "E0130", "the return type follows '->': 'fn " + f.name + "(...) -> T'");
    eat(p, Tok.Colon);
    f.ret = parseType(p);
  }
  p.foreignFn = false;
  if (p.kind == Tok.LBrace) f.body = parseBlock(p);
  else if (p.kind != Tok.EOF && !p.tok.nlBefore && p.kind != Tok.RBrace && p.kind != Tok.Semi) {
    errorHere(p, "E0100", "expected '{' to start the function body, found " + describe(p, p.tok));
    recoverDecl(p);
  }
  f.end = p.prevEnd;
  return f;
}

function parseStruct(p: ParserState): StructDecl {
  const start = advance(p).start;
  const s = new StructDecl(DK.Struct, start, start);
  s.nameStart = p.tok.start;
  s.name = expectIdent(p, "a struct name");
  parseTypeParams(p, s);
  if (expect(p, Tok.LBrace, "'{' to start the fields")) {
    while (p.kind == Tok.Ident) {
      const f = new FieldDecl(p.tok.start, p.tok.end);
      f.name = advance(p).text;
      expect(p, Tok.Colon, "':' and the field type");
      f.type = parseType(p);
      f.end = p.prevEnd;
      s.fields.push(f);
      if (!eat(p, Tok.Comma) && !p.tok.nlBefore) break;
    }
    if (!expect(p, Tok.RBrace, "'}' to close the struct")) recoverDecl(p);
  }
  s.end = p.prevEnd;
  return s;
}

function parseEnum(p: ParserState): EnumDecl {
  const start = advance(p).start;
  const e = new EnumDecl(DK.Enum, start, start);
  e.nameStart = p.tok.start;
  e.name = expectIdent(p, "an enum name");
  parseTypeParams(p, e);
  if (expect(p, Tok.LBrace, "'{' to start the variants")) {
    while (p.kind == Tok.Ident) {
      const v = new VariantDecl(p.tok.start, p.tok.end);
      v.name = advance(p).text;
      if (eat(p, Tok.LParen)) {
        while (p.kind != Tok.RParen && p.kind != Tok.EOF) {
          v.payload.push(parseType(p));
          if (!eat(p, Tok.Comma)) break;
        }
        expect(p, Tok.RParen, "')' to close the variant payload");
      } else if (p.kind == Tok.LBrace) {
        namedVariantFields(p, v);
      }
      v.end = p.prevEnd;
      e.variants.push(v);
      if (!eat(p, Tok.Comma) && !p.tok.nlBefore) break;
    }
    if (!expect(p, Tok.RBrace, "'}' to close the enum")) recoverDecl(p);
  }
  e.end = p.prevEnd;
  return e;
}

/**
 * `Tri { a: f64, b: f64 }`, as Rust writes a variant with named fields:
 * one error that says how Pith writes it, and the field types become the
 * payload so the rest of the file is checked as if it were `Tri(f64, f64)`.
 */
function namedVariantFields(p: ParserState, v: VariantDecl): void {
  const start = advance(p).start;
  const types: string[] = [];
  while (p.kind == Tok.Ident) {
    advance(p);
    if (!expect(p, Tok.Colon, "':' and the field type")) break;
    const ty = p.tok.start;
    v.payload.push(parseType(p));
    types.push(p.prevEnd > ty ? p.source.text(ty, p.prevEnd) : "?");
    if (!eat(p, Tok.Comma) && !p.tok.nlBefore) break;
  }
  expect(p, Tok.RBrace, "'}' to close the variant's fields");
  errorAt(p, "E0120", start, p.prevEnd, "a variant's payload is written as a tuple, without field names: " +
    v.name + "(" + types.join(", ") + ")");
}

/** Whether a `for` follows on this line before the `{`: `impl a::b::Trait for T`. */
function impliesFor(p: ParserState): bool {
  for (let i = p.pos; i < p.tokens.length && p.tokens[i].kind != Tok.LBrace; i++) {
    if (i > p.pos && p.tokens[i].nlBefore) return false;
    if (p.tokens[i].kind == Tok.For) return true;
  }
  return false;
}

function parseImpl(p: ParserState): ImplDecl {
  const start = advance(p).start;
  const d = new ImplDecl(DK.Impl, start, start);
  parseTypeParams(p, d);
  d.nameStart = p.tok.start;
  d.name = expectIdent(p, "a type name after 'impl'");
  // `impl std::fmt::Display for P`: a trait named by its path is the
  // trait's last name (reported below with the `for`).
  while (p.kind == Tok.ColonColon && peekKind(p, 1) == Tok.Ident && impliesFor(p)) {
    advance(p);
    d.nameStart = p.tok.start;
    d.name = advance(p).text;
  }
  if (p.kind == Tok.Lt) {
    // `impl Pair<A, B>`: the arguments name the type parameters.
    advance(p);
    while (p.kind == Tok.Ident) {
      const name = advance(p).text;
      if (!d.typeParams.includes(name)) d.typeParams.push(name);
      if (!eat(p, Tok.Comma)) break;
    }
    expect(p, Tok.Gt, "'>'");
  }
  if (p.kind == Tok.For) {
    // Rust's `impl Display for Point`: the methods are Point's own.
    advance(p);
    const trait = d.name;
    d.nameStart = p.tok.start;
    d.name = expectIdent(p, "a type name after 'for'");
    // Reported once per habit: not again for a trait whose declaration was.
    if (!p.foreignTraits.includes(trait)) {
      errorAt(p, "E0128", start, p.prevEnd, "Pith has no traits or interfaces: write the methods in the type's own 'impl " + d.name + " { ... }'");
    }
    // `for Pair<A, B>`: the type's arguments, already named by `impl<A, B>`.
    while (p.kind == Tok.Lt || p.kind == Tok.Ident || p.kind == Tok.Comma || p.kind == Tok.Gt) advance(p);
  }
  if (expect(p, Tok.LBrace, "'{' to start the methods")) {
    while (p.kind != Tok.RBrace && p.kind != Tok.EOF) {
      eat(p, Tok.Pub);
      if (p.kind == Tok.Fn) {
        const f = parseFn(p, d.name);
        f.source = p.source;
        d.methods.push(f);
      } else {
        errorHere(p, "E0100", "expected 'fn' inside impl, found " + describe(p, p.tok));
        advance(p);
        while (p.kind != Tok.EOF && p.kind != Tok.RBrace && !(p.kind == Tok.Fn && p.tok.nlBefore)) advance(p);
      }
    }
    expect(p, Tok.RBrace, "'}' to close the impl");
  }
  d.end = p.prevEnd;
  return d;
}
