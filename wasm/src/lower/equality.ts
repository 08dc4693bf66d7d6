// What std.map needs from a key, for every key type: `==` on tuples (field
// by field, short-circuiting) and the `__hash` intrinsic. Both walk a
// value's structure: integers, bool, f64, payload-free enums, str, and
// tuples of them (nested too). Operands are borrowed pointers or scalars.
import { TyK, Type } from "../check/types";
import { binary, block, fconst, get, iconst, iff, Ins, Op, set, T, unary } from "../ir/ir";
import { FnBase } from "./fn_base";
import { dataLoad, fieldOffsets, irType, widthOf } from "./layout";

// The start of a tuple's hash; any odd constant keeps (0,) apart from ().
const TUPLE_SEED: i64 = 0x27d4eb2f165667c5;

function loadElem(t: Type, i: i32, p: i32): Ins {
  const et = t.elems[i];
  return dataLoad(irType(et), widthOf(et), get(p, T.Ptr), fieldOffsets(t.elems)[i]);
}

/** `l == r` for two values of type t (an i32 0 or 1). */
export function valuesEqual(fb: FnBase, t: Type, l: Ins, r: Ins): Ins {
  if (t.kind == TyK.Str) return fb.rt("str_eq", [l, r]);
  if (t.kind != TyK.Tuple) return binary(Op.Eq, T.I32, l, r);
  const a = fb.newLocal(T.Ptr);
  const b = fb.newLocal(T.Ptr);
  const last = t.elems.length - 1;
  let result = valuesEqual(fb, t.elems[last], loadElem(t, last, a), loadElem(t, last, b));
  for (let i = last - 1; i >= 0; i--) {
    const eq = valuesEqual(fb, t.elems[i], loadElem(t, i, a), loadElem(t, i, b));
    result = iff(eq, [result], [iconst(T.I32, 0)], T.I32);
  }
  return block(0, [set(a, l), set(b, r), result], T.I32);
}

/** The i64 hash of a value of type t; equal values hash alike (0.0 and -0.0 included). */
export function hashOf(fb: FnBase, t: Type, v: Ins): Ins {
  if (t.kind == TyK.Str) return fb.rt("str_hash", [v]);
  if (t.kind == TyK.Tuple) {
    const p = fb.newLocal(T.Ptr);
    let h = iconst(T.I64, TUPLE_SEED);
    for (let i = 0; i < t.elems.length; i++) h = fb.rt("hash_mix", [h, hashOf(fb, t.elems[i], loadElem(t, i, p))]);
    return block(0, [set(p, v), h], T.I64);
  }
  if (t.kind == TyK.F64) {
    const x = fb.newLocal(T.F64);
    const bits = iff(binary(Op.Eq, T.I32, get(x, T.F64), fconst(0)), [iconst(T.I64, 0)],
      [unary(Op.Reinterpret, T.I64, get(x, T.F64))], T.I64);
    return block(0, [set(x, v), fb.rt("hash_i64", [bits])], T.I64);
  }
  const wide = irType(t) == T.I64 ? v : unary(t.isUnsigned || t.kind == TyK.Bool ? Op.ExtendI32U : Op.ExtendI32S, T.I64, v);
  return fb.rt("hash_i64", [wide]);
}
