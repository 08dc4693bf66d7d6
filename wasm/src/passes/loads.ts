import { assignsLocal, endsFlow, Func, Ins, IrModule, isData, isField, K, Mem, Op, T } from "../ir/ir";

// Redundant load elimination. Idiomatic code reads the same memory again and
// again: `self.bodies[i].x - self.bodies[j].x` loads the array pointer out of
// `self` twice, and the next statement loads it and both element pointers
// again. LLVM removes such loads itself; V8 does not for wasm linear memory,
// so this pass does it on the IR, for both backends.
//
// Every value gets a key that says what it is: a constant, a local at one of
// its versions (each assignment is a new version), an operation on keys, or a
// load of a key'd address at one *epoch* of memory. Memory is split into the
// classes the IR's Mem and the LLVM backend's type-based alias analysis
// already use (headers, and each machine type of field data; raw accesses
// alias everything): a store starts a new epoch of its class, a call or any
// raw store a new epoch of every class. Two loads with one key read the same
// bytes in the same state of memory, so the second one is replaced by a local
// holding the first's value (the first becomes a `local.tee` when it was not
// already assigned to a local).
//
// Control flow: facts flow forward through straight-line code only. A branch
// that cannot fall through (a bounds check's panic) leaves the facts after
// its `if` as they were; any other branch, a loop (at its head and after it)
// and the end of a block that a branch targets give the locals assigned there
// new versions, and memory new epochs when something inside may write it.
// Loads first seen inside a branch, loop or targeted block are forgotten when
// it ends. Nodes reachable twice in the tree are left alone.

// Any, Header, then data of each machine type (i8, i32/ptr, i64, f64):
// generic (2..5), known fields (6..9) and known array elements (10..13).
// A write to generic data may change fields or elements of its type, and
// the reverse; fields and elements never overlap.
const CLASSES = 14;
const FIELDS = 4;
const ELEMS = 8;
const MAX_KEY = 160;

function classOf(n: Ins, ty: T): i32 {
  if (n.mem == Mem.Header) return 1;
  if (!isData(n.mem)) return 0;
  let c = 0;
  if (n.width == 1) c = 2;
  else if (n.width == 4) c = 3;
  else if (n.width == 8) c = ty == T.F64 ? 5 : 4;
  if (c == 0) return 0;
  return isField(n.mem) ? c + FIELDS : n.mem == Mem.Elem ? c + ELEMS : c;
}

class Avail {
  constructor(public node: Ins, public holder: i32, public holderVer: i32) {}
}

class Loads {
  ver: i32[] = [];
  vals: Map<i32, string> = new Map();
  valVer: Map<i32, i32> = new Map();
  epoch: i32[] = [];
  next: i32 = 1;
  avail: Map<string, Avail> = new Map();
  // Undo log of `avail`: each key set, with the entry it replaced (null: none).
  added: string[] = [];
  replaced: (Avail | null)[] = [];
  shared: Set<Ins> = new Set();
  targets: Set<i32> = new Set();

  constructor(public f: Func) {
    for (let i = 0; i < f.locals.length; i++) this.ver.push(0);
    for (let c = 0; c < CLASSES; c++) this.epoch.push(0);
    const seen = new Set<Ins>();
    this.scan(f.body, seen);
  }

  scan(list: Ins[], seen: Set<Ins>): void {
    for (let i = 0; i < list.length; i++) {
      const n = list[i];
      if (seen.has(n)) {
        this.markShared(n);
        continue;
      }
      seen.add(n);
      if (n.kind == K.Br || n.kind == K.BrIf) this.targets.add(<i32>n.i);
      this.scan(n.args, seen);
      this.scan(n.body, seen);
      this.scan(n.other, seen);
    }
  }

  markShared(n: Ins): void {
    this.shared.add(n);
    for (let i = 0; i < n.args.length; i++) this.markShared(n.args[i]);
    for (let i = 0; i < n.body.length; i++) this.markShared(n.body[i]);
    for (let i = 0; i < n.other.length; i++) this.markShared(n.other[i]);
  }

  fresh(): string {
    return "?" + (this.next++).toString();
  }

  bump(c: i32): void {
    this.epoch[c] = this.next++;
    if (c != 0) this.epoch[0] = this.next++;
    if (c >= 2 && c < 2 + FIELDS) {
      this.epoch[c + FIELDS] = this.next++;
      this.epoch[c + ELEMS] = this.next++;
    } else if (c >= 2 + FIELDS) {
      this.epoch[2 + (c - 2) % FIELDS] = this.next++;
    }
  }

  bumpAll(): void {
    for (let c = 0; c < CLASSES; c++) this.epoch[c] = this.next++;
  }

  bumpWritten(written: bool[]): void {
    if (written[0]) this.bumpAll();
    else for (let c = 1; c < CLASSES; c++) if (written[c]) this.bump(c);
  }

  localKey(x: i32): string {
    if (this.vals.has(x) && this.valVer.get(x) == this.ver[x]) return this.vals.get(x);
    return "$" + x.toString() + "#" + this.ver[x].toString();
  }

  assign(x: i32, key: string): void {
    this.ver[x] = this.next++;
    // Long keys (an accumulator's chain of additions) are not worth their cost.
    if (key.length > MAX_KEY) return;
    this.vals.set(x, key);
    this.valVer.set(x, this.ver[x]);
  }

  /** Forgets the loads registered since `mark`. */
  restore(mark: i32): void {
    while (this.added.length > mark) {
      const key = this.added.pop();
      const prev = this.replaced.pop();
      if (prev === null) this.avail.delete(key);
      else this.avail.set(key, prev);
    }
  }

  register(key: string, n: Ins): void {
    this.added.push(key);
    this.replaced.push(this.avail.has(key) ? this.avail.get(key) : null);
    this.avail.set(key, new Avail(n, -1, 0));
  }

  /** New versions for the locals assigned in `list`. */
  renew(list: Ins[]): void {
    for (let i = 0; i < list.length; i++) {
      const n = list[i];
      if (n.kind == K.LocalSet || n.kind == K.LocalTee) this.ver[<i32>n.i] = this.next++;
      this.renew(n.args);
      this.renew(n.body);
      this.renew(n.other);
    }
  }

  list(src: Ins[]): void {
    for (let i = 0; i < src.length; i++) this.visit(src[i]);
  }

  /** Visits `n` (rewriting redundant loads in it) and answers the key of its value. */
  visit(n: Ins): string {
    switch (n.kind) {
      case K.Const:
        return "c" + (<i32>n.ty).toString() + ":" + (n.ty == T.F64 ? reinterpret<i64>(n.f).toString() : n.i.toString());
      case K.LocalGet:
        return this.localKey(<i32>n.i);
      case K.LocalSet: case K.LocalTee: {
        const value = n.args[0];
        const key = this.visit(value);
        const x = <i32>n.i;
        this.assign(x, key);
        // A load first seen here is held by this local from now on.
        if (value.kind == K.Load && this.avail.has(key)) {
          const a = this.avail.get(key);
          if (a.node == value && a.holder < 0) {
            a.holder = x;
            a.holderVer = this.ver[x];
          }
        }
        return n.kind == K.LocalTee ? key : "";
      }
      case K.Unary: {
        const a = this.visit(n.args[0]);
        if (a.length > MAX_KEY) return this.fresh();
        return "(u" + (<i32>n.op).toString() + "." + (<i32>n.ty).toString() + " " + a + ")";
      }
      case K.Binary: {
        const a = this.visit(n.args[0]);
        const b = this.visit(n.args[1]);
        if (a.length + b.length > MAX_KEY) return this.fresh();
        return "(b" + (<i32>n.op).toString() + "." + (<i32>n.ty).toString() + " " + a + " " + b + ")";
      }
      case K.Load:
        return this.load(n);
      case K.Store: {
        this.visit(n.args[0]);
        this.visit(n.args[1]);
        const c = classOf(n, n.args[1].ty);
        if (c == 0) this.bumpAll();
        else this.bump(c);
        return "";
      }
      case K.Block: return this.block(n);
      case K.Loop: {
        // At the head, memory differs from the entry only in what the body
        // writes: loads of other classes made before the loop stay valid.
        const written = new Array<bool>(CLASSES);
        writes(n.body, written);
        const mark = this.added.length;
        this.renew(n.body);
        this.bumpWritten(written);
        this.list(n.body);
        this.restore(mark);
        this.renew(n.body);
        this.bumpWritten(written);
        return n.ty == T.None ? "" : this.fresh();
      }
      case K.If: return this.branches(n);
    }
    // Calls, branches, returns, memory operations: visit the operands; any of
    // them may write memory (a branch's effects are handled at its target).
    this.list(n.args);
    if (n.kind == K.Call && isCopyOnWrite(n.name)) {
      this.bump(1);
      return this.fresh();
    }
    if (n.kind != K.Br && n.kind != K.BrIf && n.kind != K.Drop && n.kind != K.Return && n.kind != K.Select && n.kind != K.Unreachable && n.kind != K.MemorySize) this.bumpAll();
    return this.fresh();
  }

  load(n: Ins): string {
    // `load +k (x + c)` reads what `load +(k + c) x` reads: one key for both
    // (a field place's address is computed, a field read's is an offset).
    const addr = n.args[0];
    let offset = <i32>n.i;
    let a = "";
    if (addr.kind == K.Binary && addr.op == Op.Add && addr.ty == T.Ptr && addr.args[1].kind == K.Const && !this.shared.has(addr)) {
      a = this.visit(addr.args[0]);
      offset += <i32>addr.args[1].i;
    } else a = this.visit(addr);
    if (a.length > MAX_KEY) return this.fresh();
    const key = this.keyAt(n, a, offset, n.ty);
    if (this.shared.has(n)) return key;
    if (this.avail.has(key)) {
      const e = this.avail.get(key);
      if (e.node != n && !this.shared.has(e.node)) {
        if (e.holder < 0) {
          // The first load becomes `local.tee $h (load ...)`.
          const h = this.f.locals.length;
          this.f.locals.push(n.ty);
          this.ver.push(this.next++);
          const copy = new Ins(K.Load);
          copy.ty = e.node.ty;
          copy.width = e.node.width;
          copy.mem = e.node.mem;
          copy.i = e.node.i;
          copy.args = e.node.args;
          e.node.kind = K.LocalTee;
          e.node.i = h;
          e.node.args = [copy];
          e.node.width = 0;
          e.node.mem = Mem.Any;
          e.node = copy;
          e.holder = h;
          e.holderVer = this.ver[h];
        }
        if (this.ver[e.holder] == e.holderVer) {
          n.kind = K.LocalGet;
          n.i = e.holder;
          n.args = [];
          n.width = 0;
          n.mem = Mem.Any;
          return key;
        }
      }
    }
    this.register(key, n);
    return key;
  }

  block(n: Ins): string {
    const targeted = this.targets.has(<i32>n.i);
    const mark = this.added.length;
    let key = "";
    for (let i = 0; i < n.body.length; i++) {
      const k = this.visit(n.body[i]);
      if (i == n.body.length - 1) key = k;
    }
    if (!targeted) return n.ty == T.None ? "" : key;
    // A join with the branches out of the block: memory is as the body left
    // it at some point, so only the classes the body writes are new.
    const written = new Array<bool>(CLASSES);
    writes(n.body, written);
    this.restore(mark);
    this.renew(n.body);
    this.bumpWritten(written);
    return n.ty == T.None ? "" : this.fresh();
  }

  branches(n: Ins): string {
    this.visit(n.args[0]);
    const slot = this.storedBack(n);
    const before = this.epoch.slice(0);
    const mark = this.added.length;
    this.list(n.body);
    this.restore(mark);
    const thenFalls = n.body.length == 0 || !endsFlow(n.body[n.body.length - 1]);
    const afterThen = this.epoch.slice(0);
    // The else branch starts from the state before the if.
    for (let c = 0; c < CLASSES; c++) this.epoch[c] = before[c];
    this.renew(n.body);
    this.list(n.other);
    this.restore(mark);
    const elseFalls = n.other.length == 0 || !endsFlow(n.other[n.other.length - 1]);
    if (!elseFalls) for (let c = 0; c < CLASSES; c++) this.epoch[c] = before[c];
    // Memory written on a path that reaches the join: a new epoch for that class.
    for (let c = 0; c < CLASSES; c++) {
      const thenWrote = thenFalls && afterThen[c] != before[c];
      const elseWrote = elseFalls && this.epoch[c] != before[c];
      this.epoch[c] = thenWrote || elseWrote ? this.next++ : before[c];
    }
    this.renew(n.body);
    this.renew(n.other);
    if (slot !== null) {
      // Both ways the slot now holds the local's value (its new version).
      const x = <i32>slot.args[1].i;
      const key = this.loadKey(slot, this.localKey(<i32>slot.args[0].i), slot.args[1].ty);
      if (key.length > 0) {
        this.register(key, slot);
        const a = this.avail.get(key);
        a.holder = x;
        a.holderVer = this.ver[x];
      }
    }
    return n.ty == T.None ? "" : this.fresh();
  }

  /**
   * The store that ends an `if` without else, when it writes a local back to
   * the address that local was loaded from just before the `if`, as a
   * copy-on-write check does (`v = load a; if rc(v) != 1 { v = copy(v);
   * store a, v }`): after the `if` the slot holds the local either way.
   */
  storedBack(n: Ins): Ins | null {
    if (n.other.length != 0 || n.body.length == 0 || n.ty != T.None) return null;
    const st = n.body[n.body.length - 1];
    if (st.kind != K.Store || st.args[0].kind != K.LocalGet || st.args[1].kind != K.LocalGet) return null;
    if (this.shared.has(st)) return null;
    const a = <i32>st.args[0].i;
    const x = <i32>st.args[1].i;
    if (a == x || assignsLocal(n.body, a) || assignsLocal(n.args, x)) return null;
    const key = this.loadKey(st, this.localKey(a), st.args[1].ty);
    if (key.length == 0 || !this.avail.has(key)) return null;
    const e = this.avail.get(key);
    return e.holder == x && this.ver[x] == e.holderVer ? st : null;
  }

  /** The key of a load of `n`'s width, type and memory at `addr` + its offset, now ("" when too long). */
  loadKey(n: Ins, addr: string, ty: T): string {
    return this.keyAt(n, addr, <i32>n.i, ty);
  }

  keyAt(n: Ins, addr: string, offset: i32, ty: T): string {
    if (addr.length > MAX_KEY) return "";
    const c = classOf(n, ty);
    return "L" + c.toString() + "." + n.width.toString() + "." + (<i32>ty).toString() + "@" + this.epoch[c].toString() + "[" + addr + "+" + offset.toString() + "]";
  }
}

/**
 * A copy-on-write copy (unique_copy.T, see rc_helpers.ts) allocates a new
 * object and changes reference counts; the data of every existing object
 * stays as it was, so only headers (and the allocator's raw memory) change.
 */
function isCopyOnWrite(name: string): bool {
  return name.startsWith("unique_copy.");
}

/** Marks the memory classes that `list` may write (class 0, raw memory: all of them). */
function writes(list: Ins[], out: bool[]): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    const k = n.kind;
    if (k == K.Store) out[classOf(n, n.args[1].ty)] = true;
    else if (k == K.Call && isCopyOnWrite(n.name)) out[1] = true;
    else if (k == K.Call || k == K.CallIndirect || k == K.MemoryGrow || k == K.MemoryCopy || k == K.MemoryFill) out[0] = true;
    writes(n.args, out);
    writes(n.body, out);
    writes(n.other, out);
  }
}

/** The number of field, element and header loads in `list`, counting up to `enough`. */
function typedLoads(list: Ins[], count: i32, enough: i32): i32 {
  for (let i = 0; i < list.length && count < enough; i++) {
    const n = list[i];
    if (n.kind == K.Load && n.mem != Mem.Any) count++;
    count = typedLoads(n.args, count, enough);
    count = typedLoads(n.body, count, enough);
    count = typedLoads(n.other, count, enough);
  }
  return count;
}

/** Replaces loads that repeat an earlier load of the same memory, unchanged since. */
export function forwardLoads(m: IrModule): void {
  for (let i = 0; i < m.funcs.length; i++) {
    // A function with fewer than two typed loads has nothing worth the keys' cost.
    if (typedLoads(m.funcs[i].body, 0, 2) < 2) continue;
    const l = new Loads(m.funcs[i]);
    l.list(m.funcs[i].body);
  }
}
