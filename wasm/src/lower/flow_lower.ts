import { TyK } from "../check/types";
import { BlockExpr, EK, Expr, IfExpr, Stmt, UnaryLikeExpr } from "../syntax/ast";
import { block, br, get, iff, Ins, pushAll, ret, set, T, unreachable } from "../ir/ir";
import { fieldOffsets, headerLoad, irType, LEN } from "./layout";
import { simpleExpr, simpleStmt } from "./simple_runs";
import { loadField } from "./access_lower";
import { FnState, localIndex, newLocal } from "./fn_state";
import { endRun, uniqueRun } from "./loop_uniqueness";
import { dropLocal, popTemps, pushTemps, retain, unwind } from "./ownership";
import { clearFacts, forgetUnique } from "./run_facts";
import { posText } from "./runtime_calls";
import { hooked, statementHook } from "./debug_hooks";
import { discard, isUnit, owned } from "./value";

/** Statements, blocks, branches, and the jumps out of them (return, break, continue). */

export function lowerStmt(fl: FnState, s: Stmt): Ins[] {
  pushTemps(fl);
  const out: Ins[] = [];
  if (s.isLet) {
    const t = s.local!.ty;
    if (isUnit(t) || s.expr!.ty!.kind == TyK.Never) out.push(discard(fl, s.expr!));
    else if (s.names.length > 0) {
      const v = owned(fl, s.expr!);
      const tl = localIndex(fl, s.local!);
      out.push(set(tl, v));
      forgetUnique(fl, tl);
      fl.scopes[fl.scopes.length - 1].push(s.local!);
      fl.visible.push(s.local!);
      const offs = fieldOffsets(t.elems);
      // The tuple local keeps the parts alive; the names borrow them.
      for (let i = 0; i < s.names.length; i++) {
        const part = fl.info.locals[fl.info.locals.indexOf(s.local!) + 1 + i];
        part.borrowed = !part.mutable;
        const pv = loadField(t.elems[i], get(tl, T.Ptr), offs[i]);
        out.push(set(localIndex(fl, part), part.mutable ? retain(fl, t.elems[i], pv) : pv));
        forgetUnique(fl, localIndex(fl, part));
        fl.visible.push(part);
        if (part.mutable) fl.scopes[fl.scopes.length - 1].push(part);
      }
    } else {
      // A declaration in a loop runs again each iteration: what was known
      // of the local (made unique before the loop, say) holds no more.
      const idx = localIndex(fl, s.local!);
      out.push(set(idx, owned(fl, s.expr!)));
      forgetUnique(fl, idx);
      fl.scopes[fl.scopes.length - 1].push(s.local!);
      fl.visible.push(s.local!);
      if (fl.stableLens.includes(s.local!)) {
        const len = newLocal(fl, T.I32);
        out.push(set(len, headerLoad(get(idx, T.Ptr), LEN)));
        fl.lenLocals.set(idx, len);
      }
    }
  } else {
    out.push(discard(fl, s.expr!));
  }
  pushAll(out, popTemps(fl));
  return out;
}

export function lowerBlock(fl: FnState, b: BlockExpr): Ins {
  fl.scopes.push([]);
  const visibleBefore = fl.visible.length;
  const out: Ins[] = [];
  // Within a run of simple statements (straight-line code whose calls take
  // and return only scalars), a local made unique by copy on write stays unique until it
  // is reassigned or referenced again, so later writes skip the check
  // (nbody's b[i].vx, b[i].vy, b[i].vz updates).
  const savedUniq = fl.uniq;
  const savedChecked = fl.checked;
  const savedElems = fl.uelems;
  const savedFields = fl.ufields;
  const savedPtrKeys = fl.elemPtrKeys;
  const savedPtrs = fl.elemPtrs;
  const savedSimple = fl.inSimple;
  clearFacts(fl);
  if (fl.seedUniq.length > 0) {
    fl.uniq = fl.seedUniq;
    fl.seedUniq = [];
    fl.ufields = fl.seedFields;
    fl.seedFields = [];
    fl.uelems = fl.seedElems;
    fl.seedElems = [];
    fl.elemPtrKeys = fl.uelems.slice(0);
    fl.elemPtrs = fl.seedElemPtrs;
    fl.seedElemPtrs = [];
  }
  let runEnd = -1;
  for (let i = 0; i < b.stmts.length; i++) {
    const st = b.stmts[i];
    if (runEnd < 0) runEnd = uniqueRun(fl, b, i, out);
    fl.inSimple = simpleStmt(st);
    if (!fl.inSimple) clearFacts(fl);
    if (hooked(fl)) out.push(statementHook(fl, st.start));
    const code = lowerStmt(fl, st);
    if (code.length > 0) code[0].loc = posText(fl, st.start);
    pushAll(out, code);
    if (!fl.inSimple) clearFacts(fl);
    if (i == runEnd) runEnd = endRun(fl);
  }
  // A simple tail continues the run (a loop body's last `i += 1`).
  fl.inSimple = b.tail !== null && simpleExpr(b.tail!);
  if (!fl.inSimple) clearFacts(fl);
  const t = b.ty!;
  const it = isUnit(t) ? T.None : irType(t);
  let result = -1;
  if (b.tail !== null) {
    const tail = b.tail!;
    if (hooked(fl)) out.push(statementHook(fl, tail.start));
    pushTemps(fl);
    const first = out.length;
    if (it != T.None && !isUnit(tail.ty!)) {
      result = newLocal(fl, it);
      out.push(set(result, owned(fl, tail)));
    } else out.push(discard(fl, tail));
    if (out.length > first) out[first].loc = posText(fl, tail.start);
    pushAll(out, popTemps(fl));
  }
  if (runEnd >= 0) runEnd = endRun(fl);
  fl.inSimple = false;
  clearFacts(fl);
  const locals = fl.scopes.pop();
  fl.visible.length = visibleBefore;
  for (let i = 0; i < locals.length; i++) pushAll(out, dropLocal(fl, locals[i]));
  fl.uniq = savedUniq;
  fl.checked = savedChecked;
  fl.uelems = savedElems;
  fl.ufields = savedFields;
  fl.elemPtrKeys = savedPtrKeys;
  fl.elemPtrs = savedPtrs;
  fl.inSimple = savedSimple;
  if (t.kind == TyK.Never) out.push(unreachable());
  if (result >= 0) out.push(get(result, it));
  return block(0, out, result >= 0 ? it : T.None);
}

export function lowerIf(fl: FnState, e: IfExpr): Ins {
  const t = e.ty!;
  const it = isUnit(t) ? T.None : irType(t);
  const cond = owned(fl, e.cond);
  const then = lowerBranch(fl, e.then, it);
  const other: Ins[] = e.otherwise !== null ? [lowerBranch(fl, e.otherwise!, it)] : [];
  return iff(cond, [then], other, it);
}

/** A branch body; discards a value the enclosing expression does not use. */
export function lowerBranch(fl: FnState, e: Expr, it: T): Ins {
  if (it == T.None && !isUnit(e.ty!)) return discard(fl, e);
  if (it != T.None && e.ty!.kind == TyK.Never) return block(0, [owned(fl, e), unreachable()], it);
  return owned(fl, e);
}

/** `return`: the value computed, then everything owned dropped. */
export function lowerReturn(fl: FnState, e: Expr): Ins {
  const r = e as UnaryLikeExpr;
  const out: Ins[] = [];
  let value: Ins | null = null;
  if (r.value !== null && !isUnit(r.value!.ty!)) {
    const idx = newLocal(fl, irType(r.value!.ty!));
    out.push(set(idx, owned(fl, r.value!)));
    value = get(idx, irType(r.value!.ty!));
  } else if (r.value !== null) out.push(discard(fl, r.value!));
  pushAll(out, unwind(fl, 0, 0));
  out.push(ret(value));
  return block(0, out, T.None);
}

/** `break` (with its value) or `continue`: what the loop's body owns is dropped first. */
export function lowerJump(fl: FnState, e: Expr): Ins {
  const l = fl.loops[fl.loops.length - 1];
  const out: Ins[] = [];
  const bv = e.kind == EK.Break ? (e as UnaryLikeExpr).value : null;
  if (bv !== null) {
    if (l.result >= 0 && !isUnit(bv.ty!)) out.push(set(l.result, owned(fl, bv)));
    else out.push(discard(fl, bv));
  }
  pushAll(out, unwind(fl, l.scopeDepth, l.tempDepth));
  out.push(br(e.kind == EK.Break ? l.breakLabel : l.continueLabel));
  return block(0, out, T.None);
}
