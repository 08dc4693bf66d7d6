import { TyK } from "../check/types";
import { BinaryExpr, EK, Expr, IdentExpr, LoopExpr, RangeExpr } from "../syntax/ast";
import { Tok } from "../syntax/token";
import { binary, block, br, brIf, drop, fieldAt, get, iconst, iff, Ins, loop, Op, pushAll, set, T, unary, unreachable } from "../ir/ir";
import { ARRAY_DATA, dataLoad, fieldOffsets, headerLoad, irType, LEN, widthOf } from "./layout";
import { loopInvariantElems } from "./invariant_elems";
import { loopWritten, loopWrittenFields } from "./simple_runs";
import { arrayId } from "./access_lower";
import { FnState, localIndex, LoopCtx, newLabel, newLocal, Temp } from "./fn_state";
import { endRun, uniqueElemBefore, uniqueNest } from "./loop_uniqueness";
import { popTemps, pushTemps } from "./ownership";
import { makeUnique, uniqueSlot } from "./place_lower";
import { discard, isUnit, owned } from "./value";

/** Loops: `while`, `loop`, and `for` over a range or an array. */

export function lowerLoop(fl: FnState, l: LoopExpr): Ins {
  const brk = newLabel(fl);
  const top = newLabel(fl);
  const cont = newLabel(fl);
  const out: Ins[] = [];
  const inner: Ins[] = [];
  let step: Ins[] = [];
  fl.scopes.push([]);
  const visibleBefore = fl.visible.length;
  if (l.kind == EK.While) {
    // `while a && b`: each operand exits the loop on its own (no bool is
    // materialised), unless evaluating them left temporaries to release.
    const terms: Expr[] = [];
    andTerms(l.cond!, terms);
    pushTemps(fl);
    const tests: Ins[] = [];
    for (let i = 0; i < terms.length; i++) tests.push(owned(fl, terms[i]));
    const temps = popTemps(fl);
    if (temps.length == 0) {
      for (let i = 0; i < tests.length; i++) inner.push(brIf(brk, unary(Op.Eqz, T.I32, tests[i])));
    } else {
      let all = tests[tests.length - 1];
      for (let i = tests.length - 2; i >= 0; i--) all = iff(tests[i], [all], [iconst(T.I32, 0)], T.I32);
      const c = newLocal(fl, T.I32);
      inner.push(set(c, all));
      pushAll(inner, temps);
      inner.push(brIf(brk, unary(Op.Eqz, T.I32, get(c, T.I32))));
    }
  } else if (l.kind == EK.For) {
    const iter = l.iter!;
    const v = l.local!;
    v.borrowed = true;
    const vi = localIndex(fl, v);
    fl.visible.push(v);
    if (iter.kind == EK.Range) {
      const r = iter as RangeExpr;
      const it = irType(r.ty!);
      const end = newLocal(fl, it);
      out.push(set(vi, owned(fl, r.lo)));
      out.push(set(end, owned(fl, r.hi)));
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
      const arr = newLocal(fl, T.Ptr);
      // A 64-bit index, addressed as `a[i]` is once checked: `p + (i as i32) * size + data`
      // in a block, which the LLVM backend computes in 64 bits (expr.ts, elementAddress),
      // so the loop's address is an induction variable LLVM can vectorise.
      const idx = newLocal(fl, T.I64);
      const w = widthOf(et);
      out.push(set(arr, owned(fl, iter)));
      out.push(set(idx, iconst(T.I64, 0)));
      const len = unary(Op.ExtendI32U, T.I64, headerLoad(get(arr, T.Ptr), LEN));
      inner.push(brIf(brk, binary(Op.GeS, T.I32, get(idx, T.I64), len)));
      const scaled = binary(Op.Mul, T.I32, unary(Op.WrapI64, T.I32, get(idx, T.I64)), iconst(T.I32, w));
      const elem = binary(Op.Add, T.Ptr, binary(Op.Add, T.Ptr, get(arr, T.Ptr), scaled), iconst(T.I32, ARRAY_DATA));
      inner.push(set(vi, dataLoad(irType(et), w, block(0, [elem], T.Ptr), 0)));
      step.push(set(idx, binary(Op.Add, T.I64, get(idx, T.I64), iconst(T.I64, 1))));
      const t = newLocal(fl, T.Ptr);
      fl.temps[fl.temps.length - 1].push(new Temp(t, at));
      out.push(set(t, get(arr, T.Ptr)));
    }
  }
  const ctx = new LoopCtx(brk, cont, fl.scopes.length, fl.temps.length);
  const lt = l.ty!;
  if (l.kind == EK.Loop && !isUnit(lt)) ctx.result = newLocal(fl, irType(lt));
  fl.loops.push(ctx);
  const nest = fl.m.uniqueNests && fl.nestRoots.length == 0 ? uniqueNest(fl, l, out) : false;
  // Locals only written through (x[i] = ..., x.f = ...) in a loop of simple
  // statements stay unique from one iteration to the next: one copy-on-write
  // check before the loop replaces one per iteration (sieve, fannkuch).
  if ((l.kind == EK.While || (l.kind == EK.For && l.iter!.kind == EK.Range)) && l.body.kind == EK.Block) {
    const written = loopWritten(l);
    for (let i = 0; i < written.length; i++) {
      const idx = localIndex(fl, written[i]);
      if (!fl.nestRoots.includes(idx)) out.push(makeUnique(fl, idx, written[i].ty));
      fl.seedUniq.push(idx);
    }
    // Their heap fields written through (self.items[i] = v) likewise.
    const fields = loopWrittenFields(l, written);
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      const idx = localIndex(fl, (f.object as IdentExpr).local!);
      const off = fieldOffsets(f.object.ty!.elems)[f.index];
      const slot = binary(Op.Add, T.Ptr, get(idx, T.Ptr), iconst(T.I32, off));
      if (!fl.nestArrays.includes(arrayId(fl, f))) out.push(drop(uniqueSlot(fl, slot, f.ty!, fieldAt(off))));
      fl.seedFields.push((<i64>idx << 32) | <i64>f.index);
    }
    // Their elements written through at an index the loop does not change.
    const elems = loopInvariantElems(l, written, fields);
    for (let i = 0; i < elems.length; i++) {
      // An element of an array its loop nest keeps unshared needs no check.
      // V8 still gains from its pointer kept in a local; LLVM hoists the load
      // itself (the test and load before each loop only cost it).
      const inNest = fl.nestArrays.includes(arrayId(fl, elems[i].object));
      if (inNest && !fl.m.forWasm) continue;
      const ptr = newLocal(fl, T.Ptr);
      out.push(uniqueElemBefore(fl, elems[i], ptr, !inNest));
      const n = (elems[i].index as IdentExpr).local!;
      fl.seedElems.push((<i64>arrayId(fl, elems[i].object) << 32) | <i64>localIndex(fl, n));
      fl.seedElemPtrs.push(ptr);
    }
  }
  const body = discard(fl, l.body);
  fl.seedUniq = [];
  fl.seedFields = [];
  fl.seedElems = [];
  fl.seedElemPtrs = [];
  fl.loops.pop();
  fl.scopes.pop();
  fl.visible.length = visibleBefore;
  if (nest) endRun(fl);
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

/** The operands of a chain `a && b && c`, left to right (just `e` when it is not one). */
function andTerms(e: Expr, out: Expr[]): void {
  if (e.kind == EK.Binary && (e as BinaryExpr).op == Tok.AndAnd) {
    andTerms((e as BinaryExpr).left, out);
    andTerms((e as BinaryExpr).right, out);
  } else out.push(e);
}
