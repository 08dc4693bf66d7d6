import { Type } from "../check/types";
import { Local } from "../syntax/ast";
import { block, call, get, iconst, Ins, K, pushAll, set, T, tee } from "../ir/ir";
import { hasHeapChildren } from "./layout";
import { FnState, newLocal, Temp } from "./fn_state";
import { rt } from "./runtime_calls";

/**
 * Reference counting: every expression lowers to an owned (+1) value unless
 * asked for a borrowed one; functions borrow their arguments and return owned
 * results; owned temporaries are dropped at the end of the statement that
 * made them, and scopes drop their locals when they close (or are jumped out of).
 */

/** A new reference to a value of type t, yielding the value. */
export function retain(fl: FnState, t: Type, v: Ins): Ins {
  if (!t.isHeap) return v;
  if (v.kind == K.LocalGet) {
    return block(0, [rt(fl, "retain", [get(<i32>v.i, T.Ptr)]), get(<i32>v.i, T.Ptr)], T.Ptr);
  }
  const tmp = newLocal(fl, T.Ptr);
  return block(0, [rt(fl, "retain", [tee(tmp, v, T.Ptr)]), get(tmp, T.Ptr)], T.Ptr);
}

/** Drops one reference to a value of type t. */
export function release(fl: FnState, t: Type, v: Ins): Ins {
  if (hasHeapChildren(t)) {
    const name = fl.m.requestHelper("drop", t);
    return call(name, [v], T.None);
  }
  return rt(fl, "release", [v]);
}

/** Registers an owned heap value to be dropped at the end of the current statement; yields it. */
export function temp(fl: FnState, t: Type, v: Ins): Ins {
  const idx = newLocal(fl, T.Ptr);
  fl.temps[fl.temps.length - 1].push(new Temp(idx, t));
  return tee(idx, v, T.Ptr);
}

export function pushTemps(fl: FnState): void { fl.temps.push([]); }

/** Drops for the innermost temp scope, which is closed. */
export function popTemps(fl: FnState): Ins[] {
  const list = fl.temps.pop();
  const out: Ins[] = [];
  for (let i = 0; i < list.length; i++) pushAll(out, dropTemp(fl, list[i]));
  return out;
}

export function dropTemp(fl: FnState, t: Temp): Ins[] {
  // Zeroed after the drop: a conditionally evaluated temp must not be
  // dropped twice when the statement runs again in a loop.
  return [release(fl, t.ty, get(t.index, T.Ptr)), set(t.index, iconst(T.Ptr, 0))];
}

export function dropLocal(fl: FnState, l: Local): Ins[] {
  if (l.borrowed || !l.ty.isHeap || l.index < 0) return [];
  return [release(fl, l.ty, get(l.index, T.Ptr))];
}

/** Drops everything owned in scopes and temp scopes above the given depths (for break, continue, return). */
export function unwind(fl: FnState, scopeDepth: i32, tempDepth: i32): Ins[] {
  const out: Ins[] = [];
  for (let i = fl.temps.length - 1; i >= tempDepth; i--) {
    const list = fl.temps[i];
    for (let j = 0; j < list.length; j++) pushAll(out, dropTemp(fl, list[j]));
  }
  for (let i = fl.scopes.length - 1; i >= scopeDepth; i--) {
    const list = fl.scopes[i];
    for (let j = 0; j < list.length; j++) pushAll(out, dropLocal(fl, list[j]));
  }
  return out;
}
