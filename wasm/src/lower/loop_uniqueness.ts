import { TyK } from "../check/types";
import { BlockExpr, EK, Expr, FieldExpr, IdentExpr, IndexExpr, LoopExpr } from "../syntax/ast";
import { binary, block, call, fieldAt, get, iconst, iff, Ins, Mem, Op, set, T, unary } from "../ir/ir";
import { ARRAY_DATA, dataLoad, fieldOffsets, headerLoad, LEN, widthOf } from "./layout";
import { nestRunEnd, uniqueNestArrays, uniqueRunArrays } from "./unique_nests";
import { arrayId, borrowed } from "./access_lower";
import { FnState, localIndex, newLocal } from "./fn_state";
import { makeUnique, uniqueSlot } from "./place_lower";
import { owned } from "./value";

/**
 * What is made unique once before a loop, so that the loop's writes skip
 * their copy-on-write checks: the arrays of a loop nest (unique_nests.ts)
 * with all their elements, and elements at an index the loop does not
 * change (invariant_elems.ts).
 */

/**
 * Before a loop nest that keeps arrays unshared with all their elements
 * (unique_nests.ts): makes each array's root local and the array unique,
 * then every element, and records them for the nest's lowering. Whether
 * there were any.
 */
export function uniqueNest(fl: FnState, l: LoopExpr, out: Ins[]): bool {
  return keepUnique(fl, uniqueNestArrays(l), out);
}

/**
 * Before a run of loop nests of a block (unique_nests.ts nestRunEnd): as
 * uniqueNest, once for them all. The index of the run's last nest, or -1.
 */
export function uniqueRun(fl: FnState, b: BlockExpr, from: i32, out: Ins[]): i32 {
  if (!fl.m.uniqueNests || fl.nestRoots.length > 0) return -1;
  const last = nestRunEnd(b, from);
  if (last < 0) return -1;
  return keepUnique(fl, uniqueRunArrays(b, from, last), out) ? last : -1;
}

/** Makes the arrays kept unique through a nest (or run of nests) unique with every element, and records them. */
export function keepUnique(fl: FnState, arrays: Expr[], out: Ins[]): bool {
  for (let i = 0; i < arrays.length; i++) {
    const a = arrays[i];
    const root = (a.kind == EK.Field ? (a as FieldExpr).object : a) as IdentExpr;
    const idx = localIndex(fl, root.local!);
    if (!fl.nestRoots.includes(idx)) {
      out.push(makeUnique(fl, idx, root.ty!));
      fl.nestRoots.push(idx);
    }
    let arr = get(idx, T.Ptr);
    if (a.kind == EK.Field) {
      const off = fieldOffsets(root.ty!.elems)[(a as FieldExpr).index];
      const slot = binary(Op.Add, T.Ptr, get(idx, T.Ptr), iconst(T.I32, off));
      arr = uniqueSlot(fl, slot, a.ty!, fieldAt(off));
    }
    out.push(call(fl.m.requestHelper("unique_elems", a.ty!), [arr], T.None));
    fl.nestArrays.push(arrayId(fl, a));
  }
  return arrays.length > 0;
}

/** The end of a nest or run of nests: its arrays are no longer known unique. Gives -1. */
export function endRun(fl: FnState): i32 {
  fl.nestRoots = [];
  fl.nestArrays = [];
  return -1;
}

/**
 * Makes the element `a[i]` unique before a loop (see invariant_elems.ts),
 * when `i` is in bounds, and keeps its pointer in `ptr`: an index out of
 * bounds is left to the loop, which panics where the program does before
 * any use of `ptr`.
 */
export function uniqueElemBefore(fl: FnState, ix: IndexExpr, ptr: i32, check: bool): Ins {
  const et = ix.ty!;
  const p = newLocal(fl, T.Ptr);
  const i = newLocal(fl, T.I64);
  let iv = owned(fl, ix.index);
  if (ix.index.ty!.kind != TyK.I64) iv = unary(Op.ExtendI32S, T.I64, iv);
  const len = unary(Op.ExtendI32U, T.I64, headerLoad(get(p, T.Ptr), LEN));
  const slot = binary(Op.Add, T.Ptr, binary(Op.Add, T.Ptr, get(p, T.Ptr),
    binary(Op.Mul, T.I32, unary(Op.WrapI64, T.I32, get(i, T.I64)), iconst(T.I32, widthOf(et)))), iconst(T.I32, ARRAY_DATA));
  return block(0, [
    set(p, borrowed(fl, ix.object)),
    set(i, iv),
    iff(binary(Op.LtU, T.I32, get(i, T.I64), len), [set(ptr, check ? uniqueSlot(fl, slot, et, Mem.Elem) : dataLoad(T.Ptr, 4, slot, 0, Mem.Elem))], [], T.None),
  ], T.None);
}
