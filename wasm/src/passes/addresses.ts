import { Func, get, Ins, K, Op, T, tee } from "../ir/ir";

// Element and field addresses computed once (wasm backend only). The
// lowering gives every access its own address expression, so fannkuch's swap
//
//   t = a[lo]; a[lo] = a[hi]; a[hi] = t
//
// computes `a + lo * 8` and `a + hi * 8` twice each, and `a[i] = a[i] + x`
// computes `a + i * 8` for the load and again for the store: six wasm
// instructions an engine's baseline tier executes each time. LLVM shares
// such expressions itself (GVN); the wasm module has no later optimiser, so
// this pass does: where an access's address (local reads, constants and
// arithmetic that cannot trap, at least three instructions) repeats one
// computed earlier in straight-line code, with none of the locals it reads
// assigned in between, the first computation keeps its value in a new local
// (`local.tee`) and the later ones read it (`local.get`).
//
// "Earlier in straight-line code" is evaluation order within one list of
// statements, extended into the bodies of blocks and ifs that follow (they
// run after what precedes them), but not into loop bodies, whose second
// iteration would read a value computed before the loop. Memory does not
// matter: an address reads only locals.

/** The smallest address expression worth a local: a tee and a get cost two instructions. */
const MIN_SIZE = 3;

class Entry {
  later: Ins[] = [];
  valid: bool = true;
  constructor(public first: Ins, public reads: i32[]) {}
}

class Scope {
  byKey: Map<string, Entry> = new Map();
  // The entries of this scope that read each local, so that an assignment
  // visits only those (a long run of statements stays linear).
  byLocal: Map<i32, Entry[]> = new Map();
  // `inherits`: the enclosing scope's entries are available here (the body
  // of a block or an if); a loop's body does not inherit, but an assignment
  // in it still kills the enclosing scope's entries.
  constructor(public parent: Scope | null, public inherits: bool) {}

  find(key: string): Entry | null {
    if (this.byKey.has(key)) {
      const e = this.byKey.get(key);
      if (e.valid) return e;
    }
    const p = this.parent;
    return p !== null && this.inherits ? p.find(key) : null;
  }

  add(key: string, e: Entry): void {
    this.byKey.set(key, e);
    for (let i = 0; i < e.reads.length; i++) {
      const x = e.reads[i];
      if (!this.byLocal.has(x)) this.byLocal.set(x, []);
      this.byLocal.get(x).push(e);
    }
  }

  /** Local `x` is assigned: no expression that reads it may be reused past here. */
  kill(x: i32): void {
    if (this.byLocal.has(x)) {
      const list = this.byLocal.get(x);
      for (let i = 0; i < list.length; i++) list[i].valid = false;
      this.byLocal.delete(x);
    }
    const p = this.parent;
    if (p !== null) p.kill(x);
  }
}

/** Whether `n` reads only locals and constants through arithmetic that cannot trap; counts its nodes. */
class Shape {
  size: i32 = 0;
  reads: i32[] = [];
  key: string = "";

  pure(n: Ins): bool {
    this.size++;
    if (n.kind == K.LocalGet) {
      if (!this.reads.includes(<i32>n.i)) this.reads.push(<i32>n.i);
      this.key += `g${n.i}:${n.ty} `;
      return true;
    }
    if (n.kind == K.Const) {
      if (n.ty == T.F64) return false;
      this.key += `c${n.ty}:${n.i} `;
      return true;
    }
    if (n.kind == K.Binary) {
      if (!safeBinary(n.op) || n.ty == T.F64) return false;
      this.key += `b${n.op}:${n.ty}( `;
      if (!this.pure(n.args[0]) || !this.pure(n.args[1])) return false;
      this.key += ") ";
      return true;
    }
    if (n.kind == K.Unary) {
      if (n.op != Op.WrapI64 && n.op != Op.ExtendI32S && n.op != Op.ExtendI32U) return false;
      this.key += `u${n.op}:${n.ty}( `;
      if (!this.pure(n.args[0])) return false;
      this.key += ") ";
      return true;
    }
    return false;
  }
}

function safeBinary(op: Op): bool {
  return op == Op.Add || op == Op.Sub || op == Op.Mul || op == Op.Shl || op == Op.ShrS || op == Op.ShrU || op == Op.And || op == Op.Or || op == Op.Xor;
}

class Sharing {
  all: Entry[] = [];

  list(list: Ins[], scope: Scope): void {
    for (let i = 0; i < list.length; i++) this.node(list[i], scope);
  }

  node(n: Ins, scope: Scope): void {
    const kind = n.kind;
    if (kind == K.Loop) {
      this.list(n.body, new Scope(scope, false));
      return;
    }
    if (kind == K.Block || kind == K.If) {
      for (let i = 0; i < n.args.length; i++) this.node(n.args[i], scope);
      this.list(n.body, new Scope(scope, true));
      if (kind == K.If) this.list(n.other, new Scope(scope, true));
      return;
    }
    if (kind == K.Load || kind == K.Store) {
      this.node(n.args[0], scope);
      this.access(n, scope);
      for (let i = 1; i < n.args.length; i++) this.node(n.args[i], scope);
      return;
    }
    for (let i = 0; i < n.args.length; i++) this.node(n.args[i], scope);
    this.list(n.body, new Scope(scope, false));
    this.list(n.other, new Scope(scope, false));
    if (kind == K.LocalSet || kind == K.LocalTee) scope.kill(<i32>n.i);
  }

  access(n: Ins, scope: Scope): void {
    const shape = new Shape();
    if (!shape.pure(n.args[0]) || shape.size < MIN_SIZE) return;
    const e = scope.find(shape.key);
    if (e !== null) {
      e.later.push(n);
      return;
    }
    const fresh = new Entry(n, shape.reads);
    scope.add(shape.key, fresh);
    this.all.push(fresh);
  }
}

/** Computes each repeated access address once (see above). */
export function shareAddresses(f: Func): void {
  const s = new Sharing();
  s.list(f.body, new Scope(null, false));
  for (let i = 0; i < s.all.length; i++) {
    const e = s.all[i];
    if (e.later.length == 0) continue;
    const addr = e.first.args[0];
    const ty = addr.ty;
    const local = f.locals.length;
    f.locals.push(ty);
    e.first.args[0] = tee(local, addr, ty);
    for (let j = 0; j < e.later.length; j++) e.later[j].args[0] = get(local, ty);
  }
}
