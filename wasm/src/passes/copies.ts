import { assignsLocal, Func, Ins, K, Op, readsLocal, T } from "../ir/ir";

// Copies between locals that a wasm engine would have to execute. The
// lowering names every operand of an element access, and inlining names
// every argument, so the flip loop of fannkuch reads
//
//   load(block { p = a; i = lo; p + i * 8 + 16 })
//
// where a wasm engine executes the two copies, and a store's result goes
// through a temporary (`t = lo + 1; lo = t`). LLVM removes such copies
// itself (mem2reg); the wasm module has no later optimiser, so this pass
// (for the wasm backend) does:
//
// - the reads of a local just copied from another (`p = a; .. p ..`), or
//   set to a constant, read the original (the constant) instead, up to where (in evaluation order, or anywhere in
//   a loop around a read) either may be assigned; the copy goes when no
//   read of it is left;
// - `t = E; y = t` becomes `y = E` when every read of t is such a move;
// - assignments to a local that is never read keep only their value's
//   side effects (the zeroing of an inlined function's locals);
// - a typed block without a label and with one instruction is that
//   instruction, and a constant added to a load's or store's address moves
//   into the access's offset (an address is an object's, plus at most its
//   size: the sum never wraps).

class Uses {
  gets: Map<i32, i32> = new Map();
  // Reads of t that are the value of `y = t` right after `t = E`.
  moves: Map<i32, i32> = new Map();

  walk(list: Ins[]): void {
    for (let i = 0; i < list.length; i++) {
      const n = list[i];
      if (n.kind == K.LocalGet) this.gets.set(<i32>n.i, this.count(<i32>n.i) + 1);
      const t = i > 0 ? movedFrom(list[i - 1], n) : -1;
      if (t >= 0) this.moves.set(t, (this.moves.has(t) ? this.moves.get(t) : 0) + 1);
      this.walk(n.args);
      this.walk(n.body);
      this.walk(n.other);
    }
  }

  count(x: i32): i32 {
    return this.gets.has(x) ? this.gets.get(x) : 0;
  }

  /** Whether every read of t is the value of a `y = t` right after `t = E`. */
  onlyMoved(t: i32): bool {
    return this.moves.has(t) && this.moves.get(t) == this.count(t);
  }
}

/** t when `s` is `t = E` and `next` is `y = t` (y another local); else -1. */
function movedFrom(s: Ins, next: Ins): i32 {
  if (s.kind != K.LocalSet || next.kind != K.LocalSet) return -1;
  const v = next.args[0];
  if (v.kind != K.LocalGet || <i32>v.i != <i32>s.i || <i32>next.i == <i32>s.i) return -1;
  return <i32>s.i;
}

/**
 * Reads of local `a` after its copy from `x` (`a = x`), in evaluation order,
 * turned into reads of `x` until something may assign either: `replaced`
 * counts them, `blocked` says the walk stopped there.
 */
class Redirect {
  replaced: i32 = 0;
  blocked: bool = false;
  // x is -1 when `a` was set to this constant instead of copied.
  constructor(public a: i32, public x: i32, public value: Ins | null) {}

  node(n: Ins): void {
    if (this.blocked) return;
    if (n.kind == K.LocalGet) {
      if (<i32>n.i == this.a) {
        const c = this.value;
        if (c !== null) {
          n.kind = K.Const;
          n.i = c.i;
          n.f = c.f;
        } else n.i = this.x;
        this.replaced++;
      }
      return;
    }
    if (n.kind == K.Loop) {
      // A read inside a loop runs again after the rest of the body, so the
      // whole loop must leave both locals alone.
      const list = [n];
      if (assignsLocal(list, this.a) || assignsLocal(list, this.x)) {
        this.blocked = true;
        return;
      }
      this.list(n.body);
      return;
    }
    for (let i = 0; i < n.args.length; i++) this.node(n.args[i]);
    if ((n.kind == K.LocalSet || n.kind == K.LocalTee) && (<i32>n.i == this.a || <i32>n.i == this.x)) {
      this.blocked = true;
      return;
    }
    this.list(n.body);
    this.list(n.other);
  }

  list(list: Ins[]): void {
    for (let i = 0; i < list.length && !this.blocked; i++) this.node(list[i]);
  }
}

function hasEffects(n: Ins): bool {
  return n.kind != K.Const && n.kind != K.LocalGet;
}

function forwardList(list: Ins[], f: Func, u: Uses): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    for (let j = 0; j < n.args.length; j++) forwardNode(n.args[j], f, u);
    forwardList(n.body, f, u);
    forwardList(n.other, f, u);
  }
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    if (s.kind != K.LocalSet) continue;
    const a = <i32>s.i;
    if (a < f.params.length) continue;
    const v = s.args[0];
    const fromConst = v.kind == K.Const && v.ty == f.locals[a];
    if ((v.kind == K.LocalGet && <i32>v.i != a && f.locals[<i32>v.i] == f.locals[a]) || fromConst) {
      const x = fromConst ? -1 : <i32>v.i;
      const r = new Redirect(a, x, fromConst ? v : null);
      r.list(list.slice(i + 1));
      u.gets.set(a, u.count(a) - r.replaced);
      if (x >= 0) u.gets.set(x, u.count(x) + r.replaced);
      // With no read of `a` left anywhere, the copy itself goes.
      if (u.count(a) == 0) {
        list.splice(i, 1);
        i--;
      }
      continue;
    }
    // `t = E; y = t` where every read of t is such a move: `y = E`.
    if (i + 1 < list.length && movedFrom(s, list[i + 1]) == a && u.onlyMoved(a) && f.locals[<i32>list[i + 1].i] == f.locals[a]) {
      const next = list[i + 1];
      next.args[0] = v;
      if (next.loc.length == 0) next.loc = s.loc;
      u.gets.set(a, u.count(a) - 1);
      u.moves.set(a, u.moves.get(a) - 1);
      list.splice(i, 1);
      i--;
    }
  }
}

function forwardNode(n: Ins, f: Func, u: Uses): void {
  for (let j = 0; j < n.args.length; j++) forwardNode(n.args[j], f, u);
  forwardList(n.body, f, u);
  forwardList(n.other, f, u);
}

/** Drops assignments to locals no one reads, keeping their values' side effects. */
function dropUnread(list: Ins[], f: Func, u: Uses): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    for (let j = 0; j < n.args.length; j++) list[i].args[j] = unreadNode(n.args[j], f, u);
    dropUnread(n.body, f, u);
    dropUnread(n.other, f, u);
    if ((n.kind == K.Load || n.kind == K.Store) && n.args[0].kind == K.Binary && n.args[0].op == Op.Add) foldOffset(n);
    if (n.kind == K.LocalSet && <i32>n.i >= f.params.length && u.count(<i32>n.i) == 0) {
      const v = n.args[0];
      if (!hasEffects(v)) {
        list.splice(i, 1);
        i--;
      } else {
        const d = new Ins(K.Drop, [v]);
        d.loc = n.loc;
        list[i] = d;
      }
    }
  }
}

function unreadNode(n: Ins, f: Func, u: Uses): Ins {
  for (let j = 0; j < n.args.length; j++) n.args[j] = unreadNode(n.args[j], f, u);
  dropUnread(n.body, f, u);
  dropUnread(n.other, f, u);
  if (n.kind == K.LocalTee && <i32>n.i >= f.params.length && u.count(<i32>n.i) == 0) return n.args[0];
  // A value block of one instruction that nothing branches to is that instruction.
  if (n.kind == K.Block && n.i == 0 && n.ty != 0 && n.body.length == 1 && n.args.length == 0) {
    const only = n.body[0];
    if (only.ty == n.ty && only.kind != K.Br && only.kind != K.BrIf && only.kind != K.Return && only.kind != K.Unreachable) {
      if (only.loc.length == 0) only.loc = n.loc;
      return only;
    }
  }
  if ((n.kind == K.Load || n.kind == K.Store) && n.args[0].kind == K.Binary && n.args[0].op == Op.Add) foldOffset(n);
  // An element address of one-byte elements scales the index by 1.
  if (n.kind == K.Binary && n.op == Op.Mul && n.ty != T.F64) {
    const one = n.args[1];
    if (one.kind == K.Const && one.ty == n.ty && one.i == 1 && n.args[0].ty == n.ty) return n.args[0];
  }
  return n;
}

function isAddress(t: T): bool {
  return t == T.I32 || t == T.Ptr;
}

/** `load(p + c, off)` -> `load(p, off + c)` for a small non-negative constant c (also for stores). */
function foldOffset(n: Ins): void {
  const sum = n.args[0];
  const c = sum.args[1];
  if (c.kind != K.Const || !isAddress(sum.ty) || !isAddress(c.ty) || c.i < 0 || c.i > 65536 || n.i + c.i > 65536) return;
  n.i += c.i;
  n.args[0] = sum.args[0];
}

/** Removes the wasm engine's copies between locals (see above). */
export function forwardCopies(f: Func): void {
  const u = new Uses();
  u.walk(f.body);
  forwardList(f.body, f, u);
  dropUnread(f.body, f, u);
}
