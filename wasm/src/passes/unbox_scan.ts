import { block, Func, Ins, K, Mem, isData, Op, T } from "../ir/ir";
import { collectInitStores, targets } from "./scalar";

// What unbox.ts needs to know about a function's pointer locals: the
// patterns of copy on write, copies and drops it recognises, one walk that
// records, for each local, how it is set and used (a local used in any other
// way is rejected, with the locals it is linked to), and the one rewrite
// done before that walk, building struct literals in place.

export const ALLOC = "rt.alloc_class";
const NONE = 0;
/** Holds the struct (the owner or an alias of it). */
export const MEMBER = 1;
/** Holds the address of one of its fields (`p + 8`). */
export const ADDRESS = 2;

/** `if rc(x) != 1 { x = unique.T(x) }`: the local x, or -1. */
export function uniqueCheckOf(s: Ins): i32 {
  if (s.kind != K.If || s.other.length != 0 || s.body.length != 1) return -1;
  const c = s.args[0];
  if (c.kind != K.Binary || c.op != Op.Ne || c.args[1].kind != K.Const || c.args[1].i != 1) return -1;
  const h = c.args[0];
  if (h.kind != K.Load || h.mem != Mem.Header || h.i != 0 || h.args[0].kind != K.LocalGet) return -1;
  const x = <i32>h.args[0].i;
  const b = s.body[0];
  if (b.kind != K.LocalSet || <i32>b.i != x) return -1;
  const u = b.args[0];
  if (u.kind != K.Call || !u.name.startsWith("unique.") || u.args.length != 1) return -1;
  return u.args[0].kind == K.LocalGet && <i32>u.args[0].i == x ? x : -1;
}

/** `block { retain(y); y }`, a copy of local y's value: y, or -1. */
export function copyOf(e: Ins): i32 {
  if (e.kind != K.Block || e.body.length != 2) return -1;
  const r = e.body[0];
  const g = e.body[1];
  if (r.kind != K.Call || r.name != "rt.retain" || r.args.length != 1 || r.args[0].kind != K.LocalGet) return -1;
  return g.kind == K.LocalGet && g.i == r.args[0].i ? <i32>g.i : -1;
}

export function isDropCall(s: Ins): bool {
  return s.kind == K.Call && s.args.length == 1 && s.args[0].kind == K.LocalGet && (s.name.startsWith("drop.") || s.name == "rt.release");
}

/** A block whose value is its last instruction (no branch carries one out). */
export function plainBlock(e: Ins): bool {
  return e.kind == K.Block && e.ty == T.Ptr && e.body.length > 0 && (e.i == 0 || !targets(e.body, <i32>e.i));
}

/** The local an expression ends in: `p`, or `block { ...; p }`; -1 when none. */
export function memberOf(e: Ins): i32 {
  if (e.kind == K.LocalGet && e.ty == T.Ptr) return <i32>e.i;
  return plainBlock(e) ? memberOf(e.body[e.body.length - 1]) : -1;
}

/** What a drop helper releases: field offset -> the release function, or null when its shape is unexpected. */
export function dropFields(f: Func): Map<i32, string> | null {
  if (f.body.length != 1 || f.body[0].kind != K.If) return null;
  const s = f.body[0];
  if (s.args[0].kind != K.Call || s.args[0].name != "rt.dec") return null;
  const out = new Map<i32, string>();
  for (let i = 0; i < s.body.length; i++) {
    const c = s.body[i];
    if (c.kind != K.Call || c.args.length != 1) return null;
    const a = c.args[0];
    if (c.name == "rt.free" && a.kind == K.LocalGet) continue;
    if (a.kind != K.Load || !isData(a.mem) || a.ty != T.Ptr || a.args[0].kind != K.LocalGet || a.args[0].i != 0) return null;
    out.set(<i32>a.i, c.name);
  }
  return out;
}

export class Access {
  constructor(public local: i32, public offset: i32, public ty: T, public width: i32) {}
}

/** How many times `n` mentions local x, not counting `x = 0`. */
export function count(n: Ins, x: i32): i32 {
  if (n.kind == K.LocalSet && <i32>n.i == x && n.args[0].kind == K.Const) return 0;
  let c = (n.kind == K.LocalGet || n.kind == K.LocalSet || n.kind == K.LocalTee) && <i32>n.i == x ? 1 : 0;
  for (let i = 0; i < n.args.length; i++) c += count(n.args[i], x);
  for (let i = 0; i < n.body.length; i++) c += count(n.body[i], x);
  for (let i = 0; i < n.other.length; i++) c += count(n.other[i], x);
  return c;
}

/** Renames local `from` to `to` in place. */
function rename(n: Ins, from: i32, to: i32): void {
  if ((n.kind == K.LocalGet || n.kind == K.LocalSet || n.kind == K.LocalTee) && <i32>n.i == from) n.i = to;
  for (let i = 0; i < n.args.length; i++) rename(n.args[i], from, to);
  for (let i = 0; i < n.body.length; i++) rename(n.body[i], from, to);
  for (let i = 0; i < n.other.length; i++) rename(n.other[i], from, to);
}

/**
 * A struct literal is built in a temporary and then moved into its local:
 * `x = block { ...; t = alloc; stores to t; t }`. When t is used nowhere
 * else and x not inside, the struct is built in x directly, so that x, not
 * a temporary, is the one member given the new struct.
 */
export function buildInPlace(list: Ins[], totals: i32[]): void {
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    for (let j = 0; j < s.args.length; j++) if (s.args[j].body.length > 0 || s.args[j].args.length > 0) buildInPlace([s.args[j]], totals);
    if (s.body.length > 0) buildInPlace(s.body, totals);
    if (s.other.length > 0) buildInPlace(s.other, totals);
    if (s.kind != K.LocalSet || !plainBlock(s.args[0])) continue;
    const x = <i32>s.i;
    const b = s.args[0];
    const last = b.body[b.body.length - 1];
    if (last.kind != K.LocalGet || <i32>last.i == x) continue;
    const t = <i32>last.i;
    let at = -1;
    let inside = 0;
    let clean = true;
    for (let k = 0; k < b.body.length; k++) {
      const y = b.body[k];
      if (at < 0 && y.kind == K.LocalSet && <i32>y.i == t && y.args[0].kind == K.Call && y.args[0].name == ALLOC) at = k;
      inside += count(y, t);
      if (count(y, x) > 0) clean = false;
    }
    if (at < 0 || !clean || inside != totals[t]) continue;
    for (let k = 0; k < at; k++) if (count(b.body[k], t) > 0) clean = false;
    if (!clean) continue;
    const body = b.body.slice(0, b.body.length - 1);
    for (let k = at; k < body.length; k++) rename(body[k], t, x);
    const nb = block(<i32>b.i, body, T.None);
    nb.loc = s.loc;
    list[i] = nb;
  }
}

/** The facts of one function's walk; unbox.ts decides and rewrites from them. */
export class BoxScan {
  parent: i32[] = [];
  bad: bool[] = [];
  kind: i32[] = [];
  addrOff: i32[] = [];
  addrBase: i32[] = [];
  owned: bool[] = [];   // given a new struct (allocation or copy) or dropped
  aliasDefs: i32[] = [];
  dropName: string[] = [];
  accesses: Access[] = [];
  copies: i32[] = [];   // pairs: (x, y) for `x = block { retain(y); y }`
  initStores: Set<Ins> = new Set();

  constructor(public f: Func) {
    for (let i = 0; i < f.locals.length; i++) {
      this.parent.push(i);
      this.bad.push(f.locals[i] != T.Ptr || i < f.params.length);
      this.kind.push(NONE);
      this.addrOff.push(-1);
      this.addrBase.push(-1);
      this.owned.push(false);
      this.aliasDefs.push(0);
      this.dropName.push("");
    }
  }

  cand(x: i32): bool { return x < this.bad.length && this.f.locals[x] == T.Ptr && x >= this.f.params.length; }
  reject(x: i32): void { if (x < this.bad.length) this.bad[x] = true; }

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

  member(x: i32): void { this.kind[x] |= MEMBER; }

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
    const u = uniqueCheckOf(s);
    if (u >= 0 && this.cand(u)) {
      this.member(u);
      return;
    }
    if (isDropCall(s) && this.cand(<i32>s.args[0].i)) {
      const x = <i32>s.args[0].i;
      this.member(x);
      this.owned[x] = true;
      if (this.dropName[x] != "" && this.dropName[x] != s.name) this.reject(x);
      this.dropName[x] = s.name;
      return;
    }
    if (s.kind == K.Store) {
      if (s.mem == Mem.Header && this.initStores.has(s)) return;
      if (!this.access(s.args[0], <i32>s.i, s.args[1].ty, s.width, s.mem)) this.scanExpr(s.args[0]);
      this.scanExpr(s.args[1]);
      return;
    }
    this.scanExpr(s);
  }

  /** A load or store at `addr + offset` through a candidate local; false when the address is something else. */
  access(addr: Ins, offset: i32, ty: T, width: i32, mem: Mem): bool {
    let x = -1;
    let extra = 0;
    if (addr.kind == K.LocalGet) x = <i32>addr.i;
    else if (addr.kind == K.Binary && addr.op == Op.Add && addr.args[0].kind == K.LocalGet && addr.args[1].kind == K.Const) {
      x = <i32>addr.args[0].i;
      extra = <i32>addr.args[1].i;
    }
    if (x < 0 || !this.cand(x)) return false;
    if (!isData(mem) || ty == T.None) this.reject(x);
    else this.accesses.push(new Access(x, offset + extra, ty, width));
    return true;
  }

  /** Scans what an expression runs before the member it ends in (see memberOf). */
  scanPrefix(e: Ins): void {
    if (e.kind == K.Binary) this.scanPrefix(e.args[0]);
    else if (e.kind == K.Block) {
      this.scanList(e.body.slice(0, e.body.length - 1));
      this.scanPrefix(e.body[e.body.length - 1]);
    }
  }

  source(x: i32, e: Ins): void {
    if (e.kind == K.Const) return;
    if (e.kind == K.Call && e.name == ALLOC && e.args.length == 1 && e.args[0].kind == K.Const) {
      this.member(x);
      this.owned[x] = true;
      return;
    }
    const y = copyOf(e);
    if (y >= 0) {
      this.member(x);
      this.owned[x] = true;
      this.copies.push(x);
      this.copies.push(y);
      if (this.cand(y)) this.member(y);
      return;
    }
    if (e.kind == K.Binary && e.op == Op.Add && e.args[1].kind == K.Const && e.ty == T.Ptr) {
      const base = memberOf(e.args[0]);
      if (base >= 0 && this.cand(base)) {
        this.scanPrefix(e.args[0]);
        this.kind[x] |= ADDRESS;
        this.member(base);
        const off = <i32>e.args[1].i;
        if (this.addrBase[x] < 0) {
          this.addrBase[x] = base;
          this.addrOff[x] = off;
        } else if (this.addrOff[x] != off) this.reject(x);
        else this.union(this.addrBase[x], base);
        return;
      }
    }
    const m = memberOf(e);
    if (m >= 0 && this.cand(m)) {
      this.scanPrefix(e);
      this.member(x);
      this.member(m);
      this.aliasDefs[x]++;
      this.union(x, m);
      return;
    }
    if (plainBlock(e)) {
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
    } else if (n.kind == K.Load && this.access(n.args[0], <i32>n.i, n.ty, n.width, n.mem)) {
      return;
    }
    for (let i = 0; i < n.args.length; i++) this.scanExpr(n.args[i]);
    if (n.body.length > 0) this.scanList(n.body);
    if (n.other.length > 0) this.scanList(n.other);
  }
}

