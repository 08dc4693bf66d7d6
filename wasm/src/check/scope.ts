import { Diagnostics } from "../diagnostics";
import { ClosureExpr, Expr, FieldExpr, IdentExpr, IndexExpr, EK, Local, FnInfo, ModuleInfo } from "../syntax/ast";
import { Source } from "../source";
import { LazyCheck, Program } from "./program";
import { tError, TyK, Type } from "./types";

/** A closure being checked: its scopes start at `scopeBase`; names from below are captured. */
export class ClosureCtx {
  // While the result type is inferred from the body: each `return`'s value
  // (or the `return` itself when it has none) and its type.
  inferring: bool = false;
  returnAt: Expr[] = [];
  returnTypes: Type[] = [];
  constructor(public expr: ClosureExpr, public scopeBase: i32) {}

  /** The closure's copy of `outer`, created on first use. */
  capture(outer: Local): Local {
    const i = this.expr.captured.indexOf(outer);
    if (i >= 0) return this.expr.inner[i];
    const inner = new Local(outer.name, outer.ty, false);
    inner.captured = true;
    this.expr.captured.push(outer);
    this.expr.inner.push(inner);
    return inner;
  }
}

/** Lexical scopes of one function body, and the checker's shared state. */
export class Scopes extends LazyCheck {
  scopes: Map<string, Local>[] = [];
  fn!: FnInfo;
  mod!: ModuleInfo;
  source!: Source;
  // One entry per enclosing loop: whether a `break` reaches it.
  loopBreaks: bool[] = [];
  // Per enclosing loop: the type of `break value` (never until one is seen),
  // and whether the loop is a `loop` (only those produce a value).
  loopValues: Type[] = [];
  loopIsLoop: bool[] = [];
  // Closures being checked, outermost first.
  closures: ClosureCtx[] = [];
  diags: Diagnostics;

  constructor(public program: Program) {
    super();
    this.diags = program.diags;
  }

  err(code: string, start: i32, end: i32, message: string): void {
    this.diags.error(code, this.source, start, end, message);
  }

  errAt(code: string, e: Expr, message: string): void {
    this.diags.error(code, this.source, e.start, e.end, message);
  }

  push(): void { this.scopes.push(new Map()); }
  pop(): void { this.scopes.pop(); }

  declareLocal(name: string, ty: Type, mutable: bool): Local {
    const local = new Local(name, ty, mutable);
    this.fn.locals.push(local);
    if (name != "_") this.scopes[this.scopes.length - 1].set(name, local);
    return local;
  }

  lookup(name: string): Local | null {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const s = this.scopes[i];
      if (s.has(name)) {
        // A variable from outside a closure is captured by it (and by every
        // closure between, outermost first).
        let local = s.get(name);
        for (let c = 0; c < this.closures.length; c++) {
          if (this.closures[c].scopeBase > i) local = this.closures[c].capture(local);
        }
        return local;
      }
    }
    return null;
  }

  /** The function `name` as seen from the current module. */
  findFn(name: string): FnInfo | null {
    const own = this.mod.prefix + name;
    if (this.program.funcs.has(own)) return this.program.funcs.get(own);
    if (this.program.funcs.has(name)) return this.program.funcs.get(name);
    return null;
  }

  /** Standard-library modules may call the runtime (rt.str_alloc and the like); builtins come first. */
  findRuntimeFn(name: string): FnInfo | null {
    if (this.mod.prefix == "" || this.mod.prefix == "rt." || !this.program.funcs.has("rt." + name)) return null;
    return this.program.funcs.get("rt." + name);
  }

  /** The source text of `e` for a suggested fix, "..." when it is too long to quote. */
  shortText(e: Expr): string {
    const text = this.source.text(e.start, e.end);
    return text.length > 40 || text.includes("\n") ? "..." : text;
  }

  /**
   * Checks that `e` names storage that may be changed (a `var`, or a field or
   * element of one) and reports why not otherwise. Types are already set.
   */
  checkMutablePlace(e: Expr, method: string = ""): bool {
    if (e.kind == EK.Ident) {
      const id = e as IdentExpr;
      const local = id.local;
      if (local === null) {
        this.errAt("E0702", e, "cannot assign to '" + id.name + "'");
        return false;
      }
      if (local.captured) {
        this.errAt("E0701", e, "cannot assign to '" + id.name + "': a closure captures variables by value and cannot change them");
        return false;
      }
      if (!local.mutable) {
        const why = method.length > 0 ? " ('" + method + "' changes it)" : "";
        this.errAt("E0700", e, "cannot assign to '" + id.name + "': it is not declared with 'var'" + why);
        return false;
      }
      return true;
    }
    if (e.kind == EK.Field) return this.checkMutablePlace((e as FieldExpr).object, method);
    if (e.kind == EK.Index) return this.checkMutablePlace((e as IndexExpr).object, method);
    if (e.ty === tError) return false;
    // A call's result, a literal: a value with no variable to keep the change.
    // Rust and TypeScript allow this (the change is lost); here it is an error
    // that says how to keep the value.
    const text = this.shortText(e);
    const name = suggestedName(e.ty!);
    if (method.length > 0) {
      this.errAt("E0703", e, "'" + method + "' changes the value it is called on, and this one is a temporary: bind it first: 'var " + name + " = " + text + "', then call '" + name + "." + method + "(...)'");
    } else this.errAt("E0703", e, "cannot assign to a temporary value: bind it first: 'var " + name + " = " + text + "'");
    return false;
  }
}

/** A variable name for a value of type `t` in a suggested fix: its type's initial ("r" for Random), "xs" for arrays. */
function suggestedName(t: Type): string {
  if (t.kind == TyK.Array) return "xs";
  const c = t.name.length > 0 ? t.name.charCodeAt(0) : 0;
  if (c >= 65 && c <= 90) return String.fromCharCode(c + 32);
  if (c >= 97 && c <= 122) return String.fromCharCode(c);
  return "v";
}
