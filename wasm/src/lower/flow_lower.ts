import { TyK, Type } from "../check/types";
import {
  BinaryExpr, BlockExpr, CallExpr, CastExpr, EK, Expr, FieldExpr, IdentExpr, IfExpr, IndexExpr, LitExpr, LoopExpr, MatchExpr,
  Local, Pattern, PK, RangeExpr, Stmt, UnaryExpr, UnaryLikeExpr,
} from "../syntax/ast";
import { Tok } from "../syntax/token";
import {
  binary, block, br, brIf, call, callIndirect, copyNode, drop, get, iconst, iff, Ins, load, loop, Op, ret, set, simple, K, store, T, unary,
  unreachable,
  pushAll,
} from "../ir/ir";
import { hashOf } from "./equality";
import { ExprLower } from "./expr_lower";
import { LoopCtx, Temp } from "./fn_base";
import { ARRAY_DATA, CLOSURE_FN, dataLoad, dataStore, fieldOffsets, headerLoad, headerStoreIns, irType, LEN, RC, widthOf } from "./layout";

/** Calls, statements, blocks, branches, loops, match and assignment to places. */
export class FlowLower extends ExprLower {
  flow(e: Expr): Ins {
    switch (e.kind) {
      case EK.Block: return this.lowerBlock(e as BlockExpr);
      case EK.If: return this.lowerIf(e as IfExpr);
      case EK.Match: return this.lowerMatch(e as MatchExpr);
      case EK.While: case EK.Loop: case EK.For: return this.lowerLoop(e as LoopExpr);
      case EK.Assign: return block(0, this.assign(e as BinaryExpr), T.None);
      case EK.Return: {
        const r = e as UnaryLikeExpr;
        const out: Ins[] = [];
        let value: Ins | null = null;
        if (r.value !== null && !this.isUnit(r.value!.ty!)) {
          const idx = this.newLocal(irType(r.value!.ty!));
          out.push(set(idx, this.owned(r.value!)));
          value = get(idx, irType(r.value!.ty!));
        } else if (r.value !== null) out.push(this.discard(r.value!));
        pushAll(out, this.unwind(0, 0));
        out.push(ret(value));
        return block(0, out, T.None);
      }
      case EK.Break: case EK.Continue: {
        const l = this.loops[this.loops.length - 1];
        const out: Ins[] = [];
        const bv = e.kind == EK.Break ? (e as UnaryLikeExpr).value : null;
        if (bv !== null) {
          if (l.result >= 0 && !this.isUnit(bv.ty!)) out.push(set(l.result, this.owned(bv)));
          else out.push(this.discard(bv));
        }
        pushAll(out, this.unwind(l.scopeDepth, l.tempDepth));
        out.push(br(e.kind == EK.Break ? l.breakLabel : l.continueLabel));
        return block(0, out, T.None);
      }
    }
    return unreachable();
  }

  /** Evaluates for effect only. */
  discard(e: Expr): Ins {
    const t = e.ty!;
    const v = this.owned(e);
    if (this.isUnit(t)) return v;
    if (t.isHeap) return this.release(t, v);
    return drop(v);
  }

  lowerStmt(s: Stmt): Ins[] {
    this.pushTemps();
    const out: Ins[] = [];
    if (s.isLet) {
      const t = s.local!.ty;
      if (this.isUnit(t) || s.expr!.ty!.kind == TyK.Never) out.push(this.discard(s.expr!));
      else if (s.names.length > 0) {
        const v = this.owned(s.expr!);
        const tl = this.localIndex(s.local!);
        out.push(set(tl, v));
        this.scopes[this.scopes.length - 1].push(s.local!);
        const offs = fieldOffsets(t.elems);
        // The tuple local keeps the parts alive; the names borrow them.
        for (let i = 0; i < s.names.length; i++) {
          const part = this.info.locals[this.info.locals.indexOf(s.local!) + 1 + i];
          part.borrowed = !part.mutable;
          const pv = this.loadField(t.elems[i], get(tl, T.Ptr), offs[i]);
          out.push(set(this.localIndex(part), part.mutable ? this.retain(t.elems[i], pv) : pv));
          if (part.mutable) this.scopes[this.scopes.length - 1].push(part);
        }
      } else {
        out.push(set(this.localIndex(s.local!), this.owned(s.expr!)));
        this.scopes[this.scopes.length - 1].push(s.local!);
      }
    } else {
      out.push(this.discard(s.expr!));
    }
    pushAll(out, this.popTemps());
    return out;
  }

  lowerBlock(b: BlockExpr): Ins {
    this.scopes.push([]);
    const out: Ins[] = [];
    // Within a run of simple statements (straight-line code whose calls take
    // and return only scalars), a local made unique by copy on write stays unique until it
    // is reassigned or referenced again, so later writes skip the check
    // (nbody's b[i].vx, b[i].vy, b[i].vz updates).
    const savedUniq = this.uniq;
    const savedChecked = this.checked;
    const savedElems = this.uelems;
    const savedFields = this.ufields;
    const savedSimple = this.inSimple;
    this.clearFacts();
    if (this.seedUniq.length > 0) {
      this.uniq = this.seedUniq;
      this.seedUniq = [];
      this.ufields = this.seedFields;
      this.seedFields = [];
    }
    for (let i = 0; i < b.stmts.length; i++) {
      const st = b.stmts[i];
      this.inSimple = simpleStmt(st);
      if (!this.inSimple) this.clearFacts();
      const code = this.lowerStmt(st);
      if (code.length > 0) code[0].loc = this.posText(st.start);
      pushAll(out, code);
      if (!this.inSimple) this.clearFacts();
    }
    // A simple tail continues the run (a loop body's last `i += 1`).
    this.inSimple = b.tail !== null && simpleExpr(b.tail!);
    if (!this.inSimple) this.clearFacts();
    const t = b.ty!;
    const it = this.isUnit(t) ? T.None : irType(t);
    let result = -1;
    if (b.tail !== null) {
      this.pushTemps();
      const tail = b.tail!;
      const first = out.length;
      if (it != T.None && !this.isUnit(tail.ty!)) {
        result = this.newLocal(it);
        out.push(set(result, this.owned(tail)));
      } else out.push(this.discard(tail));
      if (out.length > first) out[first].loc = this.posText(tail.start);
      pushAll(out, this.popTemps());
    }
    this.inSimple = false;
    this.clearFacts();
    const locals = this.scopes.pop();
    for (let i = 0; i < locals.length; i++) pushAll(out, this.dropLocal(locals[i]));
    this.uniq = savedUniq;
    this.checked = savedChecked;
    this.uelems = savedElems;
    this.ufields = savedFields;
    this.inSimple = savedSimple;
    if (t.kind == TyK.Never) out.push(unreachable());
    if (result >= 0) out.push(get(result, it));
    return block(0, out, result >= 0 ? it : T.None);
  }

  lowerIf(e: IfExpr): Ins {
    const t = e.ty!;
    const it = this.isUnit(t) ? T.None : irType(t);
    const cond = this.owned(e.cond);
    const then = this.branch(e.then, it);
    const other: Ins[] = e.otherwise !== null ? [this.branch(e.otherwise!, it)] : [];
    return iff(cond, [then], other, it);
  }

  /** A branch body; discards a value the enclosing expression does not use. */
  branch(e: Expr, it: T): Ins {
    if (it == T.None && !this.isUnit(e.ty!)) return this.discard(e);
    if (it != T.None && e.ty!.kind == TyK.Never) return block(0, [this.owned(e), unreachable()], it);
    return this.owned(e);
  }

  lowerLoop(l: LoopExpr): Ins {
    const brk = this.newLabel();
    const top = this.newLabel();
    const cont = this.newLabel();
    const out: Ins[] = [];
    const inner: Ins[] = [];
    let step: Ins[] = [];
    this.scopes.push([]);
    if (l.kind == EK.While) {
      // `while a && b`: each operand exits the loop on its own (no bool is
      // materialised), unless evaluating them left temporaries to release.
      const terms: Expr[] = [];
      andTerms(l.cond!, terms);
      this.pushTemps();
      const tests: Ins[] = [];
      for (let i = 0; i < terms.length; i++) tests.push(this.owned(terms[i]));
      const temps = this.popTemps();
      if (temps.length == 0) {
        for (let i = 0; i < tests.length; i++) inner.push(brIf(brk, unary(Op.Eqz, T.I32, tests[i])));
      } else {
        let all = tests[tests.length - 1];
        for (let i = tests.length - 2; i >= 0; i--) all = iff(tests[i], [all], [iconst(T.I32, 0)], T.I32);
        const c = this.newLocal(T.I32);
        inner.push(set(c, all));
        pushAll(inner, temps);
        inner.push(brIf(brk, unary(Op.Eqz, T.I32, get(c, T.I32))));
      }
    } else if (l.kind == EK.For) {
      const iter = l.iter!;
      const v = l.local!;
      v.borrowed = true;
      const vi = this.localIndex(v);
      if (iter.kind == EK.Range) {
        const r = iter as RangeExpr;
        const it = irType(r.ty!);
        const end = this.newLocal(it);
        out.push(set(vi, this.owned(r.lo)));
        out.push(set(end, this.owned(r.hi)));
        const unsigned = r.ty!.isUnsigned;
        if (r.inclusive) {
          inner.push(brIf(brk, binary(unsigned ? Op.GtU : Op.GtS, T.I32, get(vi, it), get(end, it))));
          step.push(brIf(brk, binary(Op.Eq, T.I32, get(vi, it), get(end, it))));
        } else {
          inner.push(brIf(brk, binary(unsigned ? Op.GeU : Op.GeS, T.I32, get(vi, it), get(end, it))));
        }
        step.push(set(vi, binary(Op.Add, it, get(vi, it), iconst(it, 1))));
      } else {
        // Iterates over a snapshot: the loop holds its own reference to the array.
        const at = iter.ty!;
        const et = at.elem!;
        const arr = this.newLocal(T.Ptr);
        const idx = this.newLocal(T.I32);
        const w = widthOf(et);
        out.push(set(arr, this.owned(iter)));
        out.push(set(idx, iconst(T.I32, 0)));
        inner.push(brIf(brk, binary(Op.GeS, T.I32, get(idx, T.I32), headerLoad(get(arr, T.Ptr), LEN))));
        inner.push(set(vi, dataLoad(irType(et), w, binary(Op.Add, T.Ptr, get(arr, T.Ptr), binary(Op.Mul, T.I32, get(idx, T.I32), iconst(T.I32, w))), ARRAY_DATA)));
        step.push(set(idx, binary(Op.Add, T.I32, get(idx, T.I32), iconst(T.I32, 1))));
        const t = this.newLocal(T.Ptr);
        this.temps[this.temps.length - 1].push(new Temp(t, at));
        out.push(set(t, get(arr, T.Ptr)));
      }
    }
    const ctx = new LoopCtx(brk, cont, this.scopes.length, this.temps.length);
    const lt = l.ty!;
    if (l.kind == EK.Loop && !this.isUnit(lt)) ctx.result = this.newLocal(irType(lt));
    this.loops.push(ctx);
    // Locals only written through (x[i] = ..., x.f = ...) in a loop of simple
    // statements stay unique from one iteration to the next: one copy-on-write
    // check before the loop replaces one per iteration (sieve, fannkuch).
    if ((l.kind == EK.While || (l.kind == EK.For && l.iter!.kind == EK.Range)) && l.body.kind == EK.Block) {
      const written = loopWritten(l);
      for (let i = 0; i < written.length; i++) {
        const idx = this.localIndex(written[i]);
        out.push(this.makeUnique(idx, written[i].ty));
        this.seedUniq.push(idx);
      }
      // Their heap fields written through (self.items[i] = v) likewise.
      const fields = loopWrittenFields(l, written);
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i];
        const idx = this.localIndex((f.object as IdentExpr).local!);
        const slot = binary(Op.Add, T.Ptr, get(idx, T.Ptr), iconst(T.I32, fieldOffsets(f.object.ty!.elems)[f.index]));
        out.push(drop(this.uniqueSlot(slot, f.ty!)));
        this.seedFields.push((<i64>idx << 32) | <i64>f.index);
      }
    }
    const body = this.discard(l.body);
    this.seedUniq = [];
    this.seedFields = [];
    this.loops.pop();
    this.scopes.pop();
    inner.push(block(cont, [body], T.None));
    pushAll(inner, step);
    inner.push(br(top));
    out.push(block(brk, [loop(top, inner)], T.None));
    if (l.ty!.kind == TyK.Never) out.push(unreachable());
    if (ctx.result >= 0) {
      out.push(get(ctx.result, irType(lt)));
      return block(0, out, irType(lt));
    }
    return block(0, out, T.None);
  }

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

  // ---------- places ----------

  /** The pointer of a heap place made unique (copied if shared), written back to the place. */
  uniquePlace(e: Expr): Ins {
    const t = e.ty!;
    if (e.kind == EK.Ident) {
      const idx = this.localIndex((e as IdentExpr).local!);
      if (this.inSimple) {
        if (this.uniq.includes(idx)) return get(idx, T.Ptr);
        this.uniq.push(idx);
        this.forgetElems(idx, false);  // a copy of the array shares its elements
        this.forgetFields(idx);  // and a copy of the struct its fields
      }
      return block(0, [this.makeUnique(idx, t), get(idx, T.Ptr)], T.Ptr);
    }
    const key = e.kind == EK.Index ? this.elemKey(e as IndexExpr) : -1;
    const fkey = e.kind == EK.Field ? this.fieldKey(e as FieldExpr) : -1;
    // Unique already in this run (or before the loop): the slot holds the same unshared field.
    const known = fkey >= 0 && this.ufields.includes(fkey) && this.uniq.includes(<i32>(fkey >> 32));
    const slot = this.placeAddr(e);
    if (known) return dataLoad(T.Ptr, 4, slot, 0);
    if (fkey >= 0) {
      this.ufields.push(fkey);
      this.forgetArrayElems(this.arrayId(e));  // a copy of the array shares its elements
    }
    if (key >= 0) {
      // Unique already in this run: the slot holds the same unshared element.
      if (this.uelems.includes(key)) return dataLoad(T.Ptr, 4, slot, 0);
      this.uelems.push(key);
    }
    return this.uniqueSlot(slot, t);
  }

  /** The heap value in a slot made unique: copied and written back when shared. */
  uniqueSlot(slot: Ins, t: Type): Ins {
    const a = this.newLocal(T.Ptr);
    const v = this.newLocal(T.Ptr);
    // Only a copy needs writing back: an unshared value is already in place.
    return block(0, [
      set(a, slot),
      set(v, dataLoad(T.Ptr, 4, get(a, T.Ptr), 0)),
      iff(this.shared(get(v, T.Ptr)), [
        set(v, this.uniqueCall(t, get(v, T.Ptr))),
        dataStore(4, get(a, T.Ptr), 0, get(v, T.Ptr)),
      ], [], T.None),
      get(v, T.Ptr),
    ], T.Ptr);
  }

  /** The key of `x.f` (a heap field of a local struct) for the facts of a run of simple statements, or -1. */
  fieldKey(f: FieldExpr): i64 {
    if (!this.inSimple || f.isVariant || f.index < 0 || !f.ty!.isHeap || f.object.kind != EK.Ident) return -1;
    const o = f.object as IdentExpr;
    if (o.local === null || o.variant >= 0) return -1;
    return (<i64>this.localIndex(o.local!) << 32) | <i64>f.index;
  }

  /** Whether a heap object's reference count is not exactly one (it must be copied before writing). */
  shared(p: Ins): Ins {
    return binary(Op.Ne, T.I32, headerLoad(p, RC), iconst(T.I32, 1));
  }

  uniqueCall(t: Type, p: Ins): Ins {
    return call(this.m.requestHelper("unique", t), [p], T.Ptr);
  }

  /** Copy on write for a local: replaced by its copy when shared; the common unshared case makes no call. */
  makeUnique(idx: i32, t: Type): Ins {
    return iff(this.shared(get(idx, T.Ptr)), [set(idx, this.uniqueCall(t, get(idx, T.Ptr)))], [], T.None);
  }

  /** Address of the storage of a field or element place (its parent made unique). */
  placeAddr(e: Expr): Ins {
    if (e.kind == EK.Field) {
      const f = e as FieldExpr;
      const offs = fieldOffsets(f.object.ty!.elems);
      return binary(Op.Add, T.Ptr, this.uniquePlace(f.object), iconst(T.I32, offs[f.index]));
    }
    const ix = e as IndexExpr;
    const et = ix.object.ty!.elem!;
    const key = this.elemKey(ix);
    return this.elementAddr(this.uniquePlace(ix.object), ix.index, widthOf(et), ix.object.end, ARRAY_DATA, key);
  }

  /** Copy on write of a value: `v` itself when unshared, else its copy. */
  unique(t: Type, v: Ins): Ins {
    const p = this.newLocal(T.Ptr);
    return block(0, [set(p, v), this.makeUnique(p, t), get(p, T.Ptr)], T.Ptr);
  }

  assign(a: BinaryExpr): Ins[] {
    const target = a.left;
    const t = target.ty!;
    const it = irType(t);
    if (this.isUnit(t)) return [this.discard(a.right)];
    const nv = this.newLocal(it);
    const out: Ins[] = [];
    if (target.kind == EK.Ident) {
      const idx = this.localIndex((target as IdentExpr).local!);
      this.forgetUnique(idx);
      if (a.op == Tok.Eq && this.isVarSelf(target as IdentExpr)) return this.assignSelf(a, idx, t);
      if (a.op == Tok.Eq) out.push(set(nv, this.owned(a.right)));
      else out.push(set(nv, this.compound(a, t, get(idx, it))));
      if (t.isHeap) out.push(this.release(t, get(idx, T.Ptr)));
      out.push(set(idx, get(nv, it)));
      return out;
    }
    const addr = this.newLocal(T.Ptr);
    const w = widthOf(t);
    if (a.op == Tok.Eq) {
      out.push(set(nv, this.owned(a.right)));
      out.push(set(addr, this.placeAddr(target)));
    } else {
      out.push(set(addr, this.placeAddr(target)));
      out.push(set(nv, this.compound(a, t, dataLoad(it, w, get(addr, T.Ptr), 0))));
    }
    if (t.isHeap) out.push(this.release(t, dataLoad(T.Ptr, 4, get(addr, T.Ptr), 0)));
    out.push(dataStore(w, get(addr, T.Ptr), 0, get(nv, it)));
    return out;
  }

  /** `self` in a `var self` method: the caller's object, which the method changes in place. */
  isVarSelf(id: IdentExpr): bool {
    return this.info.mutSelf && this.info.paramLocals.length > 0 && id.local === this.info.paramLocals[0] && id.ty!.isHeap;
  }

  /**
   * `self = v` in a `var self` method replaces the fields of the caller's
   * object (the pointer the caller holds stays valid): the new value's
   * fields are retained, the old ones released, then the new value dropped.
   */
  assignSelf(a: BinaryExpr, self: i32, t: Type): Ins[] {
    const nv = this.newLocal(T.Ptr);
    const out: Ins[] = [set(nv, this.owned(a.right))];
    const offs = fieldOffsets(t.elems);
    for (let i = 0; i < t.elems.length; i++) {
      if (t.elems[i].isHeap) out.push(this.rt("retain", [dataLoad(T.Ptr, 4, get(nv, T.Ptr), offs[i])]));
    }
    for (let i = 0; i < t.elems.length; i++) {
      const ft = t.elems[i];
      if (ft.isHeap) out.push(this.release(ft, dataLoad(T.Ptr, 4, get(self, T.Ptr), offs[i])));
    }
    for (let i = 0; i < t.elems.length; i++) {
      const ft = t.elems[i];
      const w = widthOf(ft);
      if (w == 0) continue;
      out.push(dataStore(w, get(self, T.Ptr), offs[i], dataLoad(irType(ft), w, get(nv, T.Ptr), offs[i])));
    }
    out.push(this.release(t, get(nv, T.Ptr)));
    return out;
  }

  /** `x op= v` given the current value (borrowed). */
  compound(a: BinaryExpr, t: Type, current: Ins): Ins {
    if (t.kind == TyK.Str) return this.rt("str_concat", [current, this.borrowed(a.right)]);
    return this.arith(a.op, t, current, this.operand(a, t), a);
  }

  // ---------- calls ----------

  lowerCall(c: CallExpr): Ins {
    const t = c.ty!;
    if (c.variant >= 0) {
      if (!t.isHeap) return iconst(T.I32, c.variant);
      return this.object(t.variants[c.variant].payload, c.args, c.variant);
    }
    const target = c.target;
    if (target == "#call") return this.callValue(c);
    if (target.startsWith("#")) return this.builtin(c, target.substring(1));
    const info = this.m.program.funcs.get(target);
    const args: Ins[] = [];
    if (c.isMethod && info.hasSelf) {
      const recv = (c.callee as FieldExpr).object;
      args.push(info.mutSelf && recv.ty!.isHeap ? this.uniquePlace(recv) : this.borrowed(recv));
    }
    for (let i = 0; i < c.args.length; i++) args.push(this.borrowed(c.args[i]));
    this.m.request(target);
    const r = call(target, args, irType(info.ret));
    if (info.ret.kind == TyK.Never) return block(0, [r, unreachable()], T.None);
    return r;
  }

  /** `f(x)` on a function value: an indirect call through the closure's table slot, the closure first. */
  callValue(c: CallExpr): Ins {
    const ft = c.callee.ty!;
    const p = this.newLocal(T.Ptr);
    const sig: T[] = [T.Ptr];
    for (let i = 0; i < ft.elems.length; i++) sig.push(irType(ft.elems[i]) == T.None ? T.I32 : irType(ft.elems[i]));
    const rt = this.isUnit(ft.elem!) ? T.None : irType(ft.elem!);
    const out: Ins[] = [set(p, this.borrowed(c.callee))];
    const args: Ins[] = [get(p, T.Ptr)];
    for (let i = 0; i < c.args.length; i++) args.push(this.borrowed(c.args[i]));
    out.push(callIndirect(args, headerLoad(get(p, T.Ptr), CLOSURE_FN), sig, rt));
    return block(0, out, rt);
  }

  receiver(c: CallExpr): Expr {
    return c.isMethod ? (c.callee as FieldExpr).object : c.args[0];
  }

  calleeStart(c: CallExpr): i32 {
    return c.callee.kind == EK.Field ? (c.callee as FieldExpr).end - (c.callee as FieldExpr).name.length : c.callee.start;
  }

  builtin(c: CallExpr, name: string): Ins {
    if (name == "print" || name == "println" || name == "eprint" || name == "eprintln") {
      const fd = iconst(T.I32, name.startsWith("e") ? 2 : 1);
      const nl = iconst(T.I32, name.endsWith("ln") ? 1 : 0);
      const s = c.args.length > 0 ? this.strOf(c.args[0]) : this.staticStr("");
      return this.rt("print", [fd, s, nl]);
    }
    if (name == "panic") {
      return block(0, [this.rt("panic", [this.borrowed(c.args[0]), this.loc(this.calleeStart(c))]), unreachable()], T.None);
    }
    if (name == "assert") {
      let msg = this.staticStr("assertion failed");
      if (c.args.length > 1) msg = this.rt("str_concat", [this.staticStr("assertion failed: "), this.borrowed(c.args[1])]);
      return iff(unary(Op.Eqz, T.I32, this.owned(c.args[0])), [this.rt("panic", [msg, this.loc(this.calleeStart(c))]), unreachable()], [], T.None);
    }
    if (name == "len") {
      return unary(Op.ExtendI32U, T.I64, headerLoad(this.borrowed(this.receiver(c)), LEN));
    }
    if (name == "chr") return this.rt("chr", [this.owned(c.args[0])]);
    if (name == "read_line" || name == "read_all") return this.rt(name, []);
    if (name == "push") return this.push(c);
    if (name == "pop") return this.pop(c);
    return this.intrinsic(c, name);
  }

  push(c: CallExpr): Ins {
    const recv = (c.callee as FieldExpr).object;
    const at = recv.ty!;
    const et = at.elem!;
    const w = widthOf(et);
    const v = this.newLocal(irType(et));
    const p = this.newLocal(T.Ptr);
    const out: Ins[] = [set(v, this.owned(c.args[0]))];
    if (recv.kind == EK.Ident) {
      const idx = this.localIndex((recv as IdentExpr).local!);
      out.push(set(p, this.rt("array_grow", [this.unique(at, get(idx, T.Ptr)), iconst(T.I32, w)])));
      out.push(set(idx, get(p, T.Ptr)));
    } else {
      const slot = this.newLocal(T.Ptr);
      out.push(set(slot, this.placeAddr(recv)));
      out.push(set(p, this.rt("array_grow", [this.unique(at, dataLoad(T.Ptr, 4, get(slot, T.Ptr), 0)), iconst(T.I32, w)])));
      out.push(dataStore(4, get(slot, T.Ptr), 0, get(p, T.Ptr)));
    }
    const len = headerLoad(get(p, T.Ptr), LEN);
    out.push(dataStore(w, binary(Op.Add, T.Ptr, get(p, T.Ptr), binary(Op.Mul, T.I32, len, iconst(T.I32, w))), ARRAY_DATA, get(v, irType(et))));
    out.push(headerStoreIns(get(p, T.Ptr), LEN, binary(Op.Add, T.I32, headerLoad(get(p, T.Ptr), LEN), iconst(T.I32, 1))));
    return block(0, out, T.None);
  }

  pop(c: CallExpr): Ins {
    const recv = (c.callee as FieldExpr).object;
    const et = recv.ty!.elem!;
    const w = widthOf(et);
    const p = this.newLocal(T.Ptr);
    const n = this.newLocal(T.I32);
    const out: Ins[] = [set(p, this.uniquePlace(recv))];
    out.push(set(n, headerLoad(get(p, T.Ptr), LEN)));
    out.push(iff(unary(Op.Eqz, T.I32, get(n, T.I32)), [
      this.rt("panic", [this.staticStr("pop from empty array"), this.loc(this.calleeStart(c))]), unreachable(),
    ], [], T.None));
    out.push(set(n, binary(Op.Sub, T.I32, get(n, T.I32), iconst(T.I32, 1))));
    out.push(headerStoreIns(get(p, T.Ptr), LEN, get(n, T.I32)));
    // The element's reference moves out of the array to the caller.
    out.push(dataLoad(irType(et), w, binary(Op.Add, T.Ptr, get(p, T.Ptr), binary(Op.Mul, T.I32, get(n, T.I32), iconst(T.I32, w))), ARRAY_DATA));
    return block(0, out, irType(et));
  }

  intrinsic(c: CallExpr, name: string): Ins {
    const a: Ins[] = [];
    for (let i = 0; i < c.args.length; i++) a.push(name == "__str_ptr" || name == "__hash" ? this.borrowed(c.args[i]) : this.owned(c.args[i]));
    if (name.startsWith("__load_")) {
      const k = name.substring(7);
      if (k == "u8") return load(T.I32, 1, a[0], 0);
      if (k == "i64") return load(T.I64, 8, a[0], 0);
      if (k == "f64") return load(T.F64, 8, a[0], 0);
      return load(k == "ptr" ? T.Ptr : T.I32, 4, a[0], 0);
    }
    if (name.startsWith("__store_")) {
      const k = name.substring(8);
      return store(k == "u8" ? 1 : (k == "i64" || k == "f64") ? 8 : 4, a[0], 0, a[1]);
    }
    if (name == "__memory_size") return simple(K.MemorySize, [], T.I32);
    if (name == "__memory_grow") return simple(K.MemoryGrow, a, T.I32);
    if (name == "__heap_base") { const n = iconst(T.Ptr, 0); n.name = "heap_base"; return n; }
    if (name == "__memcpy") return simple(K.MemoryCopy, a, T.None);
    if (name == "__memset") return simple(K.MemoryFill, a, T.None);
    if (name == "__f64_bits") return unary(Op.Reinterpret, T.I64, a[0]);
    if (name == "__f64_from_bits") return unary(Op.Reinterpret, T.F64, a[0]);
    if (name == "__str_ptr" || name == "__ptr_str") return a[0];
    if (name == "__hash") return hashOf(this, c.args[0].ty!, a[0]);
    if (name == "__f64_sqrt") return unary(Op.FSqrt, T.F64, a[0]);
    if (name == "__f64_floor") return unary(Op.FFloor, T.F64, a[0]);
    if (name == "__f64_ceil") return unary(Op.FCeil, T.F64, a[0]);
    if (name == "__f64_trunc") return unary(Op.FTrunc, T.F64, a[0]);
    if (name == "__f64_abs") return unary(Op.FAbs, T.F64, a[0]);
    if (name == "__f64_nearest") return unary(Op.FNearest, T.F64, a[0]);
    if (name == "__f64_min") return binary(Op.FMin, T.F64, a[0], a[1]);
    if (name == "__f64_max") return binary(Op.FMax, T.F64, a[0], a[1]);
    if (name == "__f64_copysign") return binary(Op.FCopysign, T.F64, a[0], a[1]);
    return unreachable();
  }
}

/** Re-reading a value: only local reads and loads of local reads are duplicated. */
export function copyIns(v: Ins): Ins {
  const n = copyNode(v);
  n.loc = "";  // a re-read value does not begin a statement
  for (let i = 0; i < v.args.length; i++) n.args.push(copyIns(v.args[i]));
  return n;
}

/**
 * Straight-line expressions without conditionals or blocks: numbers,
 * variables, fields, elements, casts, arithmetic, assignments and calls of
 * plain functions on scalars. Their lowering branches only to panics, and
 * passes no heap value to a function.
 */
function simpleExpr(e: Expr): bool {
  switch (e.kind) {
    case EK.Int: case EK.Float: case EK.Bool: return true;
    case EK.Ident: return (e as IdentExpr).local !== null || !e.ty!.isHeap;
    case EK.Unary: return !(e as UnaryExpr).operand.ty!.isHeap && simpleExpr((e as UnaryExpr).operand);
    case EK.Binary: {
      const b = e as BinaryExpr;
      if (b.op == Tok.AndAnd || b.op == Tok.OrOr || b.left.ty!.isHeap || b.right.ty!.isHeap) return false;
      return simpleExpr(b.left) && simpleExpr(b.right);
    }
    case EK.Assign: {
      const b = e as BinaryExpr;
      if (b.right.ty!.isHeap) return false;
      return simpleExpr(b.left) && simpleExpr(b.right);
    }
    case EK.Field: {
      const f = e as FieldExpr;
      return !f.isVariant && f.index >= 0 && simpleExpr(f.object);
    }
    case EK.Index: {
      const ix = e as IndexExpr;
      return ix.index.kind != EK.Range && ix.object.ty!.kind == TyK.Array && simpleExpr(ix.object) && simpleExpr(ix.index);
    }
    case EK.Cast: return !e.ty!.isHeap && simpleExpr((e as CastExpr).value);
    case EK.Call: {
      // A plain function of scalars (math.sqrt(d2)): the callee cannot reach
      // this function's locals, so their uniqueness and lengths still hold.
      const c = e as CallExpr;
      // len(x) reads the length of a borrowed place: no reference is taken.
      if (c.target == "#len") {
        const r = c.isMethod ? (c.callee as FieldExpr).object : c.args[0];
        return (r.kind == EK.Ident || r.kind == EK.Field || r.kind == EK.Index) && simpleExpr(r);
      }
      if (c.isMethod || c.variant >= 0 || c.target == "" || c.target.startsWith("#") || e.ty!.isHeap) return false;
      for (let i = 0; i < c.args.length; i++) if (c.args[i].ty!.isHeap || !simpleExpr(c.args[i])) return false;
      return true;
    }
  }
  return false;
}

/** The operands of a chain `a && b && c`, left to right (just `e` when it is not one). */
function andTerms(e: Expr, out: Expr[]): void {
  if (e.kind == EK.Binary && (e as BinaryExpr).op == Tok.AndAnd) {
    andTerms((e as BinaryExpr).left, out);
    andTerms((e as BinaryExpr).right, out);
  } else out.push(e);
}

function simpleStmt(st: Stmt): bool {
  if (st.expr === null) return false;
  if (st.isLet) return st.names.length == 0 && simpleExpr(st.expr!);
  return simpleExpr(st.expr!);
}

/** The local at the root of a place (x in x[i].f), or null. */
function placeRoot(e: Expr): Local | null {
  while (e.kind == EK.Field || e.kind == EK.Index) e = e.kind == EK.Field ? (e as FieldExpr).object : (e as IndexExpr).object;
  if (e.kind != EK.Ident) return null;
  const id = e as IdentExpr;
  return id.variant < 0 ? id.local : null;
}

/** Whether `x` occurs in `e` only as the array or struct of an element or field access. */
function onlyAsBase(e: Expr, x: Local): bool {
  switch (e.kind) {
    case EK.Int: case EK.Float: case EK.Bool: return true;
    case EK.Ident: return (e as IdentExpr).local !== x;
    case EK.Unary: return onlyAsBase((e as UnaryExpr).operand, x);
    case EK.Binary: case EK.Assign: return onlyAsBase((e as BinaryExpr).left, x) && onlyAsBase((e as BinaryExpr).right, x);
    case EK.Field: {
      const o = (e as FieldExpr).object;
      return o.kind == EK.Ident ? true : onlyAsBase(o, x);
    }
    case EK.Index: {
      const ix = e as IndexExpr;
      return (ix.object.kind == EK.Ident ? true : onlyAsBase(ix.object, x)) && onlyAsBase(ix.index, x);
    }
    case EK.Cast: return onlyAsBase((e as CastExpr).value, x);
    case EK.Call: {
      const c = e as CallExpr;
      if (c.isMethod) return false;
      for (let i = 0; i < c.args.length; i++) if (!onlyAsBase(c.args[i], x)) return false;
      return true;
    }
  }
  return false;
}

/**
 * Heap locals written through in a while or range loop whose condition and
 * body are simple and which use them only as the base of accesses.
 */
function loopWritten(l: LoopExpr): Local[] {
  const out: Local[] = [];
  const body = l.body as BlockExpr;
  if (l.kind == EK.While && (l.cond === null || !simpleExpr(l.cond!))) return out;
  const exprs: Expr[] = [];
  for (let i = 0; i < body.stmts.length; i++) {
    if (!simpleStmt(body.stmts[i])) return out;
    exprs.push(body.stmts[i].expr!);
  }
  if (body.tail !== null) {
    if (!simpleExpr(body.tail!)) return out;
    exprs.push(body.tail!);
  }
  for (let i = 0; i < exprs.length; i++) {
    const e = exprs[i];
    if (e.kind != EK.Assign) continue;
    const left = (e as BinaryExpr).left;
    if (left.kind == EK.Ident) continue;
    const x = placeRoot(left);
    if (x === null || !x.ty.isHeap || out.includes(x)) continue;
    let ok = l.kind != EK.While || onlyAsBase(l.cond!, x);
    for (let j = 0; ok && j < exprs.length; j++) ok = onlyAsBase(exprs[j], x);
    if (ok) out.push(x);
  }
  return out;
}

/** Whether `e` is `x.f` with `f` the field `index` of the local `x`. */
function isFieldOf(e: Expr, x: Local, index: i32): bool {
  if (e.kind != EK.Field) return false;
  const f = e as FieldExpr;
  return !f.isVariant && f.index == index && f.object.kind == EK.Ident && (f.object as IdentExpr).local === x;
}

/** Whether `x.f` occurs in `e` only as the array or struct of an access, or the argument of `len`. */
function fieldOnlyAsBase(e: Expr, x: Local, index: i32): bool {
  switch (e.kind) {
    case EK.Int: case EK.Float: case EK.Bool: case EK.Ident: return true;
    case EK.Unary: return fieldOnlyAsBase((e as UnaryExpr).operand, x, index);
    case EK.Binary: case EK.Assign: {
      const b = e as BinaryExpr;
      return fieldOnlyAsBase(b.left, x, index) && fieldOnlyAsBase(b.right, x, index);
    }
    case EK.Field: {
      if (isFieldOf(e, x, index)) return false;
      const o = (e as FieldExpr).object;
      return isFieldOf(o, x, index) || fieldOnlyAsBase(o, x, index);
    }
    case EK.Index: {
      const ix = e as IndexExpr;
      return (isFieldOf(ix.object, x, index) || fieldOnlyAsBase(ix.object, x, index)) && fieldOnlyAsBase(ix.index, x, index);
    }
    case EK.Cast: return fieldOnlyAsBase((e as CastExpr).value, x, index);
    case EK.Call: {
      const c = e as CallExpr;
      if (c.target == "#len" && !c.isMethod && isFieldOf(c.args[0], x, index)) return true;
      if (c.isMethod) return false;
      for (let i = 0; i < c.args.length; i++) if (!fieldOnlyAsBase(c.args[i], x, index)) return false;
      return true;
    }
  }
  return false;
}

/**
 * The heap fields `x.f` of the loop's written locals `roots` that the loop
 * writes through (x.f[i] = v) and otherwise uses only as a base: made unique
 * once before the loop, they stay unique through it.
 */
function loopWrittenFields(l: LoopExpr, roots: Local[]): FieldExpr[] {
  const out: FieldExpr[] = [];
  if (roots.length == 0) return out;
  const body = l.body as BlockExpr;
  const exprs: Expr[] = [];
  if (l.kind == EK.While) exprs.push(l.cond!);
  for (let i = 0; i < body.stmts.length; i++) exprs.push(body.stmts[i].expr!);
  if (body.tail !== null) exprs.push(body.tail!);
  for (let i = 0; i < exprs.length; i++) {
    const e = exprs[i];
    if (e.kind != EK.Assign) continue;
    // The access just above the root: x.f in x.f[i].g.
    let p = (e as BinaryExpr).left;
    let f: FieldExpr | null = null;
    while (p.kind == EK.Field || p.kind == EK.Index) {
      const o = p.kind == EK.Field ? (p as FieldExpr).object : (p as IndexExpr).object;
      if (o.kind == EK.Ident) {
        if (p.kind == EK.Field) f = p as FieldExpr;
        break;
      }
      p = o;
    }
    if (f === null || f === (e as BinaryExpr).left || f.isVariant || f.index < 0 || !f.ty!.isHeap) continue;
    const x = (f.object as IdentExpr).local;
    if (x === null || (f.object as IdentExpr).variant >= 0 || !roots.includes(x!)) continue;
    let dup = false;
    for (let j = 0; j < out.length; j++) if ((out[j].object as IdentExpr).local === x && out[j].index == f.index) dup = true;
    if (dup) continue;
    let ok = true;
    for (let j = 0; ok && j < exprs.length; j++) ok = fieldOnlyAsBase(exprs[j], x!, f.index);
    if (ok) out.push(f);
  }
  return out;
}
