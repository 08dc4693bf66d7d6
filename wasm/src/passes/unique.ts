import { binary, call, copyNode, Func, get, iconst, iff, Ins, IrModule, K, Mem, Op, readsLocal, T, unary } from "../ir/ir";
import { uniqueCheckOf as checked } from "./unbox_scan";
import { dropInLoop, findDeepChecks, Found, hoistedCheck, mayShare, pointerWriters, rootBefore } from "./unique_elems";

// Removal of repeated copy-on-write checks. The lowering makes a heap local
// unique before writing through it with
//
//   if rc(x) != 1 { x = unique.T(x) }
//
// and after that the object in x has one reference. It keeps it until
// something takes another reference: a retain, or a call of a function that
// may retain (found by looking through the callees: the runtime's retain,
// indirect calls, and whatever calls them). So a second check of x, or of a
// local copied from it, with no such event in between is dropped; facts meet
// at the joins of if, block and loop (a loop iterates to a fixpoint). A check
// inside a loop whose fact would survive the whole body is done once before
// the loop instead: the copy then happens earlier, or when the loop runs no
// iteration, needlessly, but never differently: the content is the same and
// the original loses the same reference. A loop whose test reads the local
// (`while p.items[0] != 0 { p.flip(p.items[0]) }`) often stops at once, so
// its check moves before it only behind a second evaluation of that test
// (when the test stores and calls nothing but a panic): no copy when the
// loop runs no iteration, and no check in each of its iterations; a fact
// made there only for the first iteration does not leave the loop. Runs before the runtime is inlined,
// while retains and releases are still calls.

class Facts {
  constructor(public top: bool, public locals: i32[]) {}

  has(x: i32): bool { return this.top || this.locals.includes(x); }

  copy(): Facts { return new Facts(this.top, this.locals.slice(0)); }

  with(x: i32): Facts {
    if (this.top || this.locals.includes(x)) return this;
    const f = this.copy();
    if (!f.top && !f.locals.includes(x)) f.locals.push(x);
    return f;
  }

  without(x: i32): Facts {
    if (this.top || !this.locals.includes(x)) return this;
    const f = this.copy();
    f.locals.splice(f.locals.indexOf(x), 1);
    return f;
  }
}

const TOP = new Facts(true, []);
const NONE = new Facts(false, []);

function meet(a: Facts, b: Facts): Facts {
  if (a.top) return b;
  if (b.top) return a;
  const out: i32[] = [];
  for (let i = 0; i < a.locals.length; i++) if (b.locals.includes(a.locals[i])) out.push(a.locals[i]);
  return new Facts(false, out);
}

function same(a: Facts, b: Facts): bool {
  if (a.top || b.top) return a.top == b.top;
  if (a.locals.length != b.locals.length) return false;
  for (let i = 0; i < a.locals.length; i++) if (!b.locals.includes(a.locals[i])) return false;
  return true;
}

class Uniq {
  funcs: Map<string, Func> = new Map();
  // Functions that may take a reference to an existing object (directly or through a callee).
  mayRetain: Set<string> = new Set();
  branches: Map<i32, Facts> = new Map();
  rewrite: bool = false;
  hoisted: Map<Ins, i32[]> = new Map();
  depth: i32 = 0;  // loop analyses in progress
  f!: Func;
  copyChildren: Map<string, string[]>;
  // The copy-on-write helper each local of the function is checked with: its type.
  checkType: Map<i32, string> = new Map();
  // Functions that may write a pointer or a header (unique_elems.ts), computed when first needed.
  writers: Set<string> | null = null;

  constructor(public m: IrModule) {
    this.copyChildren = m.copyChildren;
    for (let i = 0; i < m.funcs.length; i++) this.funcs.set(m.funcs[i].name, m.funcs[i]);
    this.mayRetain.add("rt.retain");
    const callees = new Map<string, string[]>();
    for (let i = 0; i < m.funcs.length; i++) {
      const names: string[] = [];
      if (collect(m.funcs[i].body, names)) this.mayRetain.add(m.funcs[i].name);
      // A copy-on-write copy releases the original only when another
      // reference to it remains: that release never drops anything, so it
      // takes no reference either. (Its copy may still retain the children.)
      if (m.funcs[i].name.startsWith("unique.") || m.funcs[i].name.startsWith("unique_copy.")) {
        for (let j = names.length - 1; j >= 0; j--) if (names[j] == "rt.release") names.splice(j, 1);
      }
      callees.set(m.funcs[i].name, names);
    }
    let changed = true;
    while (changed) {
      changed = false;
      for (let i = 0; i < m.funcs.length; i++) {
        const name = m.funcs[i].name;
        if (this.mayRetain.has(name)) continue;
        const cs = callees.get(name);
        for (let j = 0; j < cs.length; j++) {
          if (this.mayRetain.has(cs[j])) {
            this.mayRetain.add(name);
            changed = true;
            break;
          }
        }
      }
    }
  }

  /** Facts after the call `name`: none survive a call that may retain. */
  afterCall(name: string, u: Facts): Facts {
    return this.mayRetain.has(name) ? (u.top ? u : NONE) : u;
  }

  /**
   * Facts after the check's copy `name`: it takes a reference to each heap
   * child of the object it copies, so the facts of locals that may hold such
   * a child (checked with a child's helper, or never checked) do not survive;
   * those of other types do.
   */
  afterCheck(name: string, u: Facts): Facts {
    if (u.top || !this.mayRetain.has(name)) return u;
    if (!this.copyChildren.has(name)) return NONE;
    const children = this.copyChildren.get(name);
    const out: i32[] = [];
    for (let i = 0; i < u.locals.length; i++) {
      const y = u.locals[i];
      if (!this.checkType.has(y)) continue;
      const t = this.checkType.get(y);
      if (t != "?" && !children.includes(t)) out.push(y);
    }
    return new Facts(false, out);
  }

  list(src: Ins[], u: Facts): Facts {
    if (src.length == 0) return u;
    const out: Ins[] = [];
    let facts = u;
    for (let i = 0; i < src.length; i++) {
      const s = src[i];
      const x = checked(s);
      if (x >= 0) {
        if (facts.has(x) && !facts.top) {
          if (!this.rewrite) out.push(s);
          continue;
        }
        facts = this.afterCheck(s.body[0].args[0].name, facts).with(x);
        out.push(s);
        continue;
      }
      const onEntry: i32[] = [];
      if (s.kind == K.Loop && this.depth == 0) {
        const hs = this.hoist(s);
        for (let k = 0; k < hs.length; k++) {
          const h = hs[k];
          if (!facts.top && facts.has(h)) continue;
          const c = this.findCheck(s.body, h)!;
          // Checked once before the loop (guarded: the local may not hold an
          // object yet), and only when the loop's exit tests let the first
          // iteration run if they read the local (see the top of this file).
          let hoisted = [checkOf(c)];
          if (testsRead(s.body, h)) {
            hoisted = [entryTests(s.body, hoisted)];
            onEntry.push(h);
          }
          if (this.rewrite) out.push(iff(binary(Op.Ne, T.I32, get(h, T.Ptr), iconst(T.Ptr, 0)), hoisted, [], T.None));
          facts = this.afterCheck(c.body[0].args[0].name, facts).with(h);
        }
      }
      const entry = facts;
      facts = this.node(s, facts);
      if (s.kind == K.Loop && this.depth == 0 && this.rewrite) this.hoistDeep(s, entry, onEntry, out);
      // A check made only when the first iteration runs says nothing about
      // a loop left by its first test: no fact about it leaves the loop.
      for (let k = 0; k < onEntry.length; k++) {
        facts = facts.without(onEntry[k]);
        const keys = this.branches.keys();
        for (let b = 0; b < keys.length; b++) this.branches.set(keys[b], this.branches.get(keys[b]).without(onEntry[k]));
      }
      out.push(s);
    }
    if (this.rewrite) {
      src.length = 0;
      for (let i = 0; i < out.length; i++) src.push(out[i]);
    }
    return facts;
  }

  /**
   * The deep checks of loop `l` (unique_elems.ts) made once before it, in
   * `out`, given the facts `u` at its entry: those whose root holds the same
   * unique object through the whole loop (unique at its entry whether or not
   * it iterates), in a loop that shares nothing.
   * Runs after the loop's own checks were dropped, so that an inlined
   * argument's copy of the root is its one assignment.
   */
  hoistDeep(l: Ins, u: Facts, onEntry: i32[], out: Ins[]): void {
    if (u.top) return;
    const found: Found[] = [];
    findDeepChecks(l.body, [], found);
    if (found.length == 0) return;
    const skip: Ins[] = [];
    for (let i = 0; i < found.length; i++) skip.push(found[i].check.stmt);
    if (this.writers === null) this.writers = pointerWriters(this.m);
    if (mayShare(l.body, skip, this.mayRetain, this.writers!)) return;
    for (let i = 0; i < found.length; i++) {
      const d = found[i].check;
      // A scan that may retain would end facts where it stood; before the loop it would end others.
      if (this.mayRetain.has(d.stmt.name)) continue;
      const root = rootBefore(l.body, found[i]);
      // A root checked before the loop only behind its entry tests may still
      // be shared when the loop runs no iteration: its slot must not be written then.
      if (root < 0 || !u.has(root) || onEntry.includes(root)) continue;
      out.push(hoistedCheck(this.f, d, root));
      dropInLoop(found[i]);
    }
  }

  findCheck(list: Ins[], x: i32): Ins | null {
    for (let i = 0; i < list.length; i++) {
      if (checked(list[i]) == x) return list[i];
      const n = list[i];
      const a = this.findCheck(n.args, x);
      if (a !== null) return a;
      const b = this.findCheck(n.body, x);
      if (b !== null) return b;
      const c = this.findCheck(n.other, x);
      if (c !== null) return c;
    }
    return null;
  }

  /** hoistable(l), computed once per loop (on its body as it was before any rewriting). */
  hoist(l: Ins): i32[] {
    if (this.hoisted.has(l)) return this.hoisted.get(l);
    const h = this.hoistable(l);
    this.hoisted.set(l, h);
    return h;
  }

  /** The locals checked in the loop whose facts, once true at entry, hold at every iteration. */
  hoistable(l: Ins): i32[] {
    const xs: i32[] = [];
    checksIn(l.body, xs);
    const out: i32[] = [];
    for (let i = 0; i < xs.length; i++) {
      if (out.includes(xs[i]) || xs[i] < this.f.params.length || assignedElsewhere(l.body, xs[i])) continue;
      if (testsRead(l.body, xs[i]) && !testsRepeatable(l.body, xs[i])) continue;
      const saved = this.rewrite;
      this.rewrite = false;
      // The trial's branches out of the loop carry only its one fact: they
      // must not reach the real facts of the labels they leave to.
      const branches = this.branches;
      this.branches = new Map();
      const keys = branches.keys();
      for (let k = 0; k < keys.length; k++) this.branches.set(keys[k], branches.get(keys[k]));
      const h = this.loopHead(l, NONE.with(xs[i]));
      this.branches = branches;
      this.rewrite = saved;
      if (h.has(xs[i]) && !h.top) out.push(xs[i]);
    }
    return out;
  }

  /** The facts at the head of loop `l` entered with `u`: a fixpoint over its back edges. */
  loopHead(l: Ins, u: Facts): Facts {
    // Inside the analysis of an enclosing loop, an inner loop keeps what
    // nothing in its body can undo (less than the fixpoint, and linear work).
    if (this.depth > 0) return this.survivors(l.body, u);
    this.depth++;
    const saved = this.rewrite;
    this.rewrite = false;
    let head = u;
    for (let round = 0; round < 4; round++) {
      const before = this.branches.has(<i32>l.i) ? this.branches.get(<i32>l.i) : null;
      this.branches.delete(<i32>l.i);
      this.list(l.body, head);
      const back = this.branches.has(<i32>l.i) ? this.branches.get(<i32>l.i) : TOP;
      if (before !== null) this.branches.set(<i32>l.i, before);
      else this.branches.delete(<i32>l.i);
      const next = meet(head, back);
      if (same(next, head)) break;
      head = next;
      if (round == 3) head = NONE;
    }
    this.rewrite = saved;
    this.depth--;
    return head;
  }

  /** The facts of `u` that no iteration of a loop body can invalidate. */
  survivors(body: Ins[], u: Facts): Facts {
    const copies: string[] = [];
    if (u.top || this.mayKill(body, copies)) return u.top ? u : NONE;
    let facts = u;
    for (let i = 0; i < copies.length; i++) facts = this.afterCheck(copies[i], facts);
    const out: i32[] = [];
    for (let i = 0; i < facts.locals.length; i++) if (!assignedElsewhere(body, facts.locals[i])) out.push(facts.locals[i]);
    return new Facts(false, out);
  }

  /**
   * Whether `list` calls anything that may retain, other than the copies of
   * copy-on-write checks (unique.T), whose helpers it adds to `copies`.
   */
  mayKill(list: Ins[], copies: string[]): bool {
    for (let i = 0; i < list.length; i++) {
      const x = list[i];
      if (x.kind == K.Call && x.name.startsWith("unique.")) {
        if (!copies.includes(x.name)) copies.push(x.name);
        if (this.mayKill(x.args, copies)) return true;
        continue;
      }
      if (x.kind == K.CallIndirect || (x.kind == K.Call && this.mayRetain.has(x.name))) return true;
      if (this.mayKill(x.args, copies) || this.mayKill(x.body, copies) || this.mayKill(x.other, copies)) return true;
    }
    return false;
  }

  branch(label: i32, u: Facts): void {
    if (this.branches.has(label)) this.branches.set(label, meet(this.branches.get(label), u));
    else this.branches.set(label, u);
  }

  /** Facts after evaluating `n` (which it may rewrite, when it has lists of its own). */
  node(n: Ins, u: Facts): Facts {
    const k = n.kind;
    if (k == K.Block) {
      const label = <i32>n.i;
      const before = this.branches.has(label) ? this.branches.get(label) : null;
      this.branches.delete(label);
      let out = this.list(n.body, u);
      if (this.branches.has(label)) out = meet(out, this.branches.get(label));
      if (before !== null) this.branches.set(label, before);
      else this.branches.delete(label);
      return out;
    }
    if (k == K.Loop) {
      const head = this.loopHead(n, u);
      const label = <i32>n.i;
      const before = this.branches.has(label) ? this.branches.get(label) : null;
      const out = this.list(n.body, head);
      if (before !== null) this.branches.set(label, before);
      else this.branches.delete(label);
      return out;
    }
    let facts = u;
    for (let i = 0; i < n.args.length; i++) facts = this.node(n.args[i], facts);
    if (k == K.If) {
      const a = this.list(n.body, facts);
      const b = this.list(n.other, facts);
      return meet(a, b);
    }
    if (k == K.Call) return n.name.startsWith("unique.") ? this.afterCheck(n.name, facts) : this.afterCall(n.name, facts);
    if (k == K.CallIndirect) return facts.top ? facts : NONE;
    if (k == K.Br) {
      this.branch(<i32>n.i, facts);
      return TOP;
    }
    if (k == K.BrIf) {
      this.branch(<i32>n.i, facts);
      return facts;
    }
    if (k == K.Return || k == K.Unreachable) return TOP;
    if (k == K.LocalSet || k == K.LocalTee) {
      const x = <i32>n.i;
      const v = n.args[0];
      let from = v.kind == K.LocalGet ? <i32>v.i : -1;
      if (v.kind == K.Block && v.i == 0 && v.body.length > 0 && v.body[v.body.length - 1].kind == K.LocalGet) from = <i32>v.body[v.body.length - 1].i;
      // A copy of a unique local (a borrow: no reference is taken) holds the same unique object.
      if (from >= 0 && from != x && facts.has(from) && !facts.top) return facts.with(x);
      return facts.without(x);
    }
    return facts;
  }
}

/** A copy of the check `c`. */
function checkOf(c: Ins): Ins {
  const s = c.body[0];
  const x = <i32>s.i;
  const rc = binary(Op.Ne, T.I32, c.args[0].args[0], iconst(T.I32, 1));
  const u = call(s.args[0].name, [get(x, T.Ptr)], T.Ptr);
  const setx = new Ins(K.LocalSet);
  setx.i = x;
  setx.args.push(u);
  // The load node is shared with the original only in shape: rebuild it.
  const load = new Ins(K.Load);
  load.ty = T.I32;
  load.width = 4;
  load.mem = Mem.Header;
  load.i = 0;
  load.args.push(get(x, T.Ptr));
  rc.args[0] = load;
  return iff(rc, [setx], [], T.None);
}

/** Whether the exit tests that begin a loop's body (a while loop's condition) read `x`. */
function testsRead(body: Ins[], x: i32): bool {
  for (let i = 0; i < body.length && body[i].kind == K.BrIf; i++) if (readsLocal(body[i].args, x)) return true;
  return false;
}

/**
 * Whether the exit tests that begin a loop's body can be evaluated once more
 * before the loop with the same outcome: they store nothing, call nothing
 * but a panic, and branch nowhere but out of the whole test (blocks without
 * labels). A test that panics then panics in the copy, first, with the
 * same message.
 */
function testsRepeatable(body: Ins[], x: i32): bool {
  let n = 0;
  for (let i = 0; i < body.length && body[i].kind == K.BrIf; i++) {
    if (!repeatable(body[i].args[0], x)) return false;
    n++;
  }
  return n > 0 && n <= 2;
}

// Temporaries the test sets (not the checked local `v`) are set again, to
// the same values, when the loop evaluates its test.
function repeatable(x: Ins, v: i32): bool {
  if (x.kind == K.Store || x.kind == K.CallIndirect || x.kind == K.Loop || x.kind == K.Br || x.kind == K.BrIf) return false;
  if (x.kind == K.Return || x.kind == K.MemoryGrow || x.kind == K.MemoryCopy || x.kind == K.MemoryFill) return false;
  if ((x.kind == K.LocalSet || x.kind == K.LocalTee) && <i32>x.i == v) return false;
  if (x.kind == K.Block && x.i != 0) return false;
  if (x.kind == K.Call && !x.name.startsWith("rt.panic")) return false;
  for (let i = 0; i < x.args.length; i++) if (!repeatable(x.args[i], v)) return false;
  for (let i = 0; i < x.body.length; i++) if (!repeatable(x.body[i], v)) return false;
  for (let i = 0; i < x.other.length; i++) if (!repeatable(x.other[i], v)) return false;
  return true;
}

function deepCopy(x: Ins): Ins {
  const n = copyNode(x);
  n.args = deepCopyList(x.args);
  n.body = deepCopyList(x.body);
  n.other = deepCopyList(x.other);
  return n;
}

function deepCopyList(list: Ins[]): Ins[] {
  if (list.length == 0) return list;  // empty lists are never pushed to: the copy may share one
  const out: Ins[] = [];
  for (let i = 0; i < list.length; i++) out.push(deepCopy(list[i]));
  return out;
}

/** `then` run when none of the loop's leading exit tests holds: `if !t1 { if !t2 { then } }`. */
function entryTests(body: Ins[], then: Ins[]): Ins {
  let n = body.length;
  for (let i = 0; i < body.length; i++) {
    if (body[i].kind != K.BrIf) {
      n = i;
      break;
    }
  }
  let inner = then;
  for (let i = n - 1; i >= 0; i--) {
    inner = [iff(unary(Op.Eqz, T.I32, deepCopy(body[i].args[0])), inner, [], T.None)];
  }
  return inner[0];
}

/** Whether `x` is assigned in `list` other than by its own copy-on-write checks. */
function assignedElsewhere(list: Ins[], x: i32): bool {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (checked(n) == x) continue;
    if ((n.kind == K.LocalSet || n.kind == K.LocalTee) && <i32>n.i == x) return true;
    if (assignedElsewhere(n.args, x) || assignedElsewhere(n.body, x) || assignedElsewhere(n.other, x)) return true;
  }
  return false;
}

/** The helper each local is checked with; "?" for a local checked with two. */
function checkTypes(list: Ins[], out: Map<i32, string>): void {
  for (let i = 0; i < list.length; i++) {
    const x = checked(list[i]);
    if (x >= 0) {
      const name = list[i].body[0].args[0].name;
      out.set(x, out.has(x) && out.get(x) != name ? "?" : name);
    }
    checkTypes(list[i].args, out);
    checkTypes(list[i].body, out);
    checkTypes(list[i].other, out);
  }
}

function checksIn(list: Ins[], out: i32[]): void {
  for (let i = 0; i < list.length; i++) {
    const x = checked(list[i]);
    if (x >= 0 && !out.includes(x)) out.push(x);
    checksIn(list[i].args, out);
    checksIn(list[i].body, out);
    checksIn(list[i].other, out);
  }
}

/** Collects direct callees; true when the list calls indirectly. */
function collect(list: Ins[], out: string[]): bool {
  let indirect = false;
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x.kind == K.Call) out.push(x.name);
    if (x.kind == K.CallIndirect) indirect = true;
    if (collect(x.args, out) || collect(x.body, out) || collect(x.other, out)) indirect = true;
  }
  return indirect;
}

/** Drops the copy-on-write checks already made, and hoists those that hold across a loop. */
export function dropRepeatedChecks(m: IrModule): void {
  const u = new Uniq(m);
  u.rewrite = true;
  for (let i = 0; i < m.funcs.length; i++) {
    u.f = m.funcs[i];
    u.branches = new Map();
    u.checkType = new Map();
    checkTypes(m.funcs[i].body, u.checkType);
    u.list(m.funcs[i].body, NONE);
  }
}
