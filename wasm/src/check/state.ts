import { Diagnostics } from "../diagnostics";
import { ClosureExpr, Expr, FnInfo, Local, ModuleInfo } from "../syntax/ast";
import { Source } from "../source";
import { Program } from "./program";
import { Type } from "./types";

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

/**
 * The type checker's state while it checks one function body (or constant):
 * where it is, the names in scope and the loops and closures around it.
 * The checking itself is free functions over this state, one file per
 * concept; they reach each other's expression kinds through the rule table
 * of dispatch.ts.
 */
export class CheckState {
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
  // The half of a `let r = Ok(x)` binding's Result type its own Ok/Err gives (result_inference.ts).
  pendingKnown: Type | null = null;
  diags: Diagnostics;

  constructor(public program: Program) {
    this.diags = program.diags;
  }
}

export function err(cx: CheckState, code: string, start: i32, end: i32, message: string): void {
  cx.diags.error(code, cx.source, start, end, message);
}

export function errAt(cx: CheckState, code: string, e: Expr, message: string): void {
  cx.diags.error(code, cx.source, e.start, e.end, message);
}
