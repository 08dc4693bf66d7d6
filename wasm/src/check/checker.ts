import {
  BinaryExpr, CallExpr, CastExpr, FieldExpr, IdentExpr, BlockExpr, ConstDecl, DK, FnDecl, EK, Expr, IfExpr, LitExpr, LoopExpr, MatchExpr, Pattern, PK, RangeExpr, Stmt, UnaryExpr,
  UnaryLikeExpr, FnInfo,
} from "../syntax/ast";
import { ResultInference, valueOf, wrapCall } from "./result_inference";
import { missingPatterns } from "./exhaustive";
import { Program } from "./program";
import { assignable, isResult, resultOf, tBool, tError, tNever, tUnit, TyK, Type } from "./types";

/** Blocks, statements, branches, loops and patterns; the entry point of type checking. */
class Checker extends ResultInference {
  checkFlow(e: Expr, expected: Type | null): Type {
    switch (e.kind) {
      case EK.Block: return this.checkBlock(e as BlockExpr, expected);
      case EK.If: return this.checkIf(e as IfExpr, expected);
      case EK.Match: return this.checkMatch(e as MatchExpr, expected);
      case EK.While: case EK.Loop: case EK.For: return this.checkLoop(e as LoopExpr);
      case EK.Return: {
        const r = e as UnaryLikeExpr;
        const nc = this.closures.length;
        if (nc > 0 && this.closures[nc - 1].inferring) {
          // In a closure without a result type: the returns take part in inferring it.
          const ctx = this.closures[nc - 1];
          ctx.returnAt.push(r.value !== null ? r.value! : r);
          ctx.returnTypes.push(r.value !== null ? this.check(r.value!, null) : tUnit);
          return tNever;
        }
        if (r.value !== null) {
          const t = this.check(r.value!, this.fn.ret);
          if (!assignable(t, this.fn.ret)) {
            this.errAt("E0300", r.value!, "return value: expected " + this.fn.ret.name + ", found " + t.name);
          }
        } else if (this.fn.ret.kind != TyK.Unit && !this.fn.ret.isError) {
          this.errAt("E0302", e, "missing return value of type " + this.fn.ret.name);
        }
        return tNever;
      }
      case EK.Break: {
        const b = e as UnaryLikeExpr;
        const depth = this.loopBreaks.length;
        if (depth == 0) {
          this.errAt("E0600", e, "'break' outside of a loop");
          if (b.value !== null) this.check(b.value!, null);
          return tNever;
        }
        this.loopBreaks[depth - 1] = true;
        const prev = this.loopValues[depth - 1];
        if (b.value !== null) {
          const t = this.check(b.value!, prev.kind == TyK.Never ? null : prev);
          if (!this.loopIsLoop[depth - 1]) this.errAt("E0601", b.value!, "only 'loop' can break with a value");
          else this.loopValues[depth - 1] = this.join(prev, t, b.value!, "'break' values");
        } else if (prev.kind != TyK.Never && prev.kind != TyK.Unit && !prev.isError) {
          this.errAt("E0601", e, "this loop breaks with a value of type " + prev.name + " elsewhere");
        } else this.loopValues[depth - 1] = tUnit;
        return tNever;
      }
      case EK.Continue:
        if (this.loopBreaks.length == 0) this.errAt("E0600", e, "'continue' outside of a loop");
        return tNever;
    }
    this.errAt("E0602", e, "unsupported expression");
    return tError;
  }

  checkBlock(b: BlockExpr, expected: Type | null): Type {
    this.push();
    let diverges = false;
    for (let i = 0; i < b.stmts.length; i++) {
      const s = b.stmts[i];
      // `let r = Ok(3)`: the Result type from the first later use that fixes it.
      const hint = s.isLet && s.type === null && s.expr !== null ? this.resultFromUses(s, b, i, expected) : null;
      if (this.checkStmt(s, hint)) diverges = true;
    }
    let t: Type = diverges ? tNever : tUnit;
    if (b.tail !== null) {
      const tt = this.check(b.tail!, expected);
      t = diverges && tt.kind == TyK.Unit ? tNever : tt;
    }
    this.pop();
    return t;
  }

  /** Returns true when the statement never completes (return, panic, ...). */
  checkStmt(s: Stmt, hint: Type | null = null): bool {
    if (!s.isLet) {
      const t = this.check(s.expr!, null);
      return t.kind == TyK.Never;
    }
    let declared: Type | null = s.type !== null ? this.program.resolveType(s.type, this.mod, null) : null;
    let t: Type = tError;
    if (s.expr !== null) {
      t = this.check(s.expr!, declared !== null ? declared : hint);
      if (declared !== null && !assignable(t, declared)) {
        this.errAt("E0300", s.expr!, "expected " + declared.name + ", found " + t.name);
      }
    }
    let ty = declared !== null ? declared : t;
    if (ty.kind == TyK.Never) {
      // `let x = return 1` has nothing to give `x` a type (its uses would be garbage); with a written type it is fine.
      if (s.names.length == 0 && s.name != "_") this.errAt("E0306", s.expr!, "'" + s.name + "' never gets a value: this expression never produces one; write its type ('let " + s.name + ": T = ...') if that is intended");
      ty = tError;
    }
    if (ty.kind == TyK.Unit && s.expr !== null && declared === null) {
      if (s.expr!.kind == EK.If && (s.expr! as IfExpr).otherwise === null) this.err("E0305", s.expr!.start, s.expr!.start + 2, "'if' without 'else' has no value");
      else this.errAt("E0306", s.expr!, "this expression has no value to store");
      ty = tError;
    }
    if (s.names.length > 0) {
      if (t.kind == TyK.Never && s.expr !== null) this.errAt("E0306", s.expr!, "nothing to destructure: this expression never produces a value");
      if (ty.kind != TyK.Tuple || ty.elems.length != s.names.length) {
        if (!ty.isError && s.expr !== null) this.errAt("E0307", s.expr!, "cannot destructure " + ty.name + " into " + s.names.length.toString() + " names" + destructureHint(ty, s.names.length));
        for (let i = 0; i < s.names.length; i++) this.declareLocal(s.names[i], tError, s.mutable);
      } else {
        s.local = this.declareLocal("$tuple", ty, false);
        for (let i = 0; i < s.names.length; i++) this.declareLocal(s.names[i], ty.elems[i], s.mutable);
      }
      return false;
    }
    s.local = this.declareLocal(s.name, ty, s.mutable);
    return t.kind == TyK.Never;
  }

  checkIf(e: IfExpr, expected: Type | null): Type {
    this.expectType(e.cond, tBool, "condition of 'if'");
    if (expected === null && e.otherwise !== null) expected = this.resultHint(null, [e.then, e.otherwise!], tError);
    const thenT = this.check(e.then, e.otherwise !== null ? expected : null);
    if (e.otherwise === null) return tUnit;
    const elseT = this.check(e.otherwise!, thenT.kind == TyK.Never ? expected : thenT);
    return this.join(thenT, elseT, e.otherwise!, "'if' and 'else' branches");
  }

  /**
   * The Result type of arms or branches that are `Ok(x)` / `Err(e)`, from the
   * other arms: one whose value is already a Result (a call, a name), or the
   * payloads of an `Ok` and an `Err` together. A trial check whose
   * diagnostics are dropped; the real check follows with the type found.
   */
  resultHint(m: MatchExpr | null, bodies: Expr[], st: Type): Type | null {
    let wraps = 0;
    for (let i = 0; i < bodies.length; i++) if (wrapCall(bodies[i]) !== null) wraps++;
    if (wraps == 0) return null;
    const mark = this.diags.list.length;
    let ok: Type | null = null;
    let err: Type | null = null;
    let full: Type | null = null;
    for (let i = 0; i < bodies.length && full === null; i++) {
      if (m !== null) {
        this.push();
        this.checkPattern(m.arms[i].pattern, st);
      }
      const w = wrapCall(bodies[i]);
      if (w !== null) {
        const t = this.check(w.args[0], null);
        const isOk = (w.callee as IdentExpr).name == "Ok";
        if (!t.isError && t.kind != TyK.Never) {
          if (isOk && ok === null) ok = t;
          if (!isOk && err === null) err = t;
        }
      } else if (valueOf(bodies[i]).kind == EK.Call || valueOf(bodies[i]).kind == EK.Ident) {
        const t = this.check(valueOf(bodies[i]), null);
        if (isResult(t)) full = t;
      }
      if (m !== null) this.pop();
    }
    this.diags.list.length = mark;
    if (full !== null) return full;
    if (ok !== null && err !== null) return resultOf(ok!, err!);
    return null;
  }

  join(a: Type, b: Type, at: Expr, what: string): Type {
    if (a.kind == TyK.Never) return b;
    if (b.kind == TyK.Never) return a;
    if (a.isError || b.isError) return tError;
    if (a != b) {
      // A branch ending in a call that returns a value (`xs.pop()`) where the others give nothing.
      const unused = a.kind == TyK.Unit || b.kind == TyK.Unit ? "; if the value is not needed, write 'let _ = ...' for the expression that gives it" : "";
      this.errAt("E0304", at, what + " have different types: " + a.name + " and " + b.name + unused);
      return tError;
    }
    return a;
  }

  checkLoop(l: LoopExpr): Type {
    this.push();
    if (l.kind == EK.While) this.expectType(l.cond!, tBool, "condition of 'while'");
    if (l.kind == EK.For) {
      const iter = l.iter!;
      let elem: Type = tError;
      if (iter.kind == EK.Range) {
        const r = iter as RangeExpr;
        const lt = this.check(r.lo, null);
        const ht = this.check(r.hi, lt.isInt ? lt : null);
        if (r.lo.kind == EK.Int && ht.isInt && ht != lt) this.check(r.lo, ht);
        const t = r.lo.ty!;
        if (!t.isError && !t.isInt) this.errAt("E0311", r.lo, "a range needs integers, found " + t.name);
        else if (!ht.isError && ht != t) this.errAt("E0300", r.hi, "range end: expected " + t.name + ", found " + ht.name);
        r.ty = t;
        elem = t.isInt ? t : tError;
      } else {
        let t = this.check(iter, null);
        // `for (k, v) in m` over a Map walks m.entries(); `for x in s` over a Set walks s.items().
        if (t.base == "Map" || t.base == "Set") {
          const field = new FieldExpr(EK.Field, iter.start, iter.end);
          field.object = iter;
          field.name = t.base == "Map" ? "entries" : "items";
          const call = new CallExpr(EK.Call, iter.start, iter.end);
          call.callee = field;
          l.iter = call;
          t = this.check(call, null);
        }
        if (t.kind == TyK.Array) elem = t.elem!;
        else if (t.kind == TyK.Str) this.errAt("E0316", iter, "cannot iterate over str; loop over its bytes with 'for i in 0..len(s)' and 's[i]' (a u8), or over 'str.split(s, sep)'");
        else if (!t.isError) this.errAt("E0316", iter, "cannot iterate over " + t.name + "; use an array or a range like 0..n");
      }
      l.local = this.declareLocal(l.varName, elem, false);
    }
    this.loopBreaks.push(false);
    this.loopValues.push(tNever);
    this.loopIsLoop.push(l.kind == EK.Loop);
    this.check(l.body, null);
    const broke = this.loopBreaks.pop();
    const value = this.loopValues.pop();
    this.loopIsLoop.pop();
    this.pop();
    // `loop` without `break` never finishes; the code after it is unreachable.
    if (l.kind == EK.Loop && !broke) return tNever;
    if (l.kind == EK.Loop && value.kind != TyK.Never) return value;
    return tUnit;
  }

  checkMatch(m: MatchExpr, expected: Type | null): Type {
    const st = this.check(m.scrutinee, null);
    if (st.kind == TyK.Never) this.errAt("E0306", m.scrutinee, "the matched expression needs a value, but this one never produces one");
    if (expected === null) {
      const bodies: Expr[] = [];
      for (let i = 0; i < m.arms.length; i++) bodies.push(m.arms[i].body);
      expected = this.resultHint(m, bodies, st);
    }
    let result: Type = tNever;
    for (let i = 0; i < m.arms.length; i++) {
      const arm = m.arms[i];
      this.push();
      this.checkPattern(arm.pattern, st);
      if (arm.guard !== null) this.expectType(arm.guard!, tBool, "match guard");
      const t = this.check(arm.body, result.kind == TyK.Never ? expected : result);
      result = this.join(result, t, arm.body, "match arms");
      this.pop();
    }
    if (!st.isError && !m.recovered) this.checkExhaustive(m, st);
    if (m.arms.length == 0) return tNever;
    return result;
  }

  checkExhaustive(m: MatchExpr, t: Type): void {
    // A guarded arm may fail its guard: it covers nothing for certain.
    const unguarded: Pattern[] = [];
    for (let i = 0; i < m.arms.length; i++) if (m.arms[i].guard === null) unguarded.push(m.arms[i].pattern);
    const missing = missingPatterns(unguarded, t);
    if (missing.length == 0) return;
    if (missing.length == 1 && missing[0] == "_") {
      this.err("E0610", m.start, m.scrutinee.end, "match is not exhaustive: add a '_ =>' arm");
      return;
    }
    this.err("E0611", m.start, m.scrutinee.end, "match is not exhaustive: missing " + missing.join(", "));
  }

  /** A bound of a range pattern: a literal of the scrutinee's integer type (not `2.5`, not `2E9`). */
  checkRangeBound(bound: Expr, t: Type): void {
    const bt = this.check(bound, t);
    if (!t.isError && !bt.isError && bt != t) this.errAt("E0612", bound, "range pattern bound of type " + bt.name + " does not match " + t.name);
  }

  checkPattern(p: Pattern, t: Type): void {
    switch (p.kind) {
      case PK.Wild: return;
      case PK.Bind: {
        // A bare name that is a variant of the scrutinee's enum matches that variant.
        if (t.kind == TyK.Enum && t.variantIndex(p.name) >= 0) {
          p.kind = PK.Variant;
          this.checkPattern(p, t);
          return;
        }
        p.local = this.declareLocal(p.name, t, false);
        return;
      }
      case PK.Lit: {
        const lt = this.check(p.lit!, t.isNumeric ? t : null);
        if (!t.isError && !lt.isError && lt != t) this.errAt("E0612", p.lit!, "pattern type " + lt.name + " does not match " + t.name);
        if (!t.isError && !(t.isNumeric || t.kind == TyK.Str || t.kind == TyK.Bool)) this.errAt("E0612", p.lit!, "cannot match " + t.name + " against a literal");
        if (t.kind == TyK.Bool) p.variant = (p.lit! as LitExpr).boolValue ? 1 : 0;
        return;
      }
      case PK.Range: {
        if (!t.isError && !t.isInt) { this.err("E0612", p.start, p.end, "range patterns need an integer, found " + t.name); return; }
        this.checkRangeBound(p.lit!, t);
        if (p.hi !== null) this.checkRangeBound(p.hi!, t);
        return;
      }
      case PK.Or: {
        for (let i = 0; i < p.subs.length; i++) {
          const before = this.fn.locals.length;
          this.checkPattern(p.subs[i], t);
          if (this.fn.locals.length != before) this.err("E0613", p.subs[i].start, p.subs[i].end, "patterns joined with '|' cannot bind names");
        }
        return;
      }
      case PK.Tuple: {
        if (t.kind != TyK.Tuple || t.elems.length != p.subs.length) {
          if (!t.isError) this.err("E0612", p.start, p.end, "tuple pattern does not match " + t.name + (t.kind == TyK.Tuple ? ": it has " + p.subs.length.toString() + " parts, the tuple " + t.elems.length.toString() : ""));
          for (let i = 0; i < p.subs.length; i++) this.checkPattern(p.subs[i], tError);
          return;
        }
        for (let i = 0; i < p.subs.length; i++) this.checkPattern(p.subs[i], t.elems[i]);
        return;
      }
    }
    // Variant
    let name = p.name;
    const dot = name.lastIndexOf(".");
    if (dot >= 0) {
      const enumName = name.substring(0, dot);
      name = name.substring(dot + 1);
      if (!t.isError && enumName != t.name && enumName != t.base) {
        this.err("E0612", p.start, p.end, "pattern " + p.name + " does not match a value of type " + t.name);
        for (let i = 0; i < p.subs.length; i++) this.checkPattern(p.subs[i], tError);
        return;
      }
    }
    if (t.isError) { for (let i = 0; i < p.subs.length; i++) this.checkPattern(p.subs[i], tError); return; }
    if (t.kind != TyK.Enum || t.variantIndex(name) < 0) {
      this.err("E0409", p.start, p.end, t.kind == TyK.Enum ? "enum " + t.name + " has no variant '" + name + "'" : "cannot match " + t.name + " against variant '" + name + "'");
      for (let i = 0; i < p.subs.length; i++) this.checkPattern(p.subs[i], tError);
      return;
    }
    const v = t.variantIndex(name);
    p.variant = v;
    const payload = t.variants[v].payload;
    if (p.subs.length != payload.length && (p.hasParens || payload.length > 0)) {
      this.err("E0410", p.start, p.end, "variant " + t.name + "." + name + " has " + payload.length.toString() + " value(s), the pattern has " + p.subs.length.toString());
    }
    for (let i = 0; i < p.subs.length; i++) this.checkPattern(p.subs[i], i < payload.length ? payload[i] : tError);
  }

  ensureChecked(f: FnInfo): void {
    if (f.checked) return;
    // Checking is re-entrant here: save the state of the function in progress.
    const fn = this.fn, mod = this.mod, source = this.source, scopes = this.scopes;
    const breaks = this.loopBreaks, values = this.loopValues, isLoop = this.loopIsLoop, env = this.program.typeEnv;
    const closures = this.closures;
    this.checkFunction(f);
    this.fn = fn; this.mod = mod; this.source = source; this.scopes = scopes;
    this.loopBreaks = breaks; this.loopValues = values; this.loopIsLoop = isLoop; this.program.typeEnv = env;
    this.closures = closures;
  }

  checkFunction(f: FnInfo): void {
    const d = f.decl;
    if (d.body === null || f.checked) return;
    f.checked = true;
    this.program.typeEnv = f.typeEnv;
    this.fn = f;
    this.mod = f.mod;
    this.source = d.source;
    this.scopes = [];
    this.loopBreaks = [];
    this.loopValues = [];
    this.loopIsLoop = [];
    this.closures = [];
    this.push();
    for (let i = 0; i < d.params.length; i++) {
      const p = d.params[i];
      if (this.lookup(p.name) !== null) this.err("E0207", p.start, p.end, "parameter '" + p.name + "' is declared twice");
      f.paramLocals.push(this.declareLocal(p.name, f.params[i], p.isSelf && p.mutable));
    }
    const body = d.body!;
    const t = this.check(body, f.ret);
    if (!assignable(t, f.ret) && !(f.ret.kind == TyK.Unit)) {
      if (body.tail !== null) this.errAt("E0300", body.tail!, "expected " + f.ret.name + ", found " + t.name);
      else this.err("E0303", d.nameStart, d.nameStart + d.name.length, "function '" + d.name + "' must return a value of type " + f.ret.name + " on every path");
    }
    this.pop();
    this.program.typeEnv = null;
  }

  checkConst(c: ConstDecl, declared: Type): Type {
    const t = this.check(c.value, declared.isError ? null : declared);
    if (!declared.isError && !assignable(t, declared)) this.errAt("E0300", c.value, "expected " + declared.name + ", found " + t.name);
    if (!isConstant(c.value)) this.errAt("E0211", c.value, "a constant must be computed from literals and other constants");
    return declared.isError ? t : declared;
  }
}

/** What to write instead of `let (a, b) = v` for a `v` that is not a tuple of that many parts. */
function destructureHint(t: Type, names: i32): string {
  if (t.kind == TyK.Tuple) return ": the tuple has " + t.elems.length.toString() + " parts";
  if (t.kind == TyK.Array) return ": only a tuple can be taken apart, an array's length is known only at run time; index it ('xs[0]')";
  if (t.kind == TyK.Struct) return ": a struct is taken apart by its field names ('let " + (t.base.length > 0 ? t.base : t.name) + " { " + t.fieldNames.join(", ") + " } = v')";
  return "";
}

function isConstant(e: Expr): bool {
  const k = e.kind;
  if (k == EK.Int || k == EK.Float || k == EK.Str || k == EK.Bool) return true;
  if (k == EK.Ident) return (e as IdentExpr).local === null;
  if (k == EK.Binary) return isConstant((e as BinaryExpr).left) && isConstant((e as BinaryExpr).right);
  if (k == EK.Cast) return isConstant((e as CastExpr).value);
  return k == EK.Unary && isConstant((e as UnaryExpr).operand);
}

/** Type-checks every function of the program; annotations land on the AST. */
export function checkProgram(program: Program): void {
  program.declareTypes();
  program.declareMembers();
  const c = new Checker(program);
  const keys = program.consts.keys();
  for (let i = 0; i < keys.length; i++) {
    const info = program.consts.get(keys[i]);
    c.mod = info.mod;
    c.source = info.decl.source;
    const dummy = new FnInfo("$const", new FnDecl(DK.Fn, 0, 0), info.mod);
    c.fn = dummy;
    c.scopes = [];
    c.push();
    info.ty = c.checkConst(info.decl, info.ty);
  }
  program.lazy = c;
  const user = program.modules[0];
  for (let i = 0; i < program.funcOrder.length; i++) {
    const f = program.funcOrder[i];
    // The program's own files are checked whole; the library only where the program reaches it.
    const own = f.mod == user || (f.mod.prefix != "" && program.userModules.has(f.mod.prefix.substring(0, f.mod.prefix.length - 1)));
    if (own || f.typeEnv !== null) c.checkFunction(f);
  }
  checkMain(program);
}

/**
 * Checks a function the lowering reached that `checkProgram` left for later
 * (the library's, checked only where a program uses them); does nothing for
 * one already checked.
 */
export function checkOnDemand(program: Program, f: FnInfo): void {
  program.lazy.ensureChecked(f);
}

function checkMain(program: Program): void {
  const user = program.modules[0].module.source;
  if (!program.funcs.has("main")) {
    program.diags.error("E0212", user, 0, 0, "no 'main' function");
    return;
  }
  const main = program.funcs.get("main");
  if (main.params.length > 0 || !(main.ret.kind == TyK.Unit || main.ret.kind == TyK.I32 || main.ret.isError)) {
    program.diags.error("E0213", user, main.decl.nameStart, main.decl.nameStart + 4, "'main' must be 'fn main()' or 'fn main() -> i32'");
  }
}
