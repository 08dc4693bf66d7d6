import { TyK } from "../check/types";
import { BinaryExpr, BlockExpr, EK, Expr, FieldExpr, IdentExpr, IfExpr, IndexExpr, LoopExpr, MatchExpr, RangeExpr, Stmt, UnaryLikeExpr } from "../syntax/ast";
import { Tok } from "../syntax/token";
import { binary, block, br, brIf, call, drop, get, iconst, iff, fieldAt, Ins, loop, Mem, Op, pushAll, ret, set, T, unary, unreachable } from "../ir/ir";
import { LoopCtx, Temp } from "./fn_base";
import { ARRAY_DATA, dataLoad, fieldOffsets, headerLoad, irType, LEN, widthOf } from "./layout";
import { MatchLower } from "./match_lower";
import { loopInvariantElems } from "./invariant_elems";
import { loopWritten, loopWrittenFields, simpleExpr, simpleStmt } from "./simple_runs";
import { nestRunEnd, uniqueNestArrays, uniqueRunArrays } from "./unique_nests";

/** Statements, blocks, branches, loops, and the jumps out of them (break, continue, return). */
export class FlowLower extends MatchLower {
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
        this.forgetUnique(tl);
        this.scopes[this.scopes.length - 1].push(s.local!);
        const offs = fieldOffsets(t.elems);
        // The tuple local keeps the parts alive; the names borrow them.
        for (let i = 0; i < s.names.length; i++) {
          const part = this.info.locals[this.info.locals.indexOf(s.local!) + 1 + i];
          part.borrowed = !part.mutable;
          const pv = this.loadField(t.elems[i], get(tl, T.Ptr), offs[i]);
          out.push(set(this.localIndex(part), part.mutable ? this.retain(t.elems[i], pv) : pv));
          this.forgetUnique(this.localIndex(part));
          if (part.mutable) this.scopes[this.scopes.length - 1].push(part);
        }
      } else {
        // A declaration in a loop runs again each iteration: what was known
        // of the local (made unique before the loop, say) holds no more.
        const idx = this.localIndex(s.local!);
        out.push(set(idx, this.owned(s.expr!)));
        this.forgetUnique(idx);
        this.scopes[this.scopes.length - 1].push(s.local!);
        if (this.stableLens.includes(s.local!)) {
          const len = this.newLocal(T.I32);
          out.push(set(len, headerLoad(get(idx, T.Ptr), LEN)));
          this.lenLocals.set(idx, len);
        }
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
    const savedPtrKeys = this.elemPtrKeys;
    const savedPtrs = this.elemPtrs;
    const savedSimple = this.inSimple;
    this.clearFacts();
    if (this.seedUniq.length > 0) {
      this.uniq = this.seedUniq;
      this.seedUniq = [];
      this.ufields = this.seedFields;
      this.seedFields = [];
      this.uelems = this.seedElems;
      this.seedElems = [];
      this.elemPtrKeys = this.uelems.slice(0);
      this.elemPtrs = this.seedElemPtrs;
      this.seedElemPtrs = [];
    }
    let runEnd = -1;
    for (let i = 0; i < b.stmts.length; i++) {
      const st = b.stmts[i];
      if (runEnd < 0) runEnd = this.uniqueRun(b, i, out);
      this.inSimple = simpleStmt(st);
      if (!this.inSimple) this.clearFacts();
      const code = this.lowerStmt(st);
      if (code.length > 0) code[0].loc = this.posText(st.start);
      pushAll(out, code);
      if (!this.inSimple) this.clearFacts();
      if (i == runEnd) runEnd = this.endRun();
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
    if (runEnd >= 0) runEnd = this.endRun();
    this.inSimple = false;
    this.clearFacts();
    const locals = this.scopes.pop();
    for (let i = 0; i < locals.length; i++) pushAll(out, this.dropLocal(locals[i]));
    this.uniq = savedUniq;
    this.checked = savedChecked;
    this.uelems = savedElems;
    this.ufields = savedFields;
    this.elemPtrKeys = savedPtrKeys;
    this.elemPtrs = savedPtrs;
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
        // A 64-bit index, addressed as `a[i]` is once checked: `p + (i as i32) * size + data`
        // in a block, which the LLVM backend computes in 64 bits (expr.ts, elementAddress),
        // so the loop's address is an induction variable LLVM can vectorise.
        const idx = this.newLocal(T.I64);
        const w = widthOf(et);
        out.push(set(arr, this.owned(iter)));
        out.push(set(idx, iconst(T.I64, 0)));
        const len = unary(Op.ExtendI32U, T.I64, headerLoad(get(arr, T.Ptr), LEN));
        inner.push(brIf(brk, binary(Op.GeS, T.I32, get(idx, T.I64), len)));
        const scaled = binary(Op.Mul, T.I32, unary(Op.WrapI64, T.I32, get(idx, T.I64)), iconst(T.I32, w));
        const elem = binary(Op.Add, T.Ptr, binary(Op.Add, T.Ptr, get(arr, T.Ptr), scaled), iconst(T.I32, ARRAY_DATA));
        inner.push(set(vi, dataLoad(irType(et), w, block(0, [elem], T.Ptr), 0)));
        step.push(set(idx, binary(Op.Add, T.I64, get(idx, T.I64), iconst(T.I64, 1))));
        const t = this.newLocal(T.Ptr);
        this.temps[this.temps.length - 1].push(new Temp(t, at));
        out.push(set(t, get(arr, T.Ptr)));
      }
    }
    const ctx = new LoopCtx(brk, cont, this.scopes.length, this.temps.length);
    const lt = l.ty!;
    if (l.kind == EK.Loop && !this.isUnit(lt)) ctx.result = this.newLocal(irType(lt));
    this.loops.push(ctx);
    const nest = this.m.uniqueNests && this.nestRoots.length == 0 ? this.uniqueNest(l, out) : false;
    // Locals only written through (x[i] = ..., x.f = ...) in a loop of simple
    // statements stay unique from one iteration to the next: one copy-on-write
    // check before the loop replaces one per iteration (sieve, fannkuch).
    if ((l.kind == EK.While || (l.kind == EK.For && l.iter!.kind == EK.Range)) && l.body.kind == EK.Block) {
      const written = loopWritten(l);
      for (let i = 0; i < written.length; i++) {
        const idx = this.localIndex(written[i]);
        if (!this.nestRoots.includes(idx)) out.push(this.makeUnique(idx, written[i].ty));
        this.seedUniq.push(idx);
      }
      // Their heap fields written through (self.items[i] = v) likewise.
      const fields = loopWrittenFields(l, written);
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i];
        const idx = this.localIndex((f.object as IdentExpr).local!);
        const off = fieldOffsets(f.object.ty!.elems)[f.index];
        const slot = binary(Op.Add, T.Ptr, get(idx, T.Ptr), iconst(T.I32, off));
        if (!this.nestArrays.includes(this.arrayId(f))) out.push(drop(this.uniqueSlot(slot, f.ty!, fieldAt(off))));
        this.seedFields.push((<i64>idx << 32) | <i64>f.index);
      }
      // Their elements written through at an index the loop does not change.
      const elems = loopInvariantElems(l, written, fields);
      for (let i = 0; i < elems.length; i++) {
        // An element of an array its loop nest keeps unshared needs no check.
        // V8 still gains from its pointer kept in a local; LLVM hoists the load
        // itself (the test and load before each loop only cost it).
        const inNest = this.nestArrays.includes(this.arrayId(elems[i].object));
        if (inNest && !this.m.forWasm) continue;
        const ptr = this.newLocal(T.Ptr);
        out.push(this.uniqueElemBefore(elems[i], ptr, !inNest));
        const n = (elems[i].index as IdentExpr).local!;
        this.seedElems.push((<i64>this.arrayId(elems[i].object) << 32) | <i64>this.localIndex(n));
        this.seedElemPtrs.push(ptr);
      }
    }
    const body = this.discard(l.body);
    this.seedUniq = [];
    this.seedFields = [];
    this.seedElems = [];
    this.seedElemPtrs = [];
    this.loops.pop();
    this.scopes.pop();
    if (nest) this.endRun();
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

  /**
   * Before a loop nest that keeps arrays unshared with all their elements
   * (unique_nests.ts): makes each array's root local and the array unique,
   * then every element, and records them for the nest's lowering. Whether
   * there were any.
   */
  uniqueNest(l: LoopExpr, out: Ins[]): bool {
    return this.keepUnique(uniqueNestArrays(l), out);
  }

  /**
   * Before a run of loop nests of a block (unique_nests.ts nestRunEnd): as
   * uniqueNest, once for them all. The index of the run's last nest, or -1.
   */
  uniqueRun(b: BlockExpr, from: i32, out: Ins[]): i32 {
    if (!this.m.uniqueNests || this.nestRoots.length > 0) return -1;
    const last = nestRunEnd(b, from);
    if (last < 0) return -1;
    return this.keepUnique(uniqueRunArrays(b, from, last), out) ? last : -1;
  }

  /** Makes the arrays kept unique through a nest (or run of nests) unique with every element, and records them. */
  keepUnique(arrays: Expr[], out: Ins[]): bool {
    for (let i = 0; i < arrays.length; i++) {
      const a = arrays[i];
      const root = (a.kind == EK.Field ? (a as FieldExpr).object : a) as IdentExpr;
      const idx = this.localIndex(root.local!);
      if (!this.nestRoots.includes(idx)) {
        out.push(this.makeUnique(idx, root.ty!));
        this.nestRoots.push(idx);
      }
      let arr = get(idx, T.Ptr);
      if (a.kind == EK.Field) {
        const off = fieldOffsets(root.ty!.elems)[(a as FieldExpr).index];
        const slot = binary(Op.Add, T.Ptr, get(idx, T.Ptr), iconst(T.I32, off));
        arr = this.uniqueSlot(slot, a.ty!, fieldAt(off));
      }
      out.push(call(this.m.requestHelper("unique_elems", a.ty!), [arr], T.None));
      this.nestArrays.push(this.arrayId(a));
    }
    return arrays.length > 0;
  }

  /** The end of a nest or run of nests: its arrays are no longer known unique. Gives -1. */
  endRun(): i32 {
    this.nestRoots = [];
    this.nestArrays = [];
    return -1;
  }

  /**
   * Makes the element `a[i]` unique before a loop (see invariant_elems.ts),
   * when `i` is in bounds, and keeps its pointer in `ptr`: an index out of
   * bounds is left to the loop, which panics where the program does before
   * any use of `ptr`.
   */
  uniqueElemBefore(ix: IndexExpr, ptr: i32, check: bool): Ins {
    const et = ix.ty!;
    const p = this.newLocal(T.Ptr);
    const i = this.newLocal(T.I64);
    let iv = this.owned(ix.index);
    if (ix.index.ty!.kind != TyK.I64) iv = unary(Op.ExtendI32S, T.I64, iv);
    const len = unary(Op.ExtendI32U, T.I64, headerLoad(get(p, T.Ptr), LEN));
    const slot = binary(Op.Add, T.Ptr, binary(Op.Add, T.Ptr, get(p, T.Ptr),
      binary(Op.Mul, T.I32, unary(Op.WrapI64, T.I32, get(i, T.I64)), iconst(T.I32, widthOf(et)))), iconst(T.I32, ARRAY_DATA));
    return block(0, [
      set(p, this.borrowed(ix.object)),
      set(i, iv),
      iff(binary(Op.LtU, T.I32, get(i, T.I64), len), [set(ptr, check ? this.uniqueSlot(slot, et, Mem.Elem) : dataLoad(T.Ptr, 4, slot, 0, Mem.Elem))], [], T.None),
    ], T.None);
  }
}

/** The operands of a chain `a && b && c`, left to right (just `e` when it is not one). */
function andTerms(e: Expr, out: Expr[]): void {
  if (e.kind == EK.Binary && (e as BinaryExpr).op == Tok.AndAnd) {
    andTerms((e as BinaryExpr).left, out);
    andTerms((e as BinaryExpr).right, out);
  } else out.push(e);
}
