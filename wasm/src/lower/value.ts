import { TyK, Type } from "../check/types";
import { Expr } from "../syntax/ast";
import { drop, Ins } from "../ir/ir";
import { FnState } from "./fn_state";
import { release } from "./ownership";

/**
 * The value of an expression, owned (+1): every expression lowers to an
 * owned value unless asked for a borrowed one (access_lower.ts `borrowed`);
 * the lowering of each kind is the rule expr_rules.ts puts in `fl.rules`.
 */

export function owned(fl: FnState, e: Expr): Ins {
  return fl.rules[e.kind](fl, e);
}

/** Evaluates for effect only. */
export function discard(fl: FnState, e: Expr): Ins {
  const t = e.ty!;
  const v = owned(fl, e);
  if (isUnit(t)) return v;
  if (t.isHeap) return release(fl, t, v);
  return drop(v);
}

/** Whether values of the type take no space (nothing to build, store or return). */
export function isUnit(t: Type): bool {
  return t.kind == TyK.Unit || t.kind == TyK.Never || t.kind == TyK.Error;
}
