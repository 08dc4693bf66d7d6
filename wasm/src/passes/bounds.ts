import { binary, copyNode, Func, get, iconst, iff, Ins, K, load, maxLabel, Mem, isData, Op, T, unary } from "../ir/ir";

// Bounds-check elimination by loop versioning. An element access checks
//
//   block { p = a; i = e; if i >=u len(p) { panic_index(..); unreachable }; addr }
//
// In an innermost loop that begins with its exit test `lo < hi` (a `for`
// over a range, `while lo < hi`), where lo only ever grows by one, hi only
// ever shrinks by one and neither is assigned elsewhere, every pass through
// the body until lo or hi is next assigned has lo in [lo0, hi0 - 1] and hi in
// [lo0 + 1, hi0] (their values on entry; strictness rules out overflow). An
// index that is such a local or a loop-invariant one, plus a small constant,
// on an array in a local (or in a field of a struct in a local) that the loop
// never reassigns, in a loop that changes no length (no call but panics and
// copy-on-write copies, no store but to fields and elements, none of a
// pointer but a copy written back to its element's slot), is then in bounds
// whenever a few comparisons of the entry values hold. The loop becomes
//
//   if <those comparisons> { <the loop without those checks> } else { <the loop> }
//
// so a loop that would go out of bounds runs as before and panics at the
// same access with the same message.

const MAX_OFFSET: i64 = 1 << 20;

/** A value known at loop entry plus a constant. */
class Bound {
  constructor(public local: i32, public value: i64, public k: i64) {}
}

class Loop {
  assigned: Map<i32, i32> = new Map();   // local -> number of assignments in the loop
  sets: Map<i32, Ins> = new Map();       // local -> its (last seen) assignment
  step: Map<i32, i32> = new Map();       // induction locals: +1 or -1
  lo: Ins | null = null;                 // the exit test's operands (LocalGet or Const)
  hi: Ins | null = null;
  conds: Ins[] = [];
  keys: string[] = [];
  dropped: Set<Ins> = new Set();
  active: bool = true;
  pointerStores: bool = false;
}

function isI64Operand(n: Ins): bool {
  return (n.kind == K.LocalGet || n.kind == K.Const) && n.ty == T.I64;
}

/** `lo < hi` as the condition under which `br_if exit, c` stays in the loop, or null. */
function continueWhileLess(c: Ins): Ins[] | null {
  if (c.kind == K.Binary && c.op == Op.GeS) return [c.args[0], c.args[1]];
  if (c.kind == K.Binary && c.op == Op.LeS) return [c.args[1], c.args[0]];
  if (c.kind == K.Unary && c.op == Op.Eqz) {
    const x = c.args[0];
    if (x.kind == K.Binary && x.op == Op.LtS) return [x.args[0], x.args[1]];
    if (x.kind == K.Binary && x.op == Op.GtS) return [x.args[1], x.args[0]];
  }
  return null;
}

function collectSets(list: Ins[], lp: Loop): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (n.kind == K.LocalSet || n.kind == K.LocalTee) {
      const x = <i32>n.i;
      lp.assigned.set(x, (lp.assigned.has(x) ? lp.assigned.get(x) : 0) + 1);
      lp.sets.set(x, n);
    }
    collectSets(n.args, lp);
    collectSets(n.body, lp);
    collectSets(n.other, lp);
  }
}

/** Whether the loop may change an array's length or leave other than by a panic. */
function unsafeFor(list: Ins[]): bool {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    const k = n.kind;
    if (k == K.Loop || k == K.CallIndirect || k == K.MemoryCopy || k == K.MemoryFill || k == K.MemoryGrow) return true;
    // A copy-on-write copy (unique.T) makes a new object and drops a reference
    // to a shared one, which stays alive: no length changes.
    if (k == K.Call && !n.name.startsWith("rt.panic") && !n.name.startsWith("unique.")) return true;
    if (k == K.Store && !isData(n.mem)) return true;
    if (unsafeFor(n.args) || unsafeFor(n.body) || unsafeFor(n.other)) return true;
  }
  return false;
}

/** +1 or -1 when `x = x ± 1` (directly or through a temporary set once) is x's only assignment; else 0. */
function stepOf(lp: Loop, x: i32): i32 {
  if (!lp.assigned.has(x) || lp.assigned.get(x) != 1) return 0;
  const s = lp.sets.get(x);
  if (s.kind != K.LocalSet) return 0;
  let v = s.args[0];
  if (v.kind == K.LocalGet) {
    const t = <i32>v.i;
    if (t == x || !lp.assigned.has(t) || lp.assigned.get(t) != 1) return 0;
    const ts = lp.sets.get(t);
    if (ts.kind != K.LocalSet) return 0;
    v = ts.args[0];
  }
  if (v.kind != K.Binary || v.ty != T.I64 || (v.op != Op.Add && v.op != Op.Sub)) return 0;
  const a = v.args[0];
  const b = v.args[1];
  if (a.kind != K.LocalGet || <i32>a.i != x || b.kind != K.Const || (b.i != 1 && b.i != -1)) return 0;
  return (v.op == Op.Add) == (b.i == 1) ? 1 : -1;
}

function invariant(lp: Loop, n: Ins): bool {
  return n.kind == K.Const || !lp.assigned.has(<i32>n.i);
}

function boundOf(n: Ins, k: i64): Bound {
  return n.kind == K.Const ? new Bound(-1, n.i, k) : new Bound(<i32>n.i, 0, k);
}

function boundValue(b: Bound): Ins {
  return b.local < 0 ? iconst(T.I64, b.value) : get(b.local, T.I64);
}

/** [lower, upper] of local x at this point of the loop body, or null. */
function rangeOf(lp: Loop, x: i32): Bound[] | null {
  if (!lp.assigned.has(x)) return [new Bound(x, 0, 0), new Bound(x, 0, 0)];
  if (!lp.active) return null;
  const lo = lp.lo!;
  const hi = lp.hi!;
  if (lo.kind == K.LocalGet && <i32>lo.i == x) return [boundOf(lo, 0), boundOf(hi, -1)];
  if (hi.kind == K.LocalGet && <i32>hi.i == x) return [boundOf(lo, 1), boundOf(hi, 0)];
  return null;
}

/** The parts of a bounds-checked element address: [array, index, check, length (a header load or a local)]. */
function checkParts(n: Ins): Ins[] | null {
  if (n.kind != K.Block || n.i != 0 || n.ty != T.Ptr || n.body.length != 4) return null;
  const sp = n.body[0];
  const si = n.body[1];
  const c = n.body[2];
  if (sp.kind != K.LocalSet || si.kind != K.LocalSet || c.kind != K.If || c.other.length != 0) return null;
  if (sp.args[0].kind != K.LocalGet && !isFieldLoad(sp.args[0])) return null;
  const t = c.args[0];
  if (t.kind != K.Binary || t.op != Op.GeU || t.args[0].kind != K.LocalGet || <i32>t.args[0].i != <i32>si.i) return null;
  const len = t.args[1];
  if (len.kind != K.Unary || len.op != Op.ExtendI32U) return null;
  const l = len.args[0];
  // The length in the array's header, or in the local that holds a stable
  // length (lower/stable_lengths.ts).
  const header = l.kind == K.Load && l.mem == Mem.Header && l.i == 4 && l.args[0].kind == K.LocalGet && <i32>l.args[0].i == <i32>sp.i;
  if (!header && !(l.kind == K.LocalGet && l.ty == T.I32)) return null;
  if (c.body.length != 2 || c.body[0].kind != K.Call || c.body[0].name != "rt.panic_index") return null;
  return [sp.args[0], si.args[0], c, l];
}

/**
 * An array in a struct's field: `load ptr (s + offset)` of a local s, with the
 * offset in the load or, as a field already made unique is read, added to s.
 */
function isFieldLoad(n: Ins): bool {
  if (n.kind != K.Load || n.ty != T.Ptr || !isData(n.mem)) return false;
  const p = n.args[0];
  if (p.kind == K.LocalGet) return true;
  return n.i == 0 && p.kind == K.Binary && p.op == Op.Add && p.args[0].kind == K.LocalGet && p.args[1].kind == K.Const;
}

/** The struct local of a field load (see isFieldLoad). */
function fieldBase(a: Ins): i32 {
  const p = a.args[0];
  return p.kind == K.LocalGet ? <i32>p.i : <i32>p.args[0].i;
}

/** The field offset of a field load (see isFieldLoad). */
function fieldOffset(a: Ins): i32 {
  const p = a.args[0];
  return p.kind == K.LocalGet ? <i32>a.i : <i32>p.args[1].i;
}

/** The array `a` (a local, or a field of a local struct) as evaluated before the loop. */
function arrayAtEntry(a: Ins): Ins {
  if (a.kind == K.LocalGet) return get(<i32>a.i, T.Ptr);
  return load(T.Ptr, 4, get(fieldBase(a), T.Ptr), fieldOffset(a), Mem.Data);
}

/**
 * Whether the loop stores a pointer into a field or element (which might
 * replace an array in a field). A store through a local set once in the loop
 * to a checked element address (a copy-on-write copy written back to its
 * slot) writes into an array, never into a struct's field.
 */
function storesPointer(list: Ins[], lp: Loop): bool {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (n.kind == K.Store && n.args[1].ty == T.Ptr && !intoElement(n, lp)) return true;
    if (storesPointer(n.args, lp) || storesPointer(n.body, lp) || storesPointer(n.other, lp)) return true;
  }
  return false;
}

function intoElement(store: Ins, lp: Loop): bool {
  const a = store.args[0];
  if (a.kind != K.LocalGet || store.i != 0) return false;
  const x = <i32>a.i;
  if (!lp.assigned.has(x) || lp.assigned.get(x) != 1) return false;
  const s = lp.sets.get(x);
  return s.kind == K.LocalSet && isElementAddr(s.args[0]);
}

/**
 * `block { p = a; i = e; [check;] p + i * size + data }`: the address of an
 * element, checked or (checked before in its run of statements) not.
 */
function isElementAddr(n: Ins): bool {
  if (n.kind != K.Block || n.i != 0 || n.ty != T.Ptr || (n.body.length != 3 && n.body.length != 4)) return false;
  if (n.body.length == 4 && checkParts(n) === null) return false;
  const sp = n.body[0];
  const addr = n.body[n.body.length - 1];
  if (sp.kind != K.LocalSet || n.body[1].kind != K.LocalSet) return false;
  if (addr.kind != K.Binary || addr.op != Op.Add || addr.args[1].kind != K.Const) return false;
  const sum = addr.args[0];
  if (sum.kind != K.Binary || sum.op != Op.Add) return false;
  return sum.args[0].kind == K.LocalGet && <i32>sum.args[0].i == <i32>sp.i;
}

/** Adds the entry conditions that keep the check `c` of a[e] from failing, when there are such. */
function tryCheck(lp: Loop, a: Ins, e: Ins, c: Ins, length: Ins): void {
  const stable = length.kind == K.LocalGet;
  const local = a.kind == K.LocalGet ? <i32>a.i : fieldBase(a);
  if (stable) {
    // A stable length: whatever the loop does to the array's local (a copy
    // on write), the length is the local's, which the loop must not set.
    if (lp.assigned.has(<i32>length.i)) return;
  } else if (lp.assigned.has(local) || (a.kind == K.Load && lp.pointerStores)) return;
  const arr = stable ? "len" + length.i.toString() : a.kind == K.LocalGet ? local.toString() : local.toString() + "." + fieldOffset(a).toString();
  let k: i64 = 0;
  let v = e;
  if (e.kind == K.Binary && (e.op == Op.Add || e.op == Op.Sub) && e.args[1].kind == K.Const) {
    k = e.op == Op.Add ? e.args[1].i : -e.args[1].i;
    v = e.args[0];
  }
  if (k > MAX_OFFSET || k < -MAX_OFFSET) return;
  let range: Bound[] | null = null;
  if (v.kind == K.Const && v.ty == T.I64) {
    if (v.i > MAX_OFFSET || v.i < -MAX_OFFSET) return;
    range = [new Bound(-1, v.i, 0), new Bound(-1, v.i, 0)];
  } else if (v.kind == K.LocalGet && v.ty == T.I64) {
    range = rangeOf(lp, <i32>v.i);
  }
  if (range === null) return;
  const low = range[0];
  const high = range[1];
  // low + k >= 0  and  high + k < len(a), without overflow.
  const lowKey = `${low.local}:${low.value}>=${-(low.k + k)}`;
  if (!lp.keys.includes(lowKey)) {
    lp.keys.push(lowKey);
    lp.conds.push(binary(Op.GeS, T.I32, boundValue(low), iconst(T.I64, -(low.k + k))));
  }
  const highKey = `${high.local}:${high.value}<${arr}-${high.k + k}`;
  if (!lp.keys.includes(highKey)) {
    lp.keys.push(highKey);
    const len = unary(Op.ExtendI32U, T.I64, stable ? get(<i32>length.i, T.I32) : load(T.I32, 4, arrayAtEntry(a), 4, Mem.Header));
    // With no positive offset the index is at most the bound, so a bound
    // below zero means a loop that panics or never runs: the unsigned test
    // (one branch, as the check itself) also tells LLVM the bound is not
    // negative, which drops fannkuch's `0 < k` entry test after `k != 0`.
    const c = high.k + k;
    const op = c <= 0 ? Op.LtU : Op.LtS;
    lp.conds.push(binary(op, T.I32, boundValue(high), binary(Op.Sub, T.I64, len, iconst(T.I64, c))));
  }
  lp.dropped.add(c);
}

/** Walks the loop body in execution order, finding the checks the entry conditions can cover. */
function scan(list: Ins[], lp: Loop): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    const parts = checkParts(n);
    if (parts !== null) {
      scan(n.body[0].args, lp);
      scan(n.body[1].args, lp);
      tryCheck(lp, parts[0], parts[1], parts[2], parts[3]);
      scan(n.body.slice(2), lp);
      continue;
    }
    scan(n.args, lp);
    scan(n.body, lp);
    scan(n.other, lp);
    if (n.kind == K.LocalSet || n.kind == K.LocalTee) {
      const x = <i32>n.i;
      if ((lp.lo!.kind == K.LocalGet && <i32>lp.lo!.i == x) || (lp.hi!.kind == K.LocalGet && <i32>lp.hi!.i == x)) lp.active = false;
    }
  }
}

class Cloner {
  labels: Map<i32, i32> = new Map();
  constructor(public next: i32, public dropped: Set<Ins>) {}

  list(src: Ins[]): Ins[] {
    const out: Ins[] = [];
    for (let i = 0; i < src.length; i++) if (!this.dropped.has(src[i])) out.push(this.node(src[i]));
    return out;
  }

  node(s: Ins): Ins {
    const n = copyNode(s);
    const k = s.kind;
    if ((k == K.Block || k == K.Loop) && s.i != 0) {
      const fresh = this.next++;
      this.labels.set(<i32>s.i, fresh);
      n.i = fresh;
    } else if ((k == K.Br || k == K.BrIf) && this.labels.has(<i32>s.i)) {
      n.i = this.labels.get(<i32>s.i);
    }
    n.args = this.list(s.args);
    n.body = this.list(s.body);
    n.other = this.list(s.other);
    return n;
  }
}

/** The versioned form of loop `l`, or null when no check can be dropped. */
function version(l: Ins, next: i32): Ins | null {
  if (l.body.length < 2) return null;
  const g = l.body[0];
  if (g.kind != K.BrIf || g.i == l.i) return null;
  const less = continueWhileLess(g.args[0]);
  if (less === null || !isI64Operand(less[0]) || !isI64Operand(less[1])) return null;
  if (unsafeFor(l.body)) return null;
  const lp = new Loop();
  collectSets(l.body, lp);
  lp.pointerStores = storesPointer(l.body, lp);
  lp.lo = less[0];
  lp.hi = less[1];
  // lo must only grow, hi only shrink, each by one, so that `lo < hi` bounds both.
  if (!invariant(lp, lp.lo!) && stepOf(lp, <i32>lp.lo!.i) != 1) return null;
  if (!invariant(lp, lp.hi!) && stepOf(lp, <i32>lp.hi!.i) != -1) return null;
  scan(l.body.slice(1), lp);
  if (lp.dropped.size == 0) return null;
  let cond = lp.conds[0];
  for (let i = 1; i < lp.conds.length; i++) cond = binary(Op.And, T.I32, cond, lp.conds[i]);
  const fast = new Cloner(next, lp.dropped).node(l);
  return iff(cond, [fast], [l], T.None);
}

class Versioner {
  constructor(public next: i32) {}

  list(list: Ins[]): void {
    for (let i = 0; i < list.length; i++) {
      const n = list[i];
      if (n.kind == K.Loop && !hasLoop(n.body)) {
        const v = version(n, this.next);
        if (v !== null) {
          this.next = maxLabel([v]) + 1;
          list[i] = v;
        }
        continue;
      }
      this.list(n.args);
      this.list(n.body);
      this.list(n.other);
    }
  }
}

function hasLoop(list: Ins[]): bool {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (n.kind == K.Loop || hasLoop(n.args) || hasLoop(n.body) || hasLoop(n.other)) return true;
  }
  return false;
}

/** Drops the bounds checks of innermost loops that entry conditions can prove, by versioning the loop. */
export function versionLoopBounds(f: Func): void {
  if (!hasLoop(f.body)) return;
  new Versioner(maxLabel(f.body) + 1).list(f.body);
}
