import { TyK, Type } from "../check/types";
import { EK, IdentExpr, LitExpr, MatchExpr, Pattern, PK } from "../syntax/ast";
import { binary, block, br, brIf, copyNode, get, iconst, Ins, Op, pushAll, set, T, unary, unreachable } from "../ir/ir";
import { fieldOffsets, headerLoad, irType, LEN } from "./layout";
import { borrowed, loadField } from "./access_lower";
import { FnState, localIndex, newLabel, newLocal, Temp } from "./fn_state";
import { popTemps, pushTemps } from "./ownership";
import { rt, staticStr } from "./runtime_calls";
import { discard, isUnit, owned } from "./value";

/** `match`: the scrutinee held for the arms, pattern tests and bindings, guards. */

export function lowerMatch(fl: FnState, m: MatchExpr): Ins {
  const t = m.ty!;
  const it = isUnit(t) ? T.None : irType(t);
  const st = m.scrutinee.ty!;
  const sIdx = newLocal(fl, irType(st) == T.None ? T.I32 : irType(st));
  const out: Ins[] = [];
  // The match holds its own reference, so bindings stay valid even if the
  // scrutinee's variable is reassigned inside an arm.
  // An immutable variable (a parameter or `let`) already keeps its value
  // alive for the whole match and cannot be reassigned: borrow it, with no
  // retain and release (binary-trees' `check`).
  const sc = m.scrutinee;
  const stable = sc.kind == EK.Ident && (sc as IdentExpr).local !== null && (sc as IdentExpr).variant < 0 &&
    !(sc as IdentExpr).local!.mutable;
  if (stable) out.push(set(sIdx, borrowed(fl, sc)));
  else out.push(set(sIdx, owned(fl, sc)));
  if (st.isHeap && !stable) {
    const t2 = newLocal(fl, T.Ptr);
    fl.temps[fl.temps.length - 1].push(new Temp(t2, st));
    out.push(set(t2, get(sIdx, T.Ptr)));
  }
  const done = newLabel(fl);
  const result = it != T.None ? newLocal(fl, it) : -1;
  const arms: Ins[] = [];
  for (let i = 0; i < m.arms.length; i++) {
    const arm = m.arms[i];
    const next = newLabel(fl);
    const body: Ins[] = [];
    fl.scopes.push([]);
    testPattern(fl, arm.pattern, get(sIdx, irType(st) == T.None ? T.I32 : irType(st)), st, next, body);
    if (arm.guard !== null) {
      pushTemps(fl);
      const g = newLocal(fl, T.I32);
      body.push(set(g, owned(fl, arm.guard!)));
      pushAll(body, popTemps(fl));
      body.push(brIf(next, unary(Op.Eqz, T.I32, get(g, T.I32))));
    }
    pushTemps(fl);
    if (result >= 0 && arm.body.ty!.kind != TyK.Never) body.push(set(result, owned(fl, arm.body)));
    else body.push(discard(fl, arm.body));
    pushAll(body, popTemps(fl));
    fl.scopes.pop();
    body.push(br(done));
    arms.push(block(next, body, T.None));
  }
  arms.push(unreachable());
  out.push(block(done, arms, T.None));
  if (t.kind == TyK.Never) out.push(unreachable());
  if (result >= 0) out.push(get(result, it));
  return block(0, out, result >= 0 ? it : T.None);
}

/** Emits checks that branch to `fail` when `v` does not match `p`, and binds names. */
export function testPattern(fl: FnState, p: Pattern, v: Ins, t: Type, fail: i32, out: Ins[]): void {
  switch (p.kind) {
    case PK.Wild: return;
    case PK.Bind: {
      const l = p.local!;
      l.borrowed = true;
      out.push(set(localIndex(fl, l), v));
      return;
    }
    case PK.Lit: {
      const lit = p.lit!;
      if (t.kind == TyK.Str) {
        out.push(brIf(fail, unary(Op.Eqz, T.I32, rt(fl, "str_eq", [v, staticStr(fl, (lit as LitExpr).text)]))));
        return;
      }
      out.push(brIf(fail, binary(Op.Ne, T.I32, v, owned(fl, lit))));
      return;
    }
    case PK.Range: {
      const unsigned = t.isUnsigned;
      out.push(brIf(fail, binary(unsigned ? Op.LtU : Op.LtS, T.I32, v, owned(fl, p.lit!))));
      out.push(brIf(fail, binary(p.hasParens ? (unsigned ? Op.GtU : Op.GtS) : (unsigned ? Op.GeU : Op.GeS), T.I32, copyIns(v), owned(fl, p.hi!))));
      return;
    }
    case PK.Or: {
      // Any alternative may match: try each, jumping to `ok` on success.
      const ok = newLabel(fl);
      const tries: Ins[] = [];
      for (let i = 0; i < p.subs.length; i++) {
        const next = newLabel(fl);
        const body: Ins[] = [];
        testPattern(fl, p.subs[i], copyIns(v), t, next, body);
        body.push(br(ok));
        tries.push(block(next, body, T.None));
      }
      tries.push(br(fail));
      out.push(block(ok, tries, T.None));
      return;
    }
    case PK.Tuple: {
      const offs = fieldOffsets(t.elems);
      for (let i = 0; i < p.subs.length; i++) {
        testPattern(fl, p.subs[i], loadField(t.elems[i], copyIns(v), offs[i]), t.elems[i], fail, out);
      }
      return;
    }
  }
  // Variant
  if (!t.isHeap) {
    out.push(brIf(fail, binary(Op.Ne, T.I32, v, iconst(T.I32, p.variant))));
    return;
  }
  out.push(brIf(fail, binary(Op.Ne, T.I32, headerLoad(v, LEN), iconst(T.I32, p.variant))));
  const payload = t.variants[p.variant].payload;
  const offs = fieldOffsets(payload);
  for (let i = 0; i < p.subs.length && i < payload.length; i++) {
    testPattern(fl, p.subs[i], loadField(payload[i], copyIns(v), offs[i]), payload[i], fail, out);
  }
}


/** Re-reading a value: only local reads and loads of local reads are duplicated. */
export function copyIns(v: Ins): Ins {
  const n = copyNode(v);
  n.loc = "";  // a re-read value does not begin a statement
  for (let i = 0; i < v.args.length; i++) n.args.push(copyIns(v.args[i]));
  return n;
}
