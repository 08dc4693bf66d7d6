import { TyK } from "../check/types";
import { ClosureExpr, Expr, FnInfo } from "../syntax/ast";
import { Func, get, pushAll, set, T, unreachable } from "../ir/ir";
import { fieldOffsets, irType } from "./layout";
import { stableLengthLocals } from "./stable_lengths";
import { loadField } from "./access_lower";
import { closureFields } from "./aggregate_lower";
import { FnState, localIndex, newLocal } from "./fn_state";
import { popTemps } from "./ownership";
import { addExitHooks, entryHook, hooked } from "./debug_hooks";
import { posText } from "./runtime_calls";
import { discard, isUnit, owned } from "./value";

/** A source function or a closure's body lowered to an IR function. */

export function lowerFunction(fl: FnState, info: FnInfo): Func {
  const params: T[] = [];
  for (let i = 0; i < info.params.length; i++) params.push(irType(info.params[i]) == T.None ? T.I32 : irType(info.params[i]));
  const result = info.ret.kind == TyK.Never ? T.None : irType(info.ret);
  const f = new Func(info.name, params, result);
  fl.f = f;
  fl.info = info;
  fl.source = info.decl.source;
  f.loc = posText(fl, info.decl.start);
  for (let i = 0; i < params.length; i++) {
    f.locals.push(params[i]);
    const l = info.paramLocals[i];
    l.index = i;
    l.borrowed = true;
  }
  fl.scopes = [[]];
  fl.temps = [[]];
  fl.visible = info.paramLocals.slice(0);
  startLengths(fl, info.decl.body!);
  if (hooked(fl)) f.body.push(entryHook(fl, info.name, info.decl.start));
  lowerBody(fl, info.decl.body!, result);
  if (hooked(fl)) addExitHooks(f.body, result, fl);
  return f;
}

/** A closure's body as a function: (closure, params...) -> result; the captures are read from the closure. */
export function lowerClosure(fl: FnState, c: ClosureExpr): Func {
  const info = c.info!;
  const params: T[] = [T.Ptr];
  for (let i = 0; i < info.params.length; i++) params.push(irType(info.params[i]) == T.None ? T.I32 : irType(info.params[i]));
  const result = info.ret.kind == TyK.Never ? T.None : irType(info.ret);
  const f = new Func(c.fnName, params, result);
  fl.f = f;
  fl.info = info;
  fl.source = c.source!;
  f.loc = posText(fl, c.start);
  for (let i = 0; i < params.length; i++) f.locals.push(params[i]);
  for (let i = 0; i < info.paramLocals.length; i++) {
    const l = info.paramLocals[i];
    l.index = i + 1;
    l.borrowed = true;
  }
  fl.scopes = [[]];
  fl.temps = [[]];
  fl.visible = info.paramLocals.concat(c.inner);
  // The closure keeps its captures alive while it runs: they are borrowed.
  const offs = fieldOffsets(closureFields(c));
  for (let j = 0; j < c.inner.length; j++) {
    const l = c.inner[j];
    l.borrowed = true;
    if (isUnit(l.ty)) continue;
    f.body.push(set(localIndex(fl, l), loadField(l.ty, get(0, T.Ptr), offs[j + 1])));
  }
  startLengths(fl, c.body);
  if (hooked(fl)) f.body.push(entryHook(fl, c.fnName, c.start));
  lowerBody(fl, c.body, result);
  if (hooked(fl)) addExitHooks(f.body, result, fl);
  return f;
}

/**
 * The array locals of a function body whose length is read once, at their
 * declaration: for LLVM, above -O0. V8 ran wasm fannkuch about 9% slower
 * with the extra locals (medians of 7 interleaved runs: 1406 ms against 1291).
 */
export function startLengths(fl: FnState, body: Expr): void {
  fl.stableLens = fl.m.uniqueNests && !fl.m.forWasm ? stableLengthLocals(body) : [];
  fl.lenLocals = new Map();
}

export function lowerBody(fl: FnState, body: Expr, result: T): void {
  const f = fl.f;
  if (result == T.None || body.ty!.kind == TyK.Never) {
    f.body.push(discard(fl, body));
    pushAll(f.body, popTemps(fl));
    if (body.ty!.kind == TyK.Never) f.body.push(unreachable());
  } else {
    const r = newLocal(fl, result);
    f.body.push(set(r, owned(fl, body)));
    pushAll(f.body, popTemps(fl));
    f.body.push(get(r, result));
  }
}
