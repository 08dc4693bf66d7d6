// The irrefutable patterns of `let`, `var` and `for`: a name, `_`, a tuple of
// patterns, or a struct's fields (`Point { x, y: (a, b), .. }`), nested to any
// depth. The parser turns one into plain statements right away: a flat tuple
// or a single name is the `let` the rest of the compiler has always handled,
// and every nested part is bound to a hidden local that a further `let`
// takes apart. So the checker, the lowering and the passes see nothing new,
// and a program without nested patterns compiles exactly as before.
import { EK, Expr, FieldExpr, IdentExpr, Stmt, TypeExpr } from "./ast";
import { advance, eat, errorHere, expect, expectIdent, peekKind, tooDeep } from "./cursor";
import { ParserState } from "./parser_state";
import { Tok } from "./token";
import { parseType } from "./type_parser";

export const enum BK { Name, Wild, Tuple, Struct }

export class BindingPattern {
  name: string = "";               // Name: the variable; Struct: the struct's name
  subs: BindingPattern[] = [];     // Tuple: the parts; Struct: the field patterns
  fields: string[] = [];           // Struct: the field each of `subs` binds
  fieldStarts: i32[] = [];
  constructor(public kind: BK, public start: i32, public end: i32) {}
}

/** At `(`, `_`, a name or `Name {`: one binding pattern. `what` names the variable in messages. */
export function parseBindingPattern(p: ParserState, what: string): BindingPattern {
  const start = p.tok.start;
  if (p.kind == Tok.Underscore) {
    advance(p);
    return new BindingPattern(BK.Wild, start, p.prevEnd);
  }
  if (p.kind == Tok.LParen) {
    advance(p);
    p.depth++;
    const pat = new BindingPattern(BK.Tuple, start, start);
    while (p.kind != Tok.RParen && p.kind != Tok.EOF && !tooDeep(p)) {
      pat.subs.push(parseBindingPattern(p, what));
      if (p.kind == Tok.Colon) {
        errorHere(p, "E0122", "a type goes after the whole pattern: 'let (a, b): (T, U) = ...'");
        advance(p);
        parseType(p);
      }
      if (!eat(p, Tok.Comma)) break;
    }
    p.depth--;
    expect(p, Tok.RParen, "')'");
    pat.end = p.prevEnd;
    return pat;
  }
  if (p.kind == Tok.Ident && peekKind(p, 1) == Tok.LBrace) {
    const pat = new BindingPattern(BK.Struct, start, start);
    pat.name = advance(p).text;
    advance(p);
    p.depth++;
    while (p.kind != Tok.RBrace && p.kind != Tok.EOF && !tooDeep(p)) {
      // `..`: the fields not named are left out (they are never required).
      if (eat(p, Tok.DotDot)) break;
      const fieldStart = p.tok.start;
      const field = expectIdent(p, "a field name");
      if (field.length == 0) break;
      let sub: BindingPattern;
      if (eat(p, Tok.Colon)) sub = parseBindingPattern(p, what);
      else {
        sub = new BindingPattern(BK.Name, fieldStart, p.prevEnd);
        sub.name = field;
      }
      pat.fields.push(field);
      pat.fieldStarts.push(fieldStart);
      pat.subs.push(sub);
      if (!eat(p, Tok.Comma)) break;
    }
    p.depth--;
    expect(p, Tok.RBrace, "'}' to close the struct pattern");
    pat.end = p.prevEnd;
    return pat;
  }
  const pat = new BindingPattern(BK.Name, start, start);
  pat.name = expectIdent(p, what);
  pat.end = p.prevEnd;
  return pat;
}

/** The hidden local holding a nested part: `#` keeps it out of reach of every program. */
function hiddenName(p: BindingPattern): string {
  return "#pat" + p.start.toString();
}

function identAt(name: string, start: i32, end: i32): IdentExpr {
  const id = new IdentExpr(EK.Ident, start, end);
  id.name = name;
  return id;
}

/**
 * The statements that bind `p` to the value of `value`: `let`s (`var`s when
 * `mutable`, for the names only) in order, the first with the written
 * `type`. Parts are taken from hidden locals, so `value` is evaluated once.
 */
export function bindingStmts(p: BindingPattern, mutable: bool, value: Expr | null, type: TypeExpr | null, start: i32, end: i32): Stmt[] {
  const out: Stmt[] = [];
  const first = new Stmt(start, end);
  first.isLet = true;
  first.type = type;
  first.expr = value;
  out.push(first);
  if (p.kind == BK.Name || p.kind == BK.Wild) {
    first.mutable = mutable;
    first.name = p.kind == BK.Wild ? "_" : p.name;
    return out;
  }
  if (p.kind == BK.Tuple) {
    first.mutable = mutable;
    for (let i = 0; i < p.subs.length; i++) {
      const sub = p.subs[i];
      if (sub.kind == BK.Wild) first.names.push("_");
      else if (sub.kind == BK.Name) first.names.push(sub.name);
      else first.names.push(hiddenName(sub));
    }
    for (let i = 0; i < p.subs.length; i++) {
      const sub = p.subs[i];
      if (sub.kind != BK.Tuple && sub.kind != BK.Struct) continue;
      const rest = bindingStmts(sub, mutable, identAt(hiddenName(sub), sub.start, sub.end), null, sub.start, sub.end);
      for (let k = 0; k < rest.length; k++) out.push(rest[k]);
    }
    return out;
  }
  // A struct: the whole value in a hidden local, then each field by name.
  first.name = hiddenName(p);
  for (let i = 0; i < p.subs.length; i++) {
    const sub = p.subs[i];
    const field = new FieldExpr(EK.Field, p.fieldStarts[i], sub.end);
    field.object = identAt(first.name, p.start, p.start + p.name.length);
    field.name = p.fields[i];
    const rest = bindingStmts(sub, mutable, field, null, sub.start, sub.end);
    for (let k = 0; k < rest.length; k++) out.push(rest[k]);
  }
  return out;
}
