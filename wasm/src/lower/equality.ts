// What std.map needs from a key, for every key type: `==` on tuples (field
// by field, short-circuiting) and the `__hash` intrinsic. Both walk a
// value's structure: integers, bool, f64, payload-free enums, str, and
// tuples of them (nested too). Operands are borrowed pointers or scalars.
import { TyK, Type } from "../check/types";
import { binary, block, fconst, get, iconst, iff, Ins, Op, set, T, unary } from "../ir/ir";
import { dataLoad, fieldOffsets, irType, widthOf } from "./layout";
import { FnState, newLocal } from "./fn_state";
import { rt } from "./runtime_calls";

// The start of a tuple's hash; any odd constant keeps (0,) apart from ().
const TUPLE_SEED: i64 = 0x27d4eb2f165667c5;

function loadElem(t: Type, i: i32, p: i32): Ins {
  const et = t.elems[i];
  return dataLoad(irType(et), widthOf(et), get(p, T.Ptr), fieldOffsets(t.elems)[i]);
}

/** `l == r` for two values of type t (an i32 0 or 1). */
export function valuesEqual(fl: FnState, t: Type, l: Ins, r: Ins): Ins {
  if (t.kind == TyK.Str) return rt(fl, "str_eq", [l, r]);
  if (t.kind != TyK.Tuple) return binary(Op.Eq, T.I32, l, r);
  const a = newLocal(fl, T.Ptr);
  const b = newLocal(fl, T.Ptr);
  const last = t.elems.length - 1;
  let result = valuesEqual(fl, t.elems[last], loadElem(t, last, a), loadElem(t, last, b));
  for (let i = last - 1; i >= 0; i--) {
    const eq = valuesEqual(fl, t.elems[i], loadElem(t, i, a), loadElem(t, i, b));
    result = iff(eq, [result], [iconst(T.I32, 0)], T.I32);
  }
  return block(0, [set(a, l), set(b, r), result], T.I32);
}

/** The i64 hash of a value of type t; equal values hash alike (0.0 and -0.0 included). */
export function hashOf(fl: FnState, t: Type, v: Ins): Ins {
  if (t.kind == TyK.Str) return rt(fl, "str_hash", [v]);
  if (t.kind == TyK.Tuple) {
    const p = newLocal(fl, T.Ptr);
    let h = iconst(T.I64, TUPLE_SEED);
    for (let i = 0; i < t.elems.length; i++) h = rt(fl, "hash_mix", [h, hashOf(fl, t.elems[i], loadElem(t, i, p))]);
    return block(0, [set(p, v), h], T.I64);
  }
  if (t.kind == TyK.F64) {
    const x = newLocal(fl, T.F64);
    const bits = iff(binary(Op.Eq, T.I32, get(x, T.F64), fconst(0)), [iconst(T.I64, 0)],
      [unary(Op.Reinterpret, T.I64, get(x, T.F64))], T.I64);
    return block(0, [set(x, v), rt(fl, "hash_i64", [bits])], T.I64);
  }
  const wide = irType(t) == T.I64 ? v : unary(t.isUnsigned || t.kind == TyK.Bool ? Op.ExtendI32U : Op.ExtendI32S, T.I64, v);
  return rt(fl, "hash_i64", [wide]);
}
