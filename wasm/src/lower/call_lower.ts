import { TyK } from "../check/types";
import { CallExpr, EK, Expr, FieldExpr, IdentExpr } from "../syntax/ast";
import { binary, block, call, callIndirect, get, iconst, iff, Ins, K, load, Op, set, simple, store, T, unary, unreachable } from "../ir/ir";
import { isLibrary, keepingCallSite, withCallSite } from "./caller_loc";
import { hashOf } from "./equality";
import { ARRAY_DATA, CLOSURE_FN, dataLoad, dataStore, headerLoad, headerStoreIns, irType, LEN, widthOf } from "./layout";
import { borrowed } from "./access_lower";
import { allocObject } from "./aggregate_lower";
import { strOf } from "./expr_lower";
import { FnState, localIndex, newLocal } from "./fn_state";
import { placeAddr, uniquePlace, uniqueValue } from "./place_lower";
import { lenLocalOf } from "./run_facts";
import { loc, rt, staticStr } from "./runtime_calls";
import { isUnit, owned } from "./value";

/** Calls: of functions and methods, of closures, of builtins (print, push, pop, ...) and intrinsics. */

export function lowerCall(fl: FnState, c: CallExpr): Ins {
  const t = c.ty!;
  if (c.variant >= 0) {
    if (!t.isHeap) return iconst(T.I32, c.variant);
    return allocObject(fl, t.variants[c.variant].payload, c.args, c.variant);
  }
  const target = c.target;
  if (target == "#call") return callValue(fl, c);
  if (target.startsWith("#")) return builtin(fl, c, target.substring(1));
  const info = fl.m.program.funcs.get(target);
  const args: Ins[] = [];
  if (c.isMethod && info.hasSelf) {
    const recv = (c.callee as FieldExpr).object;
    args.push(info.mutSelf && recv.ty!.isHeap ? uniquePlace(fl, recv) : borrowed(fl, recv));
  }
  for (let i = 0; i < c.args.length; i++) args.push(borrowed(fl, c.args[i]));
  fl.m.request(target);
  let r = call(target, args, irType(info.ret));
  if (!isLibrary(fl.source) && isLibrary(info.mod.module.source)) r = withCallSite(fl, loc(fl, calleeStart(c)), r);
  if (info.ret.kind == TyK.Never) return block(0, [r, unreachable()], T.None);
  return r;
}

/** `f(x)` on a function value: an indirect call through the closure's table slot, the closure first. */
export function callValue(fl: FnState, c: CallExpr): Ins {
  const ft = c.callee.ty!;
  const p = newLocal(fl, T.Ptr);
  const sig: T[] = [T.Ptr];
  for (let i = 0; i < ft.elems.length; i++) sig.push(irType(ft.elems[i]) == T.None ? T.I32 : irType(ft.elems[i]));
  const rt = isUnit(ft.elem!) ? T.None : irType(ft.elem!);
  const out: Ins[] = [set(p, borrowed(fl, c.callee))];
  const args: Ins[] = [get(p, T.Ptr)];
  for (let i = 0; i < c.args.length; i++) args.push(borrowed(fl, c.args[i]));
  // The function may be the library's or, called from the library, the user's.
  const ci = callIndirect(args, headerLoad(get(p, T.Ptr), CLOSURE_FN), sig, rt);
  out.push(isLibrary(fl.source) ? keepingCallSite(fl, ci) : withCallSite(fl, loc(fl, calleeStart(c)), ci));
  return block(0, out, rt);
}

/** The array a builtin like `len` works on: `a.len()` or `len(a)`. */
export function receiver(c: CallExpr): Expr {
  return c.isMethod ? (c.callee as FieldExpr).object : c.args[0];
}

/** Where a call's panics point: the callee's name. */
export function calleeStart(c: CallExpr): i32 {
  return c.callee.kind == EK.Field ? (c.callee as FieldExpr).end - (c.callee as FieldExpr).name.length : c.callee.start;
}

export function builtin(fl: FnState, c: CallExpr, name: string): Ins {
  if (name == "print" || name == "println" || name == "eprint" || name == "eprintln") {
    const fd = iconst(T.I32, name.startsWith("e") ? 2 : 1);
    const nl = iconst(T.I32, name.endsWith("ln") ? 1 : 0);
    const s = c.args.length > 0 ? strOf(fl, c.args[0]) : staticStr(fl, "");
    return rt(fl, "print", [fd, s, nl]);
  }
  if (name == "panic") {
    return block(0, [rt(fl, "panic", [borrowed(fl, c.args[0]), loc(fl, calleeStart(c))]), unreachable()], T.None);
  }
  if (name == "assert") {
    let msg = staticStr(fl, "assertion failed");
    if (c.args.length > 1) msg = rt(fl, "str_concat", [staticStr(fl, "assertion failed: "), borrowed(fl, c.args[1])]);
    return iff(unary(Op.Eqz, T.I32, owned(fl, c.args[0])), [rt(fl, "panic", [msg, loc(fl, calleeStart(c))]), unreachable()], [], T.None);
  }
  if (name == "len") {
    const known = lenLocalOf(fl, receiver(c));
    if (known >= 0) return unary(Op.ExtendI32U, T.I64, get(known, T.I32));
    return unary(Op.ExtendI32U, T.I64, headerLoad(borrowed(fl, receiver(c)), LEN));
  }
  if (name == "chr") return rt(fl, "chr", [owned(fl, c.args[0])]);
  if (name == "read_line" || name == "read_all") return rt(fl, name, []);
  if (name == "push") return lowerPush(fl, c);
  if (name == "pop") return lowerPop(fl, c);
  return intrinsic(fl, c, name);
}

export function lowerPush(fl: FnState, c: CallExpr): Ins {
  const recv = (c.callee as FieldExpr).object;
  const at = recv.ty!;
  const et = at.elem!;
  const w = widthOf(et);
  const v = newLocal(fl, irType(et));
  const p = newLocal(fl, T.Ptr);
  const out: Ins[] = [set(v, owned(fl, c.args[0]))];
  if (recv.kind == EK.Ident) {
    const idx = localIndex(fl, (recv as IdentExpr).local!);
    out.push(set(p, rt(fl, "array_grow", [uniqueValue(fl, at, get(idx, T.Ptr)), iconst(T.I32, w)])));
    out.push(set(idx, get(p, T.Ptr)));
  } else {
    const slot = newLocal(fl, T.Ptr);
    out.push(set(slot, placeAddr(fl, recv)));
    out.push(set(p, rt(fl, "array_grow", [uniqueValue(fl, at, dataLoad(T.Ptr, 4, get(slot, T.Ptr), 0)), iconst(T.I32, w)])));
    out.push(dataStore(4, get(slot, T.Ptr), 0, get(p, T.Ptr)));
  }
  const len = headerLoad(get(p, T.Ptr), LEN);
  out.push(dataStore(w, binary(Op.Add, T.Ptr, get(p, T.Ptr), binary(Op.Mul, T.I32, len, iconst(T.I32, w))), ARRAY_DATA, get(v, irType(et))));
  out.push(headerStoreIns(get(p, T.Ptr), LEN, binary(Op.Add, T.I32, headerLoad(get(p, T.Ptr), LEN), iconst(T.I32, 1))));
  return block(0, out, T.None);
}

export function lowerPop(fl: FnState, c: CallExpr): Ins {
  const recv = (c.callee as FieldExpr).object;
  const et = recv.ty!.elem!;
  const w = widthOf(et);
  const p = newLocal(fl, T.Ptr);
  const n = newLocal(fl, T.I32);
  const out: Ins[] = [set(p, uniquePlace(fl, recv))];
  out.push(set(n, headerLoad(get(p, T.Ptr), LEN)));
  out.push(iff(unary(Op.Eqz, T.I32, get(n, T.I32)), [
    rt(fl, "panic", [staticStr(fl, "pop from empty array"), loc(fl, calleeStart(c))]), unreachable(),
  ], [], T.None));
  out.push(set(n, binary(Op.Sub, T.I32, get(n, T.I32), iconst(T.I32, 1))));
  out.push(headerStoreIns(get(p, T.Ptr), LEN, get(n, T.I32)));
  // The element's reference moves out of the array to the caller.
  out.push(dataLoad(irType(et), w, binary(Op.Add, T.Ptr, get(p, T.Ptr), binary(Op.Mul, T.I32, get(n, T.I32), iconst(T.I32, w))), ARRAY_DATA));
  return block(0, out, irType(et));
}

export function intrinsic(fl: FnState, c: CallExpr, name: string): Ins {
  const a: Ins[] = [];
  for (let i = 0; i < c.args.length; i++) a.push(name == "__str_ptr" || name == "__hash" ? borrowed(fl, c.args[i]) : owned(fl, c.args[i]));
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
  // Whether the build exports its live-allocation count (--leak-check): the
  // only reader of the runtime's counter, so without it the allocator and
  // free skip a load, an add and a store per object.
  if (name == "__counts_allocations") return iconst(T.I32, fl.m.leakCheck ? 1 : 0);
  if (name == "__memcpy") return simple(K.MemoryCopy, a, T.None);
  if (name == "__memset") return simple(K.MemoryFill, a, T.None);
  if (name == "__f64_bits") return unary(Op.Reinterpret, T.I64, a[0]);
  if (name == "__f64_from_bits") return unary(Op.Reinterpret, T.F64, a[0]);
  if (name == "__str_ptr" || name == "__ptr_str") return a[0];
  if (name == "__hash") return hashOf(fl, c.args[0].ty!, a[0]);
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
