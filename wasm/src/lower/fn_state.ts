import { Type } from "../check/types";
import { Expr, FnInfo, Local } from "../syntax/ast";
import { Source } from "../source";
import { Func, Ins, T } from "../ir/ir";
import { irType } from "./layout";
import { ModuleLowering } from "./module";

/** An owned heap value to drop at the end of the statement that made it. */
export class Temp {
  constructor(public index: i32, public ty: Type) {}
}

/** The labels and depths a `break` or `continue` of a loop jumps with. */
export class LoopCtx {
  result: i32 = -1;  // local receiving `break value`
  constructor(public breakLabel: i32, public continueLabel: i32, public scopeDepth: i32, public tempDepth: i32) {}
}

/** Lowers an expression of one kind to an owned value (see value.ts `owned`). */
export type ExprRule = (fl: FnState, e: Expr) => Ins;

/**
 * The lowering of one function at a time: the function being built, its
 * scopes, temporaries and loops, and what is known of its locals in a run of
 * straight-line statements. The lowering's free functions take it first.
 */
export class FnState {
  // Indexed by an expression's kind (EK): filled once by expr_rules.ts, so
  // that the files lowering expressions of each kind need not import each other.
  rules: ExprRule[] = [];
  f!: Func;
  info!: FnInfo;
  source!: Source;
  scopes: Local[][] = [];
  temps: Temp[][] = [];
  loops: LoopCtx[] = [];
  nextLabel: i32 = 1;
  // Locals whose heap value is known unshared (rc 1) at this point of a run
  // of straight-line statements; used only while `inSimple` (see flow_lower.ts).
  uniq: i32[] = [];
  inSimple: bool = false;
  seedUniq: i32[] = [];  // locals a loop made unique before its body (see lowerLoop)

  // Pairs (array local << 32 | index local): `checked` were bounds-checked,
  // `uelems` also had the element made unique, since the run began.
  checked: i64[] = [];
  uelems: i64[] = [];
  // Keys (struct local << 32 | field index) of heap fields made unique in the
  // run (self.items in self.items[i] = v), and those a loop made unique before
  // its body: later writes through them skip the copy-on-write check.
  ufields: i64[] = [];
  seedFields: i64[] = [];
  // Element keys (as `uelems`) a loop made unique before its body (invariant_elems.ts),
  // with the locals holding their pointers: no write of the loop replaces such
  // an element in its slot, so reads of it need not load the slot again.
  seedElems: i64[] = [];
  seedElemPtrs: i32[] = [];
  elemPtrKeys: i64[] = [];
  elemPtrs: i32[] = [];
  // While lowering a loop nest that keeps arrays and all their elements
  // unshared (unique_nests.ts): the locals at the roots of those arrays, and
  // the arrays (see arrayId). Writes through them need no copy-on-write check.
  nestRoots: i32[] = [];
  nestArrays: i32[] = [];
  // Array locals whose length never changes after their declaration
  // (stable_lengths.ts), and for those declared so far, local -> the local
  // holding the length read at the declaration.
  stableLens: Local[] = [];
  lenLocals: Map<i32, i32> = new Map();
  // The locals in scope at this point, parameters first: what a debug
  // build's statement hook hands to the debugger (debug_hooks.ts).
  visible: Local[] = [];

  constructor(public m: ModuleLowering) {}
}

export function newLocal(fl: FnState, t: T): i32 {
  fl.f.locals.push(t == T.None ? T.I32 : t);
  return fl.f.locals.length - 1;
}

export function newLabel(fl: FnState): i32 { return fl.nextLabel++; }

export function localIndex(fl: FnState, l: Local): i32 {
  if (l.index < 0) l.index = newLocal(fl, irType(l.ty));
  return l.index;
}
