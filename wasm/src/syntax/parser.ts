import { Diagnostics } from "../diagnostics";
import { Source } from "../source";
import {
  ConstDecl, Decl, DK, EnumDecl, FieldDecl, FnDecl, ImplDecl, ImportDecl, Module, Param, StructDecl, TK, TypeExpr, VariantDecl,
} from "./ast";
import { BlockParser } from "./block_parser";
import { Lexer } from "./lexer";
import { Tok, Token } from "./token";

/** Top-level declarations: fn, struct, enum, impl, import, const, extern fn. */
class Parser extends BlockParser {
  parseModule(): Module {
    const m = new Module(this.source);
    while (this.kind != Tok.EOF) {
      const before = this.pos;
      const d = this.parseDecl();
      if (d !== null) {
        d.source = this.source;
        m.decls.push(d);
      }
      if (this.pos == before) {
        this.advance();
        this.recoverDecl();
      }
    }
    return m;
  }

  /** Skips to the next token that can start a declaration at the start of a line. */
  recoverDecl(): void {
    while (this.kind != Tok.EOF) {
      const k = this.kind;
      if (this.tok.nlBefore && (k == Tok.Fn || k == Tok.Struct || k == Tok.Enum || k == Tok.Impl ||
        k == Tok.Import || k == Tok.Const || k == Tok.Extern || k == Tok.Pub)) return;
      this.advance();
    }
  }

  parseDecl(): Decl | null {
    this.eat(Tok.Pub);
    const k = this.kind;
    if (k == Tok.Fn) return this.parseFn("");
    if (k == Tok.Extern) {
      this.advance();
      let module = "env";
      if (this.kind == Tok.Str) module = this.advance().text;
      if (this.kind != Tok.Fn) {
        this.errorHere("E0100", "expected 'fn' after 'extern'");
        this.recoverDecl();
        return null;
      }
      const f = this.parseFn("");
      f.isExtern = true;
      f.externModule = module;
      return f;
    }
    if (k == Tok.Struct) return this.parseStruct();
    if (k == Tok.Enum) return this.parseEnum();
    if (k == Tok.Impl) return this.parseImpl();
    if (k == Tok.Import) {
      const start = this.advance().start;
      const d = new ImportDecl(DK.Import, start, start);
      let path = this.expectIdent("a module path such as std.math");
      while (this.kind == Tok.Dot) {
        this.advance();
        path += "." + this.expectIdent("a module name");
      }
      d.path = path;
      d.end = this.prevEnd;
      return d;
    }
    if (k == Tok.Const) {
      const start = this.advance().start;
      const d = new ConstDecl(DK.Const, start, start);
      d.nameStart = this.tok.start;
      d.name = this.expectIdent("a constant name");
      if (this.eat(Tok.Colon)) d.type = this.parseType();
      this.expect(Tok.Eq, "'='");
      d.value = this.parseExpr();
      d.end = this.prevEnd;
      return d;
    }
    if (k == Tok.Let || k == Tok.Var) {
      this.errorHere("E0106", "top-level variables are not allowed; use 'const' or move this into a function");
    } else {
      this.errorHere("E0100", "expected a declaration (fn, struct, enum, impl, import, const), found " + this.describe(this.tok));
    }
    this.advance();
    this.recoverDecl();
    return null;
  }

  parseTypeParams(d: Decl): void {
    if (!this.eat(Tok.Lt)) return;
    while (this.kind == Tok.Ident) {
      d.typeParams.push(this.advance().text);
      if (!this.eat(Tok.Comma)) break;
    }
    this.expect(Tok.Gt, "'>' to close the type parameters");
  }

  parseFn(owner: string): FnDecl {
    const start = this.advance().start;
    const f = new FnDecl(DK.Fn, start, start);
    f.owner = owner;
    f.nameStart = this.tok.start;
    f.name = this.expectIdent("a function name");
    this.parseTypeParams(f);
    if (this.expect(Tok.LParen, "'(' to start the parameters")) {
      this.parenDepth++;
      while (this.kind != Tok.RParen && this.kind != Tok.EOF) {
        const p = new Param(this.tok.start, this.tok.end);
        if (this.kind == Tok.Var && this.peekKind(1) == Tok.SelfKw) { this.advance(); p.mutable = true; }
        if (this.kind == Tok.SelfKw) {
          this.advance();
          p.name = "self";
          p.isSelf = true;
        } else {
          p.name = this.expectIdent("a parameter name");
          if (p.name == "") { this.skipTo(Tok.RParen); break; }
          if (this.expect(Tok.Colon, "':' and the parameter type")) p.type = this.parseType();
          else {
            // `fn f(x)`: the parameter's type is unknown, not `()`, so its uses raise no more errors.
            const unknown = new TypeExpr(TK.Named, p.start, p.start);
            unknown.name = "?";
            p.type = unknown;
          }
        }
        p.end = this.prevEnd;
        f.params.push(p);
        if (!this.eat(Tok.Comma)) break;
      }
      this.parenDepth--;
      this.expect(Tok.RParen, "')' to close the parameters");
    }
    if (this.eat(Tok.Arrow)) f.ret = this.parseType();
    if (this.kind == Tok.LBrace) f.body = this.parseBlock();
    else if (this.kind != Tok.EOF && !this.tok.nlBefore && this.kind != Tok.RBrace && this.kind != Tok.Semi) {
      this.errorHere("E0100", "expected '{' to start the function body, found " + this.describe(this.tok));
      this.recoverDecl();
    }
    f.end = this.prevEnd;
    return f;
  }

  parseStruct(): StructDecl {
    const start = this.advance().start;
    const s = new StructDecl(DK.Struct, start, start);
    s.nameStart = this.tok.start;
    s.name = this.expectIdent("a struct name");
    this.parseTypeParams(s);
    if (this.expect(Tok.LBrace, "'{' to start the fields")) {
      while (this.kind == Tok.Ident) {
        const f = new FieldDecl(this.tok.start, this.tok.end);
        f.name = this.advance().text;
        this.expect(Tok.Colon, "':' and the field type");
        f.type = this.parseType();
        f.end = this.prevEnd;
        s.fields.push(f);
        if (!this.eat(Tok.Comma) && !this.tok.nlBefore) break;
      }
      if (!this.expect(Tok.RBrace, "'}' to close the struct")) this.recoverDecl();
    }
    s.end = this.prevEnd;
    return s;
  }

  parseEnum(): EnumDecl {
    const start = this.advance().start;
    const e = new EnumDecl(DK.Enum, start, start);
    e.nameStart = this.tok.start;
    e.name = this.expectIdent("an enum name");
    this.parseTypeParams(e);
    if (this.expect(Tok.LBrace, "'{' to start the variants")) {
      while (this.kind == Tok.Ident) {
        const v = new VariantDecl(this.tok.start, this.tok.end);
        v.name = this.advance().text;
        if (this.eat(Tok.LParen)) {
          while (this.kind != Tok.RParen && this.kind != Tok.EOF) {
            v.payload.push(this.parseType());
            if (!this.eat(Tok.Comma)) break;
          }
          this.expect(Tok.RParen, "')' to close the variant payload");
        } else if (this.kind == Tok.LBrace) {
          this.namedVariantFields(v);
        }
        v.end = this.prevEnd;
        e.variants.push(v);
        if (!this.eat(Tok.Comma) && !this.tok.nlBefore) break;
      }
      if (!this.expect(Tok.RBrace, "'}' to close the enum")) this.recoverDecl();
    }
    e.end = this.prevEnd;
    return e;
  }

  /**
   * `Tri { a: f64, b: f64 }`, as Rust writes a variant with named fields:
   * one error that says how Pith writes it, and the field types become the
   * payload so the rest of the file is checked as if it were `Tri(f64, f64)`.
   */
  namedVariantFields(v: VariantDecl): void {
    const start = this.advance().start;
    const types: string[] = [];
    while (this.kind == Tok.Ident) {
      this.advance();
      if (!this.expect(Tok.Colon, "':' and the field type")) break;
      const ty = this.tok.start;
      v.payload.push(this.parseType());
      types.push(this.prevEnd > ty ? this.source.text(ty, this.prevEnd) : "?");
      if (!this.eat(Tok.Comma) && !this.tok.nlBefore) break;
    }
    this.expect(Tok.RBrace, "'}' to close the variant's fields");
    this.errorAt("E0120", start, this.prevEnd, "a variant's payload is written as a tuple, without field names: " +
      v.name + "(" + types.join(", ") + ")");
  }

  parseImpl(): ImplDecl {
    const start = this.advance().start;
    const d = new ImplDecl(DK.Impl, start, start);
    this.parseTypeParams(d);
    d.nameStart = this.tok.start;
    d.name = this.expectIdent("a type name after 'impl'");
    if (this.kind == Tok.Lt) {
      // `impl Pair<A, B>`: the arguments name the type parameters.
      this.advance();
      while (this.kind == Tok.Ident) {
        const name = this.advance().text;
        if (!d.typeParams.includes(name)) d.typeParams.push(name);
        if (!this.eat(Tok.Comma)) break;
      }
      this.expect(Tok.Gt, "'>'");
    }
    if (this.expect(Tok.LBrace, "'{' to start the methods")) {
      while (this.kind != Tok.RBrace && this.kind != Tok.EOF) {
        this.eat(Tok.Pub);
        if (this.kind == Tok.Fn) {
          const f = this.parseFn(d.name);
          f.source = this.source;
          d.methods.push(f);
        } else {
          this.errorHere("E0100", "expected 'fn' inside impl, found " + this.describe(this.tok));
          this.advance();
          while (this.kind != Tok.EOF && this.kind != Tok.RBrace && !(this.kind == Tok.Fn && this.tok.nlBefore)) this.advance();
        }
      }
      this.expect(Tok.RBrace, "'}' to close the impl");
    }
    d.end = this.prevEnd;
    return d;
  }
}

export function parse(source: Source, diags: Diagnostics): Module {
  const tokens = new Lexer(source, diags).run();
  return new Parser(tokens, source, diags).parseModule();
}

/**
 * For the formatter: what the grammar made of each `<`, `>`, `|`, `||` token
 * (ROLE_* by start offset), or null when the tokens do not parse cleanly.
 */
export function tokenRoles(tokens: Token[], source: Source): Map<i32, i32> | null {
  const diags = new Diagnostics();
  const p = new Parser(tokens, source, diags);
  const roles = new Map<i32, i32>();
  p.roles = roles;
  p.parseModule();
  return diags.errorCount == 0 ? roles : null;
}
