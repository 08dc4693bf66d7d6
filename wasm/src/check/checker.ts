import { BinaryExpr, CastExpr, ConstDecl, DK, EK, Expr, FnDecl, FnInfo, IdentExpr, ListExpr, UnaryExpr } from "../syntax/ast";
import { check } from "./dispatch";
import { Program } from "./program";
import { installExpressionRules } from "./rules";
import { declareLocal, lookup, popScope, pushScope } from "./scope";
import { CheckState, err, errAt } from "./state";
import { assignable, TyK, Type } from "./types";

// The entry points of type checking: the whole program up front, and the
// library's functions one at a time as the lowering reaches them.

// Once, when the module loads: every check dispatches through the table.
installExpressionRules();

/** Type-checks every function of the program; annotations land on the AST. */
export function checkProgram(program: Program): void {
  program.declareTypes();
  program.declareMembers();
  const cx = new CheckState(program);
  const keys = program.consts.keys();
  for (let i = 0; i < keys.length; i++) {
    const info = program.consts.get(keys[i]);
    cx.mod = info.mod;
    cx.source = info.decl.source;
    cx.fn = new FnInfo("$const", new FnDecl(DK.Fn, 0, 0), info.mod);
    cx.scopes = [];
    pushScope(cx);
    info.ty = checkConst(cx, info.decl, info.ty);
  }
  const user = program.modules[0];
  for (let i = 0; i < program.funcOrder.length; i++) {
    const f = program.funcOrder[i];
    // The program's own files are checked whole; the library only where the program reaches it.
    const own = f.mod == user || (f.mod.prefix != "" && program.userModules.has(f.mod.prefix.substring(0, f.mod.prefix.length - 1)));
    if (own || f.typeEnv !== null) checkFunction(cx, f);
  }
  checkMain(program);
}

/**
 * Checks a function the lowering reached that `checkProgram` left for later
 * (the library's, checked only where a program uses them); does nothing for
 * one already checked. Each function's check starts from a fresh state, so
 * none is kept between calls; the program's type environment, which the
 * check changes, is put back for the lowering.
 */
export function checkOnDemand(program: Program, f: FnInfo): void {
  if (f.checked) return;
  const env = program.typeEnv;
  checkFunction(new CheckState(program), f);
  program.typeEnv = env;
}

function checkFunction(cx: CheckState, f: FnInfo): void {
  const d = f.decl;
  if (d.body === null || f.checked) return;
  f.checked = true;
  cx.program.typeEnv = f.typeEnv;
  cx.fn = f;
  cx.mod = f.mod;
  cx.source = d.source;
  cx.scopes = [];
  cx.loopBreaks = [];
  cx.loopValues = [];
  cx.loopIsLoop = [];
  cx.closures = [];
  pushScope(cx);
  for (let i = 0; i < d.params.length; i++) {
    const p = d.params[i];
    if (lookup(cx, p.name) !== null) err(cx, "E0207", p.start, p.end, "parameter '" + p.name + "' is declared twice");
    // Mutable: `var self`, or a parameter written `mut x` (already reported,
    // so its changes in the body raise nothing more).
    f.paramLocals.push(declareLocal(cx, p.name, f.params[i], p.mutable));
  }
  const body = d.body!;
  const t = check(cx, body, f.ret);
  if (!assignable(t, f.ret) && !(f.ret.kind == TyK.Unit)) {
    if (body.tail !== null) errAt(cx, "E0300", body.tail!, "expected " + f.ret.name + ", found " + t.name);
    else err(cx, "E0303", d.nameStart, d.nameStart + d.name.length, "function '" + d.name + "' must return a value of type " + f.ret.name + " on every path");
  }
  popScope(cx);
  cx.program.typeEnv = null;
}

function checkConst(cx: CheckState, c: ConstDecl, declared: Type): Type {
  const t = check(cx, c.value, declared.isError ? null : declared);
  if (!declared.isError && !assignable(t, declared)) errAt(cx, "E0300", c.value, "expected " + declared.name + ", found " + t.name);
  const kind = declared.isError ? t.kind : declared.kind;
  const at = declared.isError ? t : declared;
  if (kind == TyK.Array && c.value.kind == EK.ArrayLit && isScalar(at.elem!)) {
    // An array of constants (`const WEEKDAYS: [str] = ["Mon", "Tue"]`): a
    // table is the everyday constant that is not a number. Each use builds
    // the array from the literal, as each use of a scalar constant does.
    const elems = (c.value as ListExpr).elems;
    for (let i = 0; i < elems.length; i++) {
      if (!isConstant(elems[i])) {
        errAt(cx, "E0211", elems[i], "a constant array's elements must be computed from literals and other constants");
        break;
      }
    }
    if ((c.value as ListExpr).count !== null && !isConstant((c.value as ListExpr).count!)) {
      errAt(cx, "E0211", (c.value as ListExpr).count!, "a constant array's length must be computed from literals and other constants");
    }
  } else if (kind == TyK.Array || kind == TyK.Tuple || kind == TyK.Struct || kind == TyK.Enum || kind == TyK.Func) {
    // `const DAYS: [str] = ["mon"]` is made of literals, so "computed from
    // literals" would mislead: say what a constant may hold instead.
    const ty = declared.isError ? t.name : declared.name;
    errAt(cx, "E0211", c.value, "a constant must be a number, bool or str, or an array literal of them, not " + ty + "; return the value from a function instead: 'fn " + c.name.toLowerCase() + "() -> " + ty + " { ... }'");
  } else if (!isConstant(c.value)) errAt(cx, "E0211", c.value, "a constant must be computed from literals and other constants");
  return declared.isError ? t : declared;
}

/** A type a constant may hold, alone or as an array's elements. */
function isScalar(t: Type): bool {
  return t.isNumeric || t.kind == TyK.Str || t.kind == TyK.Bool;
}

function isConstant(e: Expr): bool {
  const k = e.kind;
  if (k == EK.Int || k == EK.Float || k == EK.Str || k == EK.Bool) return true;
  if (k == EK.Ident) return (e as IdentExpr).local === null;
  if (k == EK.Binary) return isConstant((e as BinaryExpr).left) && isConstant((e as BinaryExpr).right);
  if (k == EK.Cast) return isConstant((e as CastExpr).value);
  return k == EK.Unary && isConstant((e as UnaryExpr).operand);
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
