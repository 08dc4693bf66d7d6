import { TyK, Type } from "../check/types";
import { pushAll, binary, block, br, brIf, call, callIndirect, Func, get, iconst, iff, Ins, K, load, loop, Mem, Op, ret, set, simple, store, T } from "../ir/ir";
import { ARRAY_DATA, CLOSURE_DROP, dataLoad, dataStore, fieldOffsets, hasHeapChildren, headerLoad, headerStore, LEN, RC, widthOf } from "./layout";
import { ModuleLowering } from "./module";

// Per-type helpers the lowering calls: drop (release children, then free),
// unique (copy on write: a private copy when the object is shared) and
// retain_elems (after a raw copy of an array of heap values).

function rtCall(m: ModuleLowering, name: string, args: Ins[]): Ins {
  const full = "rt." + name;
  m.request(full);
  return call(full, args, m.resultOf(full));
}

function releaseChild(m: ModuleLowering, t: Type, v: Ins): Ins {
  if (hasHeapChildren(t)) return call(m.requestHelper("drop", t), [v], T.None);
  return rtCall(m, "release", [v]);
}

/** A loop over the element slots of the array at local 0, with an index local of its own. */
class SlotLoop {
  i: i32;
  slot: Ins;  // the current element's address

  constructor(f: Func, w: i32) {
    f.locals.push(T.I32);
    const i = f.locals.length - 1;
    this.i = i;
    this.slot = binary(Op.Add, T.Ptr, binary(Op.Add, T.Ptr, get(0, T.Ptr), binary(Op.Mul, T.I32, get(i, T.I32), iconst(T.I32, w))), iconst(T.I32, ARRAY_DATA));
  }

  /** The loop, running `body` (which uses `slot`) for each element. */
  around(body: Ins[]): Ins[] {
    const i = this.i;
    const inner: Ins[] = [brIf(1, binary(Op.GeS, T.I32, get(i, T.I32), headerLoad(get(0, T.Ptr), LEN)))];
    pushAll(inner, body);
    inner.push(set(i, binary(Op.Add, T.I32, get(i, T.I32), iconst(T.I32, 1))));
    inner.push(br(2));
    return [set(i, iconst(T.I32, 0)), block(1, [loop(2, inner)], T.None)];
  }
}

/** Calls `each(addr)` for every heap field of the object at local 0 (struct, tuple, enum payload by tag). */
function forEachChild(m: ModuleLowering, t: Type, f: Func, each: (m: ModuleLowering, t: Type, addr: Ins) => Ins): Ins[] {
  const out: Ins[] = [];
  const p = get(0, T.Ptr);
  if (t.kind == TyK.Array) {
    const et = t.elem!;
    if (!et.isHeap) return out;
    const elems = new SlotLoop(f, widthOf(et));
    pushAll(out, elems.around([each(m, et, dataLoad(T.Ptr, 4, elems.slot, 0))]));
    return out;
  }
  if (t.kind == TyK.Enum) {
    for (let v = 0; v < t.variants.length; v++) {
      const payload = t.variants[v].payload;
      const offs = fieldOffsets(payload);
      const body: Ins[] = [];
      for (let i = 0; i < payload.length; i++) {
        if (payload[i].isHeap) body.push(each(m, payload[i], dataLoad(T.Ptr, 4, get(0, T.Ptr), offs[i])));
      }
      if (body.length > 0) out.push(iff(binary(Op.Eq, T.I32, headerLoad(get(0, T.Ptr), LEN), iconst(T.I32, v)), body, [], T.None));
    }
    return out;
  }
  const offs = fieldOffsets(t.elems);
  for (let i = 0; i < t.elems.length; i++) {
    if (t.elems[i].isHeap) out.push(each(m, t.elems[i], dataLoad(T.Ptr, 4, p, offs[i])));
  }
  return out;
}

function dropEach(m: ModuleLowering, t: Type, v: Ins): Ins { return releaseChild(m, t, v); }
function retainEach(m: ModuleLowering, t: Type, v: Ins): Ins { return rtCall(m, "retain", [v]); }

export function genHelper(m: ModuleLowering, name: string, t: Type): Func {
  const kind = name.substring(0, name.indexOf("."));
  if (kind == "drop" && t.kind == TyK.Func) {
    // What a closure captured is known only to the closure: its own drop function releases it.
    const f = new Func(name, [T.Ptr], T.None);
    f.locals.push(T.Ptr);
    f.locals.push(T.I32);
    const then: Ins[] = [
      set(1, headerLoad(get(0, T.Ptr), CLOSURE_DROP)),
      iff(get(1, T.I32), [callIndirect([get(0, T.Ptr)], get(1, T.I32), [T.Ptr], T.None)], [], T.None),
      rtCall(m, "free", [get(0, T.Ptr)]),
    ];
    f.body.push(iff(rtCall(m, "dec", [get(0, T.Ptr)]), then, [], T.None));
    return f;
  }
  if (kind == "drop") {
    const f = new Func(name, [T.Ptr], T.None);
    f.locals.push(T.Ptr);
    const then = forEachChild(m, t, f, dropEach);
    then.push(rtCall(m, "free", [get(0, T.Ptr)]));
    f.body.push(iff(rtCall(m, "dec", [get(0, T.Ptr)]), then, [], T.None));
    return f;
  }
  if (kind == "retain_elems") {
    const f = new Func(name, [T.Ptr], T.Ptr);
    f.locals.push(T.Ptr);
    pushAll(f.body, forEachChild(m, t, f, retainEach));
    f.body.push(get(0, T.Ptr));
    return f;
  }
  if (kind == "unique_elems") {
    // Every element of an unshared array made unshared too (unique_nests.ts).
    const et = t.elem!;
    const f = new Func(name, [T.Ptr], T.None);
    f.locals.push(T.Ptr);  // 0: the array
    f.locals.push(T.Ptr);  // 1: slot
    f.locals.push(T.Ptr);  // 2: element
    const elems = new SlotLoop(f, 4);
    pushAll(f.body, elems.around([
      set(1, elems.slot),
      set(2, dataLoad(T.Ptr, 4, get(1, T.Ptr), 0, Mem.Elem)),
      iff(binary(Op.Ne, T.I32, headerLoad(get(2, T.Ptr), RC), iconst(T.I32, 1)), [
        dataStore(4, get(1, T.Ptr), 0, call(m.requestHelper("unique_copy", et), [get(2, T.Ptr)], T.Ptr), Mem.Elem),
      ], [], T.None),
    ]));
    return f;
  }
  if (kind == "unique") {
    // unique: arrays and structs/tuples (enums are never mutated in place).
    // Only the test of the count is inlined where the check is made; the
    // copy is a call (never inlined), so a loop that updates unshared values
    // carries no allocator, copy and release code that never runs.
    const f = new Func(name, [T.Ptr], T.Ptr);
    f.locals.push(T.Ptr);
    f.body.push(brIfRet(binary(Op.Eq, T.I32, headerLoad(get(0, T.Ptr), RC), iconst(T.I32, 1))));
    f.body.push(call(m.requestHelper("unique_copy", t), [get(0, T.Ptr)], T.Ptr));
    return f;
  }
  // unique_copy: the copy of a shared array or struct, for unique.
  const f = new Func(name, [T.Ptr], T.Ptr);
  f.locals.push(T.Ptr);
  f.locals.push(T.Ptr);
  f.locals.push(T.Ptr);
  if (t.kind == TyK.Array) {
    f.body.push(set(1, rtCall(m, "array_copy", [get(0, T.Ptr), iconst(T.I32, widthOf(t.elem!))])));
  } else {
    const size = fieldOffsets(t.elems)[t.elems.length];
    f.body.push(set(1, rtCall(m, "alloc", [iconst(T.I32, size)])));
    f.body.push(simple(K.MemoryCopy, [get(1, T.Ptr), get(0, T.Ptr), iconst(T.I32, size)], T.None));
    f.body.push(headerStore(get(1, T.Ptr), RC, 1));
  }
  // Retain the children through the copy, then give up our share of the original.
  f.body.push(set(2, get(0, T.Ptr)));
  f.body.push(set(0, get(1, T.Ptr)));
  pushAll(f.body, forEachChild(m, t, f, retainEach));
  f.body.push(set(0, get(2, T.Ptr)));
  f.body.push(releaseChild(m, t, get(0, T.Ptr)));
  f.body.push(get(1, T.Ptr));
  return f;
}

/** The names (after `prefix`) of the heap types that a copy of `t` retains: its elements or fields. */
export function heapChildNames(t: Type, prefix: string): string[] {
  const out: string[] = [];
  const add = (c: Type, out: string[], prefix: string): void => {
    if (c.isHeap && !out.includes(prefix + c.name)) out.push(prefix + c.name);
  };
  if (t.kind == TyK.Array) add(t.elem!, out, prefix);
  else if (t.kind == TyK.Enum) {
    for (let v = 0; v < t.variants.length; v++) for (let i = 0; i < t.variants[v].payload.length; i++) add(t.variants[v].payload[i], out, prefix);
  } else for (let i = 0; i < t.elems.length; i++) add(t.elems[i], out, prefix);
  return out;
}

function brIfRet(cond: Ins): Ins {
  return iff(cond, [ret(get(0, T.Ptr))], [], T.None);
}
