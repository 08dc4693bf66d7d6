import { isResult, tI32, TyK, Type } from "../check/types";
import { ClosureExpr, Expr, ListExpr, UnaryLikeExpr } from "../syntax/ast";
import { binary, block, br, brIf, call, Func, get, iconst, iff, Ins, K, loop, Op, pushAll, ret as ret_, set, simple, T, unary, unreachable } from "../ir/ir";
import { ARRAY_DATA, CLOSURE_DROP, CLOSURE_FN, dataLoad, dataStore, fieldOffsets, headerLoad, headerStore, irType, LEN, RC, widthOf } from "./layout";
import { int64, loadField } from "./access_lower";
import { FnState, localIndex, newLabel, newLocal } from "./fn_state";
import { release, retain, temp, unwind } from "./ownership";
import { forgetUnique } from "./run_facts";
import { allocFixed, loc, rt } from "./runtime_calls";
import { isUnit, owned } from "./value";

/** Values built on the heap: structs, tuples, enum payloads, arrays, closures, and `?`. */

/**
 * Creates a closure: an object with the table slots of its code and of its
 * drop function, and a copy of each captured variable (heap values get a
 * new reference). The body becomes a function of its own, lowered later.
 */
export function closureValue(fl: FnState, c: ClosureExpr): Ins {
  const m = fl.m;
  const offs = fieldOffsets(closureFields(c));
  if (c.fnName == "") {
    m.closureCount++;
    c.fnName = "closure." + m.closureCount.toString();
    m.closures.set(c.fnName, c);
    m.request(c.fnName);
    c.slot = m.tableSlot(c.fnName);
    const drops: Ins[] = [];
    for (let j = 0; j < c.inner.length; j++) {
      const t = c.inner[j].ty;
      if (t.isHeap) drops.push(release(fl, t, dataLoad(T.Ptr, 4, get(0, T.Ptr), offs[j + 1])));
    }
    if (drops.length > 0) {
      const d = new Func(c.fnName + ".drop", [T.Ptr], T.None);
      d.locals.push(T.Ptr);
      d.body = drops;
      m.addFunc(d);
      c.dropSlot = m.tableSlot(d.name);
    }
  }
  const p = newLocal(fl, T.Ptr);
  const body: Ins[] = [
    set(p, allocFixed(fl, offs[offs.length - 1])),
    headerStore(get(p, T.Ptr), RC, 1),
    headerStore(get(p, T.Ptr), CLOSURE_FN, c.slot),
    headerStore(get(p, T.Ptr), CLOSURE_DROP, c.dropSlot),
  ];
  for (let j = 0; j < c.captured.length; j++) {
    const outer = c.captured[j];
    const t = outer.ty;
    if (isUnit(t)) continue;
    const idx = localIndex(fl, outer);
    if (t.isHeap) forgetUnique(fl, idx);  // a second reference
    body.push(dataStore(widthOf(t), get(p, T.Ptr), offs[j + 1], retain(fl, t, get(idx, irType(t)))));
  }
  body.push(get(p, T.Ptr));
  return block(0, body, T.Ptr);
}

/** A named function as a value: a static closure whose code calls the function. */
export function fnRefValue(fl: FnState, name: string): Ins {
  const m = fl.m;
  if (m.fnRefs.has(name)) return iconst(T.Ptr, m.fnRefs.get(name));
  const info = m.program.funcs.get(name);
  const params: T[] = [T.Ptr];
  const args: Ins[] = [];
  for (let i = 0; i < info.params.length; i++) {
    const it = irType(info.params[i]) == T.None ? T.I32 : irType(info.params[i]);
    params.push(it);
    args.push(get(i + 1, it));
  }
  const result = info.ret.kind == TyK.Never ? T.None : irType(info.ret);
  const f = new Func("fnref." + name, params, result);
  for (let i = 0; i < params.length; i++) f.locals.push(params[i]);
  m.request(name);
  f.body.push(call(name, args, result));
  m.addFunc(f);
  const addr = m.data.addClosure(m.tableSlot(f.name));
  m.fnRefs.set(name, addr);
  return iconst(T.Ptr, addr);
}

/** Allocates an object with the given fields; tag >= 0 writes an enum tag. */
export function allocObject(fl: FnState, types: Type[], values: Expr[], tag: i32): Ins {
  // A variant without payload is immutable and needs no allocation: one
  // static object (rc 0, never freed) per tag (binary-trees' Tree.Empty).
  if (tag >= 0 && types.length == 0) return iconst(T.Ptr, fl.m.data.addUnitVariant(tag));
  const offs = fieldOffsets(types);
  const p = newLocal(fl, T.Ptr);
  // The values first, into locals: one of them may leave the function
  // (`Ok(a + f(x)?)`), which must not leak an allocated object.
  const body: Ins[] = [];
  const vals: i32[] = [];
  for (let i = 0; i < values.length && i < types.length; i++) {
    // A unit payload (`Ok(())`) takes no space: only its side effects remain.
    if (widthOf(types[i]) == 0) { body.push(owned(fl, values[i])); vals.push(-1); continue; }
    const l = newLocal(fl, irType(types[i]));
    body.push(set(l, owned(fl, values[i])));
    vals.push(l);
  }
  body.push(set(p, allocFixed(fl, offs[offs.length - 1])));
  body.push(headerStore(get(p, T.Ptr), RC, 1));
  body.push(headerStore(get(p, T.Ptr), LEN, tag < 0 ? 0 : tag));
  for (let i = 0; i < vals.length; i++) {
    if (vals[i] >= 0) body.push(dataStore(widthOf(types[i]), get(p, T.Ptr), offs[i], get(vals[i], irType(types[i]))));
  }
  body.push(get(p, T.Ptr));
  return block(0, body, T.Ptr);
}

export function arrayLit(fl: FnState, a: ListExpr): Ins {
  if (a.count !== null) return repeatLit(fl, a);
  const et = a.ty!.elem!;
  const w = widthOf(et);
  const p = newLocal(fl, T.Ptr);
  const n = a.elems.length;
  const body: Ins[] = [set(p, rt(fl, "array_new", [iconst(T.I32, n), iconst(T.I32, n), iconst(T.I32, w)]))];
  for (let i = 0; i < n; i++) body.push(dataStore(w, get(p, T.Ptr), ARRAY_DATA + i * w, owned(fl, a.elems[i])));
  body.push(get(p, T.Ptr));
  return block(0, body, T.Ptr);
}

/** `x?`: on None/Err, drop what is live and return None/Err(e) from the function. */
export function tryOp(fl: FnState, e: UnaryLikeExpr): Ins {
  const vt = e.value!.ty!;
  const v = newLocal(fl, T.Ptr);
  const pt = vt.elem!;
  const ret = fl.info.ret;
  const body: Ins[] = [set(v, temp(fl, vt, owned(fl, e.value!)))];
  const fail: Ins[] = [];
  const r = newLocal(fl, T.Ptr);
  if (isResult(vt)) {
    const et = vt.variants[1].payload[0];
    const eoffs = fieldOffsets([et]);
    const ev = loadField(et, get(v, T.Ptr), eoffs[0]);
    // Build Err(e) of the function's own Result type from a new reference to e.
    const p = newLocal(fl, T.Ptr);
    const roffs = fieldOffsets(ret.variants[1].payload);
    fail.push(set(p, allocFixed(fl, roffs[roffs.length - 1])));
    fail.push(headerStore(get(p, T.Ptr), RC, 1));
    fail.push(headerStore(get(p, T.Ptr), LEN, 1));
    if (widthOf(et) > 0) fail.push(dataStore(widthOf(et), get(p, T.Ptr), roffs[0], retain(fl, et, ev)));
    fail.push(set(r, get(p, T.Ptr)));
  } else {
    fail.push(set(r, allocObject(fl, [], [], 1)));
  }
  pushAll(fail, unwind(fl, 0, 0));
  fail.push(ret_(get(r, T.Ptr)));
  body.push(iff(binary(Op.Ne, T.I32, headerLoad(get(v, T.Ptr), LEN), iconst(T.I32, 0)), fail, [], T.None));
  // A unit payload (`Result<(), E>`) has no value to load.
  if (widthOf(pt) == 0) return block(0, body, T.None);
  const offs = fieldOffsets([pt]);
  body.push(retain(fl, pt, loadField(pt, get(v, T.Ptr), offs[0])));
  return block(0, body, irType(pt));
}

/** `[x; n]`: one evaluation of x, shared by all n elements. */
export function repeatLit(fl: FnState, a: ListExpr): Ins {
  const et = a.ty!.elem!;
  const w = widthOf(et);
  const it = irType(et);
  const n = newLocal(fl, T.I64);
  const v = newLocal(fl, it);
  const p = newLocal(fl, T.Ptr);
  const i = newLocal(fl, T.I32);
  const value = owned(fl, a.elems[0]);
  const body: Ins[] = [
    set(v, value),
    set(n, int64(fl, a.count!)),
    iff(binary(Op.LtS, T.I32, get(n, T.I64), iconst(T.I64, 0)), [
      rt(fl, "panic_negative_length", [get(n, T.I64), loc(fl, a.start)]), unreachable(),
    ], [], T.None),
    set(p, rt(fl, "array_new", [unary(Op.WrapI64, T.I32, get(n, T.I64)), unary(Op.WrapI64, T.I32, get(n, T.I64)), iconst(T.I32, w)])),
    set(i, iconst(T.I32, 0)),
  ];
  // Bytes, and elements whose bits are all zero, are one memset (what C's calloc gives).
  const zeroBits = value.kind == K.Const && (value.ty == T.F64 ? reinterpret<i64>(value.f) == 0 : value.i == 0);
  if (!et.isHeap && (w == 1 || zeroBits)) {
    const bytes = binary(Op.Mul, T.I32, unary(Op.WrapI64, T.I32, get(n, T.I64)), iconst(T.I32, w));
    const start = binary(Op.Add, T.Ptr, get(p, T.Ptr), iconst(T.I32, ARRAY_DATA));
    body.push(simple(K.MemoryFill, [start, w == 1 ? get(v, T.I32) : iconst(T.I32, 0), bytes], T.None));
    body.push(get(p, T.Ptr));
    return block(0, body, T.Ptr);
  }
  const brk = newLabel(fl);
  const top = newLabel(fl);
  const fill: Ins[] = [
    brIf(brk, binary(Op.GeS, T.I32, get(i, T.I32), headerLoad(get(p, T.Ptr), LEN))),
    dataStore(w, binary(Op.Add, T.Ptr, get(p, T.Ptr), binary(Op.Mul, T.I32, get(i, T.I32), iconst(T.I32, w))), ARRAY_DATA, get(v, it)),
  ];
  if (et.isHeap) fill.push(rt(fl, "retain", [get(v, T.Ptr)]));
  fill.push(set(i, binary(Op.Add, T.I32, get(i, T.I32), iconst(T.I32, 1))));
  fill.push(br(top));
  body.push(block(brk, [loop(top, fill)], T.None));
  if (et.isHeap) body.push(release(fl, et, get(v, T.Ptr)));
  body.push(get(p, T.Ptr));
  return block(0, body, T.Ptr);
}


/** The fields of a closure object after the header: its drop slot, then the captures. */
export function closureFields(c: ClosureExpr): Type[] {
  const out: Type[] = [tI32];
  for (let j = 0; j < c.inner.length; j++) out.push(c.inner[j].ty);
  return out;
}
