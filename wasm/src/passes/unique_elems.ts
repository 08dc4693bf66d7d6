import { binary, copyNode, Func, iconst, iff, Ins, IrModule, isData, K, Op, T } from "../ir/ir";

// The scan that makes an array and every element unshared before a loop
// nest (`unique_elems.T`, lower/unique_nests.ts) moved out of an enclosing
// loop: nbody's `for step { system.advance(dt) }` with `advance` inlined
// scans every body on every step. After the scan the array has one
// reference, held by the slot it was loaded from (a field of a unique
// struct) or by a local, and so does each element. That stays so until
// something takes a reference (a call that may retain: unique.ts's
// `mayRetain`) or writes a pointer where one of them lives (a store other
// than of 8-byte field or element data, a memory copy or fill, or a call
// that may do either). A loop whose body does neither, and whose root
// local is unique at its head on every iteration, needs the scan once
// before it: each later scan would find nothing shared. The scan before the
// loop runs even when the loop runs no iteration: the copies it makes then
// change no content, only which object the unique root owns, as with
// unique.ts's hoisted checks.

/** `unique_elems.T(A)`: A is a local `x` (slot -1) or a field slot of local `root`, checked and written back. */
export class DeepCheck {
  constructor(public stmt: Ins, public root: i32, public offset: i64, public slot: i32, public value: i32) {}
}

/**
 * The deep check `s` is, or null: `unique_elems.T(x)`, or
 * `unique_elems.T(block { s = r + off; v = load s; if rc(v) != 1 { v = unique.U(v); store s v }; v })`.
 */
export function deepCheckOf(s: Ins): DeepCheck | null {
  if (s.kind != K.Call || !s.name.startsWith("unique_elems.") || s.args.length != 1) return null;
  const a = s.args[0];
  if (a.kind == K.LocalGet) return new DeepCheck(s, <i32>a.i, -1, -1, -1);
  if (a.kind != K.Block || a.i != 0 || a.body.length != 4) return null;
  const s0 = a.body[0];
  const s1 = a.body[1];
  const s2 = a.body[2];
  const s3 = a.body[3];
  if (s0.kind != K.LocalSet || s1.kind != K.LocalSet || s2.kind != K.If || s3.kind != K.LocalGet) return null;
  const slot = <i32>s0.i;
  const v = <i32>s1.i;
  if (<i32>s3.i != v || slot == v) return null;
  const addr = s0.args[0];
  if (addr.kind != K.Binary || addr.op != Op.Add || addr.args[0].kind != K.LocalGet || addr.args[1].kind != K.Const) return null;
  const root = <i32>addr.args[0].i;
  if (root == slot || root == v) return null;
  const ld = s1.args[0];
  if (ld.kind != K.Load || ld.i != 0 || ld.width != 4 || ld.args[0].kind != K.LocalGet || <i32>ld.args[0].i != slot) return null;
  // The write-back: the only store the check makes, of a unique copy.
  if (s2.other.length != 0 || s2.body.length != 2) return null;
  const c = s2.args[0];
  if (c.kind != K.Binary || c.op != Op.Ne || c.args[1].kind != K.Const || c.args[1].i != 1) return null;
  const h = c.args[0];
  if (h.kind != K.Load || h.args[0].kind != K.LocalGet || <i32>h.args[0].i != v) return null;
  const b0 = s2.body[0];
  const b1 = s2.body[1];
  if (b0.kind != K.LocalSet || <i32>b0.i != v || b0.args[0].kind != K.Call || !b0.args[0].name.startsWith("unique.")) return null;
  if (b0.args[0].args.length != 1 || b0.args[0].args[0].kind != K.LocalGet || <i32>b0.args[0].args[0].i != v) return null;
  if (b1.kind != K.Store || b1.args[0].kind != K.LocalGet || <i32>b1.args[0].i != slot) return null;
  if (b1.args[1].kind != K.LocalGet || <i32>b1.args[1].i != v || b1.i != 0) return null;
  return new DeepCheck(s, root, addr.args[1].i, slot, v);
}

/** A deep check found in a loop body, with the list that holds it (the body or a block's, never an if's or a loop's). */
export class Found {
  constructor(public check: DeepCheck, public list: Ins[], public path: Ins[][]) {}
}

/** The deep checks of `list` and of the blocks in it (run in order, never conditionally except by a branch out). */
export function findDeepChecks(list: Ins[], path: Ins[][], out: Found[]): void {
  path.push(list);
  for (let i = 0; i < list.length; i++) {
    const d = deepCheckOf(list[i]);
    if (d !== null) out.push(new Found(d, list, path.slice(0)));
    else if (list[i].kind == K.Block) findDeepChecks(list[i].body, path, out);
  }
  path.pop();
}

/** How many times `list` assigns `x`, at any depth. */
function assignments(list: Ins[], x: i32): i32 {
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    if ((s.kind == K.LocalSet || s.kind == K.LocalTee) && <i32>s.i == x) n++;
    n += assignments(s.args, x) + assignments(s.body, x) + assignments(s.other, x);
  }
  return n;
}

/** `x = y` or `x = block { y }`: y, or -1. */
function copiedFrom(s: Ins, x: i32): i32 {
  if (s.kind != K.LocalSet || <i32>s.i != x) return -1;
  let v = s.args[0];
  if (v.kind == K.Block && v.i == 0 && v.body.length == 1) v = v.body[0];
  return v.kind == K.LocalGet ? <i32>v.i : -1;
}

/**
 * The local whose object the check's root holds on every iteration of the
 * loop `body`: the root itself when the loop never assigns it, or R when its
 * one assignment is `root = R`, made before the check in a list that leads
 * to it (an inlined `var` argument); -1 otherwise. The caller makes sure R
 * keeps its object through the loop.
 */
export function rootBefore(body: Ins[], f: Found): i32 {
  const r = f.check.root;
  const n = assignments(body, r);
  if (n == 0) return r;
  if (n != 1) return -1;
  for (let p = 0; p < f.path.length; p++) {
    const list = f.path[p];
    const next: Ins[] = p + 1 < f.path.length ? f.path[p + 1] : [];
    for (let i = 0; i < list.length; i++) {
      const s = list[i];
      if (s === f.check.stmt || (s.kind == K.Block && s.body === next)) break;
      const from = copiedFrom(s, r);
      if (from >= 0 && from != r && assignments(body, from) == 0) return from;
    }
  }
  return -1;
}

function exempt(name: string): bool {
  // The checks' own copies write only into fresh objects, or write a unique
  // copy back into the slot of a unique parent; a panic does not return.
  return name.startsWith("unique.") || name.startsWith("unique_copy.") || name.startsWith("unique_elems.") || name.startsWith("rt.panic");
}

function badStore(x: Ins): bool {
  if (x.kind == K.Store) return x.width != 8 || !isData(x.mem);
  return x.kind == K.MemoryCopy || x.kind == K.MemoryFill || x.kind == K.CallIndirect;
}

function directlyWrites(list: Ins[], funcs: Map<string, Func>, callees: string[]): bool {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (badStore(x)) return true;
    if (x.kind == K.Call && !exempt(x.name)) {
      if (!funcs.has(x.name)) return true;  // an import: it may write anywhere
      callees.push(x.name);
    }
    if (directlyWrites(x.args, funcs, callees) || directlyWrites(x.body, funcs, callees) || directlyWrites(x.other, funcs, callees)) return true;
  }
  return false;
}

/** The functions that may write a pointer or a header (directly or through a callee). */
export function pointerWriters(m: IrModule): Set<string> {
  const funcs = new Map<string, Func>();
  for (let i = 0; i < m.funcs.length; i++) funcs.set(m.funcs[i].name, m.funcs[i]);
  const out = new Set<string>();
  const callees = new Map<string, string[]>();
  for (let i = 0; i < m.funcs.length; i++) {
    const cs: string[] = [];
    if (directlyWrites(m.funcs[i].body, funcs, cs)) out.add(m.funcs[i].name);
    callees.set(m.funcs[i].name, cs);
  }
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < m.funcs.length; i++) {
      const name = m.funcs[i].name;
      if (out.has(name)) continue;
      const cs = callees.get(name);
      for (let j = 0; j < cs.length; j++) {
        if (out.has(cs[j])) {
          out.add(name);
          changed = true;
          break;
        }
      }
    }
  }
  return out;
}

/**
 * Whether `list` (a loop body) may take a reference to the array or an
 * element, or write a pointer over one, anywhere but in its deep checks `skip`.
 */
export function mayShare(list: Ins[], skip: Ins[], mayRetain: Set<string>, writers: Set<string>): bool {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (skip.includes(x)) continue;
    if (badStore(x)) return true;
    if (x.kind == K.Call && !exempt(x.name) && (mayRetain.has(x.name) || writers.has(x.name))) return true;
    if (mayShare(x.args, skip, mayRetain, writers) || mayShare(x.body, skip, mayRetain, writers) || mayShare(x.other, skip, mayRetain, writers)) return true;
  }
  return false;
}

function renamed(x: Ins, from: i32[], to: i32[]): Ins {
  const n = copyNode(x);
  if (x.kind == K.LocalGet || x.kind == K.LocalSet || x.kind == K.LocalTee) {
    const k = from.indexOf(<i32>x.i);
    if (k >= 0) n.i = to[k];
  }
  n.args = renamedList(x.args, from, to);
  n.body = renamedList(x.body, from, to);
  n.other = renamedList(x.other, from, to);
  return n;
}

function renamedList(list: Ins[], from: i32[], to: i32[]): Ins[] {
  if (list.length == 0) return list;  // empty lists are never pushed to: the copy may share one
  const out: Ins[] = [];
  for (let i = 0; i < list.length; i++) out.push(renamed(list[i], from, to));
  return out;
}

/**
 * The check made before the loop on `root` (guarded: the local may not hold
 * an object yet), with fresh locals for its slot and value, so that the
 * loop's own locals keep their values when it runs no iteration.
 */
export function hoistedCheck(f: Func, d: DeepCheck, root: i32): Ins {
  const from: i32[] = [d.root];
  const to: i32[] = [root];
  if (d.slot >= 0) {
    from.push(d.slot);
    to.push(f.locals.length);
    f.locals.push(T.Ptr);
    from.push(d.value);
    to.push(f.locals.length);
    f.locals.push(T.Ptr);
  }
  const c = renamed(d.stmt, from, to);
  const g = new Ins(K.LocalGet);
  g.i = root;
  g.ty = T.Ptr;
  return iff(binary(Op.Ne, T.I32, g, iconst(T.Ptr, 0)), [c], [], T.None);
}

/**
 * Removes the deep check from the loop: the local form goes; the slot form
 * leaves its loads of the slot and the array, which later code may read.
 */
export function dropInLoop(found: Found): void {
  const k = found.list.indexOf(found.check.stmt);
  if (found.check.slot < 0) {
    found.list.splice(k, 1);
    return;
  }
  const a = found.check.stmt.args[0];
  const out: Ins[] = [];
  for (let i = 0; i < found.list.length; i++) {
    if (i != k) out.push(found.list[i]);
    else {
      out.push(a.body[0]);
      out.push(a.body[1]);
    }
  }
  found.list.length = 0;
  for (let i = 0; i < out.length; i++) found.list.push(out[i]);
}
