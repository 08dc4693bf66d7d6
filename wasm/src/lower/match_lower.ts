import { TyK, Type } from "../check/types";
import { EK, IdentExpr, LitExpr, MatchExpr, Pattern, PK } from "../syntax/ast";
import { binary, block, br, brIf, copyNode, get, iconst, Ins, Op, pushAll, set, T, unary, unreachable } from "../ir/ir";
import { Temp } from "./fn_base";
import { fieldOffsets, headerLoad, irType, LEN } from "./layout";
import { CallLower } from "./call_lower";

/** `match`: the scrutinee held for the arms, pattern tests and bindings, guards. */
export class MatchLower extends CallLower {
  lowerMatch(m: MatchExpr): Ins {
    const t = m.ty!;
    const it = this.isUnit(t) ? T.None : irType(t);
    const st = m.scrutinee.ty!;
    const sIdx = this.newLocal(irType(st) == T.None ? T.I32 : irType(st));
    const out: Ins[] = [];
    // The match holds its own reference, so bindings stay valid even if the
    // scrutinee's variable is reassigned inside an arm.
    // An immutable variable (a parameter or `let`) already keeps its value
    // alive for the whole match and cannot be reassigned: borrow it, with no
    // retain and release (binary-trees' `check`).
    const sc = m.scrutinee;
    const stable = sc.kind == EK.Ident && (sc as IdentExpr).local !== null && (sc as IdentExpr).variant < 0 &&
      !(sc as IdentExpr).local!.mutable;
    if (stable) out.push(set(sIdx, this.borrowed(sc)));
    else out.push(set(sIdx, this.owned(sc)));
    if (st.isHeap && !stable) {
      const t2 = this.newLocal(T.Ptr);
      this.temps[this.temps.length - 1].push(new Temp(t2, st));
      out.push(set(t2, get(sIdx, T.Ptr)));
    }
    const done = this.newLabel();
    const result = it != T.None ? this.newLocal(it) : -1;
    const arms: Ins[] = [];
    for (let i = 0; i < m.arms.length; i++) {
      const arm = m.arms[i];
      const next = this.newLabel();
      const body: Ins[] = [];
      this.scopes.push([]);
      this.test(arm.pattern, get(sIdx, irType(st) == T.None ? T.I32 : irType(st)), st, next, body);
      if (arm.guard !== null) {
        this.pushTemps();
        const g = this.newLocal(T.I32);
        body.push(set(g, this.owned(arm.guard!)));
        pushAll(body, this.popTemps());
        body.push(brIf(next, unary(Op.Eqz, T.I32, get(g, T.I32))));
      }
      this.pushTemps();
      if (result >= 0 && arm.body.ty!.kind != TyK.Never) body.push(set(result, this.owned(arm.body)));
      else body.push(this.discard(arm.body));
      pushAll(body, this.popTemps());
      this.scopes.pop();
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
  test(p: Pattern, v: Ins, t: Type, fail: i32, out: Ins[]): void {
    switch (p.kind) {
      case PK.Wild: return;
      case PK.Bind: {
        const l = p.local!;
        l.borrowed = true;
        out.push(set(this.localIndex(l), v));
        return;
      }
      case PK.Lit: {
        const lit = p.lit!;
        if (t.kind == TyK.Str) {
          out.push(brIf(fail, unary(Op.Eqz, T.I32, this.rt("str_eq", [v, this.staticStr((lit as LitExpr).text)]))));
          return;
        }
        out.push(brIf(fail, binary(Op.Ne, T.I32, v, this.owned(lit))));
        return;
      }
      case PK.Range: {
        const unsigned = t.isUnsigned;
        out.push(brIf(fail, binary(unsigned ? Op.LtU : Op.LtS, T.I32, v, this.owned(p.lit!))));
        out.push(brIf(fail, binary(p.hasParens ? (unsigned ? Op.GtU : Op.GtS) : (unsigned ? Op.GeU : Op.GeS), T.I32, copyIns(v), this.owned(p.hi!))));
        return;
      }
      case PK.Or: {
        // Any alternative may match: try each, jumping to `ok` on success.
        const ok = this.newLabel();
        const tries: Ins[] = [];
        for (let i = 0; i < p.subs.length; i++) {
          const next = this.newLabel();
          const body: Ins[] = [];
          this.test(p.subs[i], copyIns(v), t, next, body);
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
          this.test(p.subs[i], this.loadField(t.elems[i], copyIns(v), offs[i]), t.elems[i], fail, out);
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
      this.test(p.subs[i], this.loadField(payload[i], copyIns(v), offs[i]), payload[i], fail, out);
    }
  }
}

/** Re-reading a value: only local reads and loads of local reads are duplicated. */
export function copyIns(v: Ins): Ins {
  const n = copyNode(v);
  n.loc = "";  // a re-read value does not begin a statement
  for (let i = 0; i < v.args.length; i++) n.args.push(copyIns(v.args[i]));
  return n;
}
