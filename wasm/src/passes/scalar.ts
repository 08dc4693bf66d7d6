import { block, Func, get, iconst, Ins, K, Mem, isData, binary, Op, set, T } from "../ir/ir";

// Scalar replacement of small objects that never escape a function: a
// struct built, read through its fields and dropped (`z = z.square_plus(c)`
// once the method is inlined) keeps its fields in locals instead of an
// allocation, a reference count and memory traffic per value.
//
// A pointer local qualifies when every use is a field read, a retain or
// release of it, or a copy into another qualifying local, and every
// definition is a fresh allocation, a copy of a qualifying local, zero, or a
// block ending in one of those. The only stores allowed are the ones that
// fill a fresh allocation right after it is made, so the object is immutable
// from then on: copies may share it or not without any difference, and each
// local can hold the fields by value. Locals linked by copies form one group
// that must agree on the layout (offset, type and width of each field read
// or written); a group that cannot be replaced whole keeps its objects.
// Runs before the runtime is inlined, so retain, release and the allocator
// are still calls. Allocations and their releases disappear together, so the
// count of live objects at exit is unchanged.

const ALLOC = "rt.alloc_class";

function isRcCall(n: Ins): bool {
  return n.kind == K.Call && n.args.length == 1 && (n.name == "rt.release" || n.name == "rt.retain");
}

export function targets(list: Ins[], label: i32): bool {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if ((x.kind == K.Br || x.kind == K.BrIf) && <i32>x.i == label) return true;
    if (targets(x.args, label) || targets(x.body, label) || targets(x.other, label)) return true;
  }
  return false;
}

/**
 * A fresh allocation `list[at]` (local = alloc): the stores right after it
 * that fill the object are its initialisation, added to `into`.
 */
export function collectInitStores(list: Ins[], at: i32, into: Set<Ins>): void {
  const t = <i32>list[at].i;
  for (let j = at + 1; j < list.length; j++) {
    const x = list[j];
    if (x.kind != K.Store || x.args[0].kind != K.LocalGet || <i32>x.args[0].i != t || mentions(x.args[1], t)) break;
    into.add(x);
  }
}

/** A new local of `f` for each field of a struct kept in locals: offset -> local. */
export function fieldLocals(f: Func, layout: Map<i32, T>): Map<i32, i32> {
  const offs = layout.keys();
  const locals = new Map<i32, i32>();
  for (let k = 0; k < offs.length; k++) {
    f.locals.push(layout.get(offs[k]));
    locals.set(offs[k], f.locals.length - 1);
  }
  return locals;
}

export function mentions(n: Ins, local: i32): bool {
  if ((n.kind == K.LocalGet || n.kind == K.LocalSet || n.kind == K.LocalTee) && <i32>n.i == local) return true;
  for (let i = 0; i < n.args.length; i++) if (mentions(n.args[i], local)) return true;
  for (let i = 0; i < n.body.length; i++) if (mentions(n.body[i], local)) return true;
  for (let i = 0; i < n.other.length; i++) if (mentions(n.other[i], local)) return true;
  return false;
}

/** One field access: offset, machine type and width, and the local through which it goes. */
class Access {
  constructor(public local: i32, public offset: i32, public ty: T, public width: i32) {}
}

class Replacer {
  parent: i32[] = [];
  bad: bool[] = [];
  allocs: bool[] = [];
  accesses: Access[] = [];
  initStores: Set<Ins> = new Set();
  // After analysis: for each replaced local, its field locals by offset.
  fields: Map<i32, Map<i32, i32>> = new Map();
  // The layout of each replaced group (by root): offset -> type.
  layouts: Map<i32, Map<i32, T>> = new Map();
  widths: Map<i32, Map<i32, i32>> = new Map();

  constructor(public f: Func) {
    const n = f.locals.length;
    for (let i = 0; i < n; i++) {
      this.parent.push(i);
      this.bad.push(f.locals[i] != T.Ptr || i < f.params.length);
      this.allocs.push(false);
    }
  }

  cand(local: i32): bool { return local < this.bad.length && this.f.locals[local] == T.Ptr && local >= this.f.params.length; }

  find(x: i32): i32 {
    while (this.parent[x] != x) {
      this.parent[x] = this.parent[this.parent[x]];
      x = this.parent[x];
    }
    return x;
  }

  union(a: i32, b: i32): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra != rb) this.parent[ra] = rb;
  }

  reject(local: i32): void { if (local < this.bad.length) this.bad[local] = true; }

  // ---------- analysis ----------

  scanList(list: Ins[]): void {
    for (let i = 0; i < list.length; i++) {
      const s = list[i];
      if (s.kind == K.LocalSet && this.cand(<i32>s.i) && s.args[0].kind == K.Call && s.args[0].name == ALLOC) {
        collectInitStores(list, i, this.initStores);
      }
      this.scanStmt(s);
    }
  }

  scanStmt(s: Ins): void {
    if (s.kind == K.LocalSet && this.cand(<i32>s.i)) {
      this.source(<i32>s.i, s.args[0]);
      return;
    }
    if (isRcCall(s) && s.args[0].kind == K.LocalGet) return;
    if (s.kind == K.Store && s.args[0].kind == K.LocalGet && this.cand(<i32>s.args[0].i)) {
      const x = <i32>s.args[0].i;
      if (!this.initStores.has(s)) this.reject(x);
      else if (isData(s.mem)) this.access(x, s, s.args[1].ty);
      this.scanExpr(s.args[1]);
      return;
    }
    this.scanExpr(s);
  }

  access(local: i32, n: Ins, ty: T): void {
    if (ty == T.None || ty == T.Ptr || !isData(n.mem)) this.reject(local);
    else this.accesses.push(new Access(local, <i32>n.i, ty, n.width));
  }

  /** What a qualifying local `x` may be assigned. */
  source(x: i32, e: Ins): void {
    if (e.kind == K.LocalGet && this.cand(<i32>e.i)) {
      this.union(x, <i32>e.i);
      return;
    }
    if (e.kind == K.Call && e.name == ALLOC && e.args.length == 1 && e.args[0].kind == K.Const) {
      this.allocs[x] = true;
      return;
    }
    if (e.kind == K.Const) return;
    if (e.kind == K.Block && e.ty == T.Ptr && e.body.length > 0 && (e.i == 0 || !targets(e.body, <i32>e.i))) {
      this.scanList(e.body.slice(0, e.body.length - 1));
      this.source(x, e.body[e.body.length - 1]);
      return;
    }
    this.reject(x);
    this.scanExpr(e);
  }

  scanExpr(n: Ins): void {
    if (n.kind == K.LocalGet || n.kind == K.LocalTee) {
      this.reject(<i32>n.i);
    } else if (n.kind == K.Load && n.args[0].kind == K.LocalGet && this.cand(<i32>n.args[0].i)) {
      this.access(<i32>n.args[0].i, n, n.ty);
      return;
    }
    for (let i = 0; i < n.args.length; i++) this.scanExpr(n.args[i]);
    if (n.body.length > 0) this.scanList(n.body);
    if (n.other.length > 0) this.scanList(n.other);
  }

  /** Decides the groups to replace and gives each member its field locals; false when none. */
  decide(): bool {
    const n = this.bad.length;
    for (let i = 0; i < n; i++) if (this.bad[i]) this.bad[this.find(i)] = true;
    const hasAlloc = new Set<i32>();
    for (let i = 0; i < n; i++) if (this.allocs[i]) hasAlloc.add(this.find(i));
    for (let k = 0; k < this.accesses.length; k++) {
      const a = this.accesses[k];
      const r = this.find(a.local);
      if (this.bad[r]) continue;
      if (!this.layouts.has(r)) {
        this.layouts.set(r, new Map());
        this.widths.set(r, new Map());
      }
      const tys = this.layouts.get(r);
      const ws = this.widths.get(r);
      if (!tys.has(a.offset)) {
        tys.set(a.offset, a.ty);
        ws.set(a.offset, a.width);
      } else if (tys.get(a.offset) != a.ty || ws.get(a.offset) != a.width) {
        this.bad[r] = true;
      }
    }
    let any = false;
    for (let i = 0; i < n; i++) {
      const r = this.find(i);
      if (this.bad[r] || !hasAlloc.has(r) || !this.layouts.has(r)) continue;
      this.fields.set(i, fieldLocals(this.f, this.layouts.get(r)));
      any = true;
    }
    return any;
  }

  // ---------- rewrite ----------

  replaced(n: Ins): bool {
    return n.kind == K.LocalGet && this.fields.has(<i32>n.i);
  }

  list(src: Ins[]): Ins[] {
    const out: Ins[] = [];
    for (let i = 0; i < src.length; i++) this.stmt(src[i], out);
    return out;
  }

  stmt(s: Ins, out: Ins[]): void {
    if (s.kind == K.LocalSet && this.fields.has(<i32>s.i)) {
      this.assign(<i32>s.i, s.args[0], out);
      return;
    }
    if (isRcCall(s) && this.replaced(s.args[0])) return;
    if (s.kind == K.Store && this.replaced(s.args[0])) {
      if (!isData(s.mem)) return;
      let v = this.expr(s.args[1]);
      if (s.width == 1) v = binary(Op.And, T.I32, v, iconst(T.I32, 255));
      out.push(set(this.fields.get(<i32>s.args[0].i).get(<i32>s.i), v));
      return;
    }
    out.push(this.expr(s));
  }

  /** Statements giving local `x` the fields of the value `e`. */
  assign(x: i32, e: Ins, out: Ins[]): void {
    if (e.kind == K.LocalGet) {
      const to = this.fields.get(x);
      const from = this.fields.get(<i32>e.i);
      const offs = to.keys();
      for (let k = 0; k < offs.length; k++) {
        const local = to.get(offs[k]);
        out.push(set(local, get(from.get(offs[k]), this.f.locals[local])));
      }
      return;
    }
    if (e.kind == K.Block) {
      const body = this.list(e.body.slice(0, e.body.length - 1));
      this.assign(x, e.body[e.body.length - 1], body);
      const b = block(<i32>e.i, body, T.None);
      b.loc = e.loc;
      out.push(b);
    }
    // A fresh allocation or zero: the fields are set by the stores that follow, if ever read.
  }

  expr(n: Ins): Ins {
    if (n.kind == K.Load && this.replaced(n.args[0])) {
      const g = get(this.fields.get(<i32>n.args[0].i).get(<i32>n.i), n.ty);
      g.loc = n.loc;
      return g;
    }
    for (let i = 0; i < n.args.length; i++) n.args[i] = this.expr(n.args[i]);
    if (n.body.length > 0) n.body = this.list(n.body);
    if (n.other.length > 0) n.other = this.list(n.other);
    return n;
  }
}

/** Replaces the non-escaping small objects of one function by locals. */
export function scalarReplace(f: Func): void {
  const r = new Replacer(f);
  r.scanList(f.body);
  if (!r.decide()) return;
  f.body = r.list(f.body);
}
