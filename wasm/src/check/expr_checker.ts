import {
  BinaryExpr, BlockExpr, CallExpr, CastExpr, ClosureExpr, EK, Expr, FieldExpr, IdentExpr, IndexExpr, InterpExpr, ListExpr,
  LitExpr, RangeExpr, StructLitExpr, UnaryExpr, UnaryLikeExpr, FnInfo,
} from "../syntax/ast";
import { Tok } from "../syntax/token";
import { intFits, parseIntText } from "./literals";
import { ClosureCtx, Scopes } from "./scope";
import {
  arrayOf, assignable, fnOf, isEquatable, isOption, isResult, tBool, tError, tF64, tI64, tNever, tStr, tU8, tUnit, tupleOf, TyK, Type,
} from "./types";
import { foreignValueHint } from "./foreign_names";

// Builtin functions every program sees (the prelude), and intrinsics the
// runtime uses. User functions of the same name take precedence.
export function isBuiltin(name: string): bool {
  return name == "print" || name == "println" || name == "eprint" || name == "eprintln" || name == "panic" ||
    name == "assert" || name == "len" || name == "chr" || name == "read_line" || name == "read_all" || name.startsWith("__");
}

export function isPrintable(t: Type): bool {
  const k = t.kind;
  return k == TyK.Str || t.isNumeric || k == TyK.Bool || k == TyK.Error || k == TyK.Never;
}

/**
 * How to show a value that print and interpolation do not take (Python's
 * print, Rust's {:?} and console.log show anything): by its parts.
 */
export function printHint(t: Type): string {
  if (t.kind == TyK.Tuple) return "; print its parts: 'println(\"{t.0} {t.1}\")'";
  if (t.kind == TyK.Struct) return "; print its fields: 'println(\"{p.x} {p.y}\")'";
  if (t.kind == TyK.Array) return "; print the elements in a loop, or join them: 'str.join(parts, \", \")' for a [str]";
  if (t.kind == TyK.Enum) return "; 'match' on it and print a text for each variant";
  return "";
}

/** Type checking of expressions other than blocks, branches and loops. */
export class ExprChecker extends Scopes {
  // Overridden by the flow checker (blocks, if, match, loops).
  checkFlow(e: Expr, expected: Type | null): Type { return tError; }

  check(e: Expr, expected: Type | null): Type {
    const t = this.checkInner(e, expected);
    e.ty = t;
    return t;
  }

  /** Checks `e` against a required type and reports a mismatch. */
  expectType(e: Expr, want: Type, what: string): Type {
    const t = this.check(e, want);
    if (t.kind == TyK.Never) this.errAt("E0306", e, what + " needs a value, but this expression never produces one");
    else if (!assignable(t, want)) {
      // Numbers never convert implicitly (GOTCHAS #5): say how to write the conversion.
      const convert = t.isNumeric && want.isNumeric ? "; convert it with '(...) as " + want.name + "'" : "";
      this.errAt("E0300", e, what + ": expected " + want.name + ", found " + t.name + convert);
    }
    return t;
  }

  checkInner(e: Expr, expected: Type | null): Type {
    switch (e.kind) {
      case EK.Int: return this.checkInt(e as LitExpr, false, expected);
      case EK.Float: {
        const lit = e as LitExpr;
        lit.floatValue = parseFloat(lit.text);
        return tF64;
      }
      case EK.Str: return tStr;
      case EK.Bool: return tBool;
      case EK.Interp: {
        const ie = e as InterpExpr;
        for (let i = 0; i < ie.exprs.length; i++) {
          const t = this.check(ie.exprs[i], null);
          if (t.kind == TyK.Never) this.errAt("E0306", ie.exprs[i], "an interpolated expression needs a value, but this one never produces one");
          else if (!isPrintable(t)) this.errAt("E0313", ie.exprs[i], "cannot interpolate a value of type " + t.name + " into a string" + printHint(t));
        }
        return tStr;
      }
      case EK.Ident: {
        const id = e as IdentExpr;
        if (id.name == "None" && this.lookup("None") === null) {
          if (expected !== null && isOption(expected)) { id.variant = 1; return expected; }
          this.errAt("E0502", id, "cannot infer the type of None; write the type, e.g. 'let x: i64? = None'");
          return tError;
        }
        return this.checkIdent(id);
      }
      case EK.Unary: return this.checkUnary(e as UnaryExpr, expected);
      case EK.Binary: return this.checkBinary(e as BinaryExpr, expected);
      case EK.Assign: return this.checkAssign(e as BinaryExpr);
      case EK.Call: return this.checkCall(e as CallExpr, expected);
      case EK.Field: {
        const f = e as FieldExpr;
        if (f.object.kind == EK.Ident && this.lookup((f.object as IdentExpr).name) === null &&
          this.program.genericTypes.has((f.object as IdentExpr).name)) return this.genericUnitVariant(f, expected);
        return this.checkField(f);
      }
      case EK.Index: return this.checkIndex(e as IndexExpr);
      case EK.StructLit: {
        const s = e as StructLitExpr;
        if (this.program.genericTypes.has(s.name)) return this.genericStructLit(s, expected);
        return this.checkStructLit(s);
      }
      case EK.ArrayLit: return this.checkArrayLit(e as ListExpr, expected);
      case EK.TupleLit: {
        const le = e as ListExpr;
        if (le.elems.length == 0) return tUnit;
        const want: Type[] = expected !== null && expected.kind == TyK.Tuple && expected.elems.length == le.elems.length ? expected.elems : [];
        const elems: Type[] = [];
        for (let i = 0; i < le.elems.length; i++) {
          const t = this.check(le.elems[i], want.length > 0 ? want[i] : null);
          if (t.kind == TyK.Unit || t.kind == TyK.Never) this.errAt("E0306", le.elems[i], "a tuple element needs a value");
          elems.push(t);
        }
        return tupleOf(elems);
      }
      case EK.Cast: return this.checkCast(e as CastExpr);
      case EK.Range:
        this.errAt("E0317", e, "a range is only allowed in 'for' loops and slices");
        return tError;
      case EK.Closure: return this.checkClosure(e as ClosureExpr, expected);
      case EK.Try: return this.checkTry(e as UnaryLikeExpr);
      case EK.Error: return tError;
    }
    return this.checkFlow(e, expected);
  }

  /**
   * `|x: i64| x + k`: parameter types come from the annotation or from the
   * expected function type; the result from `-> T`, the expected type or
   * the body. The body is checked as a function of its own whose names from
   * the enclosing code are captured (see Scopes.lookup).
   */
  checkClosure(c: ClosureExpr, expected: Type | null): Type {
    const want: Type | null = expected !== null && expected.kind == TyK.Func && expected.elems.length == c.params.length ? expected : null;
    const info = new FnInfo("closure", this.fn.decl, this.mod);
    let bad = false;
    for (let i = 0; i < c.params.length; i++) {
      const p = c.params[i];
      let t: Type = tError;
      if (p.type !== null) t = this.program.resolveType(p.type, this.mod, null);
      else if (want !== null) t = want.elems[i];
      else if (expected !== null && expected.kind == TyK.Func) {
        if (!bad) this.errAt("E0503", c, "expected " + expected.name + ", found a closure with " + c.params.length.toString() + " parameter" + (c.params.length == 1 ? "" : "s"));
      } else this.err("E0502", p.start, p.end, "cannot infer the type of closure parameter '" + p.name + "'; write it, e.g. '|" + p.name + ": i64|'");
      if (t.isError) bad = true;
      info.params.push(t);
    }
    let ret: Type | null = null;
    if (c.ret !== null) ret = this.program.resolveType(c.ret, this.mod, null);
    else if (want !== null && !want.elem!.isError) ret = want.elem;
    const fn = this.fn, breaks = this.loopBreaks, values = this.loopValues, isLoop = this.loopIsLoop;
    this.fn = info;
    this.loopBreaks = [];
    this.loopValues = [];
    this.loopIsLoop = [];
    const ctx = new ClosureCtx(c, this.scopes.length);
    ctx.inferring = ret === null;
    this.closures.push(ctx);
    this.push();
    const own = this.scopes[this.scopes.length - 1];
    for (let i = 0; i < c.params.length; i++) {
      const p = c.params[i];
      if (own.has(p.name)) this.err("E0207", p.start, p.end, "parameter '" + p.name + "' is declared twice");
      info.paramLocals.push(this.declareLocal(p.name, info.params[i], false));
    }
    info.ret = ret !== null ? ret! : tError;
    const bt = this.check(c.body, ret);
    if (ret !== null) {
      if (!assignable(bt, ret!) && ret!.kind != TyK.Unit) {
        const tail = c.body.kind == EK.Block ? (c.body as BlockExpr).tail : null;
        this.errAt("E0300", tail !== null ? tail! : c.body, "closure result: expected " + ret!.name + ", found " + bt.name);
      }
    } else {
      // The body's value and every `return` must agree.
      let r: Type | null = bt.kind == TyK.Never ? null : bt;
      for (let i = 0; i < ctx.returnTypes.length; i++) {
        const t = ctx.returnTypes[i];
        if (t.kind == TyK.Never) continue;
        if (r === null) r = t;
        else if (!r!.isError && !t.isError && t != r!) this.errAt("E0300", ctx.returnAt[i], "return value: expected " + r!.name + ", found " + t.name);
      }
      ret = r !== null ? r! : tUnit;
    }
    info.ret = ret!;
    this.pop();
    this.closures.pop();
    this.fn = fn;
    this.loopBreaks = breaks;
    this.loopValues = values;
    this.loopIsLoop = isLoop;
    c.info = info;
    c.source = this.source;
    if (bad || ret!.isError) return tError;
    return fnOf(info.params, ret!);
  }

  /** `x?`: unwraps Some/Ok, or returns None/Err from the enclosing function. */
  checkTry(e: UnaryLikeExpr): Type {
    const t = this.check(e.value!, null);
    if (t.isError) return tError;
    const ret = this.fn.ret;
    if (isOption(t)) {
      if (!isOption(ret)) { this.errAt("E0319", e, "'?' on " + t.name + " needs the function to return an option, not " + ret.name); return tError; }
      return t.elem!;
    }
    if (isResult(t)) {
      if (!isResult(ret) || ret.variants[1].payload[0] != t.variants[1].payload[0]) {
        this.errAt("E0319", e, "'?' on " + t.name + " needs the function to return Result<_, " + t.variants[1].payload[0].name + ">, not " + ret.name);
        return tError;
      }
      return t.elem!;
    }
    this.errAt("E0319", e, "'?' needs an option or a Result, found " + t.name);
    return tError;
  }

  checkInt(lit: LitExpr, negative: bool, expected: Type | null): Type {
    let ty = tI64;
    if (expected !== null && (expected.isInt || expected.kind == TyK.F64 || expected.kind == TyK.Ptr)) ty = expected;
    let text = lit.text;
    if (text.startsWith("-")) { negative = !negative; text = text.substring(1); }
    const r = parseIntText(text);
    if (ty.kind == TyK.F64) {
      lit.floatValue = negative ? -(<f64>r.value) : <f64>r.value;
      return tF64;
    }
    const hex = text.length > 1 && text.charCodeAt(1) > 57;
    let fits = r.ok && intFits(r.value, negative, ty);
    if (fits && !hex && !negative && ty.kind == TyK.I64 && r.value > 0x7fffffffffffffff) fits = false;
    if (fits && !hex && !negative && ty.kind == TyK.I32 && r.value > 0x7fffffff) fits = false;
    if (!fits) this.errAt("E0308", lit, "integer literal " + (negative ? "-" : "") + text + " does not fit in " + ty.name);
    lit.intValue = negative ? -(<i64>r.value) : <i64>r.value;
    return ty;
  }

  checkIdent(id: IdentExpr): Type {
    const local = this.lookup(id.name);
    if (local !== null) {
      id.local = local;
      return local.ty;
    }
    const key = this.mod.prefix + id.name;
    if (this.program.consts.has(key) || this.program.consts.has(id.name)) {
      const c = this.program.consts.has(key) ? this.program.consts.get(key) : this.program.consts.get(id.name);
      id.global = c.name;
      return c.ty;
    }
    const f = this.findFn(id.name);
    if (f !== null) {
      // A named function as a value: `apply(double, 5)`.
      id.fnRef = f.name;
      return fnValueType(f);
    }
    if (this.program.generics.has(this.mod.prefix + id.name) || this.program.generics.has(id.name)) {
      this.errAt("E0203", id, "the generic function '" + id.name + "' cannot be used as a value; wrap the call in a closure");
      return tError;
    }
    if (this.program.types.has(id.name)) {
      this.errAt("E0202", id, "'" + id.name + "' is a type, not a value");
      return tError;
    }
    if (id.name == "self") this.errAt("E0201", id, "'self' is only available inside methods");
    else this.errAt("E0200", id, "unknown name '" + id.name + "'" + foreignValueHint(id.name));
    return tError;
  }

  checkUnary(u: UnaryExpr, expected: Type | null): Type {
    if (u.op == Tok.Minus && u.operand.kind == EK.Int) {
      const t = this.checkInt(u.operand as LitExpr, true, expected);
      u.operand.ty = t;
      return t;
    }
    const t = this.check(u.operand, u.op == Tok.Bang ? null : expected);
    if (t.isError) return tError;
    if (u.op == Tok.Minus) {
      if (t.isNumeric) return t;
      this.errAt("E0310", u, "cannot negate a value of type " + t.name);
    } else if (u.op == Tok.Bang) {
      if (t.kind == TyK.Bool) return t;
      this.errAt("E0310", u, "operator '!' cannot be applied to " + t.name + (t.isInt ? "; use '~' for bitwise not" : ""));
    } else {
      if (t.isInt) return t;
      this.errAt("E0310", u, "'~' needs an integer, found " + t.name);
    }
    return tError;
  }

  /** Checks two operands so an untyped literal on either side takes the other side's type. */
  checkOperands(left: Expr, right: Expr, expected: Type | null): Type {
    const leftIsLit = isNumericLiteral(left);
    let lt: Type;
    let rt: Type;
    if (leftIsLit && !isNumericLiteral(right)) {
      rt = this.check(right, expected);
      lt = this.check(left, rt);
    } else {
      lt = this.check(left, expected);
      rt = this.check(right, lt);
    }
    if (lt.isError || rt.isError) return tError;
    if (lt != rt) return tNever;  // signals a mismatch to the caller
    return lt;
  }

  checkBinary(b: BinaryExpr, expected: Type | null): Type {
    const op = b.op;
    if (op == Tok.AndAnd || op == Tok.OrOr) {
      this.expectType(b.left, tBool, "left side of '" + (op == Tok.AndAnd ? "&&" : "||") + "'");
      this.expectType(b.right, tBool, "right side of '" + (op == Tok.AndAnd ? "&&" : "||") + "'");
      return tBool;
    }
    const isCompare = op == Tok.EqEq || op == Tok.NotEq || op == Tok.Lt || op == Tok.Le || op == Tok.Gt || op == Tok.Ge;
    const isShift = op == Tok.Shl || op == Tok.Shr;
    let t: Type;
    if (isShift) {
      t = this.check(b.left, expected);
      const st = this.check(b.right, t.isInt ? t : null);
      if (!t.isError && !t.isInt) { this.errAt("E0310", b.left, "shift needs an integer, found " + t.name); return tError; }
      if (!st.isError && !st.isInt) { this.errAt("E0310", b.right, "shift amount must be an integer, found " + st.name); return tError; }
      return t;
    }
    t = this.checkOperands(b.left, b.right, isCompare ? null : expected);
    if (t.isError) return tError;
    const name = opName(op);
    if (t.kind == TyK.Never) {
      // `"n = " + n`: what other languages convert, Pith interpolates.
      const joinsText = op == Tok.Plus && (b.left.ty! == tStr) != (b.right.ty! == tStr);
      this.errAt("E0301", b, "'" + name + "' needs both sides of the same type, found " + b.left.ty!.name + " and " + b.right.ty!.name +
        (joinsText ? "; put the value into the string instead: \"text {value}\"" : ""));
      return tError;
    }
    if (isCompare) {
      const eqOnly = op == Tok.EqEq || op == Tok.NotEq;
      if (t.isNumeric || t.kind == TyK.Str || t.kind == TyK.Ptr) return tBool;
      if ((t.kind == TyK.Bool || (t.kind == TyK.Enum && !t.isHeap) || t.kind == TyK.Tuple) && eqOnly && isEquatable(t)) return tBool;
      // Rust and TypeScript compare options and enums with payloads directly (`o == Some(3)`).
      let hint = "";
      if (t.kind == TyK.Enum && eqOnly) hint = isOption(t) ? "; 'match' on it: 'match o { Some(v) => v == x, None => false }'" : "; 'match' on it to compare the variants and their values";
      this.errAt("E0312", b, "cannot compare values of type " + t.name + " with '" + name + "'" + hint);
      return tError;
    }
    if (op == Tok.Plus && (t.kind == TyK.Str || t.isNumeric)) return t;
    if (t.kind == TyK.Ptr && (op == Tok.Plus || op == Tok.Minus)) return t;
    if ((op == Tok.Minus || op == Tok.Star || op == Tok.Slash || op == Tok.Percent) && t.isNumeric) return t;
    if ((op == Tok.Amp || op == Tok.Pipe || op == Tok.Caret) && (t.isInt || t.kind == TyK.Bool)) return t;
    this.errAt("E0310", b, "operator '" + name + "' cannot be applied to " + t.name);
    return tError;
  }

  checkAssign(a: BinaryExpr): Type {
    const lt = this.check(a.left, null);
    if (a.op == Tok.Eq) {
      const rt = this.check(a.right, lt);
      if (rt.kind == TyK.Never) this.errAt("E0306", a.right, "the assigned expression needs a value, but this one never produces one");
      else if (!assignable(rt, lt)) this.errAt("E0300", a.right, "cannot assign a value of type " + rt.name + " to " + lt.name);
    } else {
      const rt = a.op == Tok.ShlEq || a.op == Tok.ShrEq ? this.check(a.right, lt.isInt ? lt : null) : this.check(a.right, lt);
      if (!lt.isError && !rt.isError) {
        const ok = a.op == Tok.ShlEq || a.op == Tok.ShrEq ? lt.isInt && rt.isInt :
          lt == rt && (lt.isNumeric || (a.op == Tok.PlusEq && lt.kind == TyK.Str) ||
            ((a.op == Tok.AmpEq || a.op == Tok.PipeEq || a.op == Tok.CaretEq) && lt.kind == TyK.Bool));
        if (!ok) this.errAt("E0310", a, "operator '" + opName(a.op) + "' cannot be applied to " + lt.name + " and " + rt.name);
        if (lt.isInt && !(a.op >= Tok.AmpEq && a.op <= Tok.ShrEq) && lt != rt) { /* reported above */ }
      }
    }
    if (!lt.isError && this.checkMutablePlace(a.left)) this.checkSelfAssign(a.left, lt);
    return tUnit;
  }

  /** A `var self` method can replace a whole struct or tuple in place, not an enum or a primitive. */
  checkSelfAssign(left: Expr, t: Type): void {
    if (left.kind != EK.Ident || (left as IdentExpr).name != "self") return;
    if (t.kind == TyK.Struct || t.kind == TyK.Tuple) return;
    this.errAt("E0323", left, "cannot assign a whole " + t.name + " to 'self'; a 'var self' method can replace a struct or tuple, or change fields; return the new value instead");
  }

  checkCast(c: CastExpr): Type {
    const from = this.check(c.value, null);
    const to = this.program.resolveType(c.type, this.mod, null);
    if (from.isError || to.isError) return tError;
    if (from == to) return to;
    if (numericLike(from) && (to.isNumeric || to.kind == TyK.Ptr)) return to;
    this.errAt("E0309", c, "cannot cast " + from.name + " to " + to.name);
    return tError;
  }

  // Fields, indexing and aggregate literals: aggregate_checker.ts.
  checkField(f: FieldExpr): Type { return tError; }
  checkIndex(ix: IndexExpr): Type { return tError; }
  checkStructLit(s: StructLitExpr): Type { return tError; }
  checkArrayLit(a: ListExpr, expected: Type | null): Type { return tError; }

  // Generic types are handled in call_checker.ts.
  genericUnitVariant(f: FieldExpr, expected: Type | null): Type { return tError; }
  genericStructLit(s: StructLitExpr, expected: Type | null): Type { return tError; }

  // Calls are checked in call_checker.ts.
  checkCall(c: CallExpr, expected: Type | null): Type { return tError; }
}

function numericLike(t: Type): bool {
  return t.isNumeric || t.kind == TyK.Bool || t.kind == TyK.Ptr || (t.kind == TyK.Enum && !t.isHeap);
}

export function isNumericLiteral(e: Expr): bool {
  if (e.kind == EK.Int || e.kind == EK.Float) return true;
  return e.kind == EK.Unary && (e as UnaryExpr).op == Tok.Minus && isNumericLiteral((e as UnaryExpr).operand);
}

export function opName(op: i32): string {
  switch (op) {
    case Tok.Plus: return "+"; case Tok.Minus: return "-"; case Tok.Star: return "*"; case Tok.Slash: return "/";
    case Tok.Percent: return "%"; case Tok.Amp: return "&"; case Tok.Pipe: return "|"; case Tok.Caret: return "^";
    case Tok.Shl: return "<<"; case Tok.Shr: return ">>"; case Tok.EqEq: return "=="; case Tok.NotEq: return "!=";
    case Tok.Lt: return "<"; case Tok.Le: return "<="; case Tok.Gt: return ">"; case Tok.Ge: return ">=";
    case Tok.PlusEq: return "+="; case Tok.MinusEq: return "-="; case Tok.StarEq: return "*="; case Tok.SlashEq: return "/=";
    case Tok.PercentEq: return "%="; case Tok.AmpEq: return "&="; case Tok.PipeEq: return "|="; case Tok.CaretEq: return "^=";
    case Tok.ShlEq: return "<<="; case Tok.ShrEq: return ">>=";
  }
  return "?";
}

/** The type of a named function used as a value (an error when its signature has one). */
export function fnValueType(f: FnInfo): Type {
  for (let i = 0; i < f.params.length; i++) if (f.params[i].isError) return tError;
  return fnOf(f.params, f.ret);
}
