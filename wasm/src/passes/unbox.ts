import { binary, block, call, fconst, Func, get, iconst, Ins, IrModule, K, load, Mem, isData, Op, set, T } from "../ir/ir";
import { ADDRESS, ALLOC, BoxScan, buildInPlace, copyOf, count, dropFields, isDropCall, MEMBER, plainBlock, uniqueCheckOf } from "./unbox_scan";
import { fieldLocals } from "./scalar";

// Unboxing of a struct held in a local and changed in place: `var p = self`
// followed by `p.flip(k)` (a `var self` method, inlined) copies the struct
// on the first write, then its array field on the next: two allocations and
// two frees per call. When the local's struct is never shared (no retain of
// it, no copy of its pointer leaving the function), its fields live in
// locals instead: `var p = self` loads self's fields and retains the heap
// ones, so a write to p's array still copies the array (p is a copy, value
// semantics hold) but the struct itself is never allocated; dropping p
// releases the fields.
//
// The locals of one group (linked by plain pointer copies, as inlining
// passes `self`) all hold the one struct, so they share the field locals.
// That needs one owner: the only member given a new struct (a fresh
// allocation or a copy `block { retain(y); y }`) or dropped. Every other
// member (an alias), and every address local `a = p + 8` (a field's slot,
// which copy on write of the field writes back through), is set once,
// directly in a statement list, and used only in the statements after it in
// that list, where the owner is neither given a new struct nor dropped. The
// owner's copy on write `if rc(p) != 1 { p = unique.T(p) }` goes away: a
// struct nobody else holds is never shared, and a field's own check,
// through its slot, is put in the form unique.ts hoists out of loops (see
// checkInPlace). A struct literal moved out of a temporary is first built in
// its local (buildInPlace in unbox_scan.ts). Runs after scalar.ts, while
// retain, release and the drop helpers are still calls.

function zero(ty: T): Ins {
  return ty == T.F64 ? fconst(0) : iconst(ty, 0);
}

/** Whether `n` gives local o a new value (other than its copy on write) or drops it. */
function ownerEvent(n: Ins, o: i32): bool {
  if (uniqueCheckOf(n) == o) return false;
  if (n.kind == K.LocalSet && <i32>n.i == o) return true;
  if (isDropCall(n) && <i32>n.args[0].i == o) return true;
  for (let i = 0; i < n.args.length; i++) if (ownerEvent(n.args[i], o)) return true;
  for (let i = 0; i < n.body.length; i++) if (ownerEvent(n.body[i], o)) return true;
  for (let i = 0; i < n.other.length; i++) if (ownerEvent(n.other[i], o)) return true;
  return false;
}

class Unboxer {
  s: BoxScan;
  owner: Map<i32, i32> = new Map();                 // root -> owner local
  layouts: Map<i32, Map<i32, T>> = new Map();       // root -> offset -> type
  widths: Map<i32, Map<i32, i32>> = new Map();
  releases: Map<i32, Map<i32, string>> = new Map(); // root -> heap field offset -> release function
  fields: Map<i32, Map<i32, i32>> = new Map();      // root -> offset -> field local
  scoped: Set<i32> = new Set();                     // aliases and addresses whose single set passed the scope check
  mentions: i32[] = [];                             // per local, as count() counts them
  firstField: i32 = 0;                              // the field locals are this one and those after

  constructor(public m: IrModule, public f: Func) {
    this.s = new BoxScan(f);
  }

  /** The root of the group a member or address local belongs to, or -1. */
  rootOf(x: i32): i32 {
    const s = this.s;
    if (!s.cand(x)) return -1;
    if (s.kind[x] == ADDRESS) return s.find(s.addrBase[x]);
    if (s.kind[x] == MEMBER) return s.find(x);
    return -1;
  }

  good(r: i32): bool { return r >= 0 && !this.s.bad[r] && this.owner.has(r); }

  fail(r: i32): void { if (r >= 0) this.s.bad[r] = true; }

  // ---------- deciding ----------

  decide(): bool {
    const s = this.s;
    const n = s.bad.length;
    for (let i = 0; i < n; i++) {
      if (s.kind[i] == (MEMBER | ADDRESS)) s.bad[i] = true;
      if (s.kind[i] == ADDRESS && s.bad[i]) this.fail(s.find(s.addrBase[i]));
      if (s.kind[i] == MEMBER && s.bad[i]) this.fail(s.find(i));
    }
    for (let i = 0; i < n; i++) {
      if (s.kind[i] != MEMBER) continue;
      const r = s.find(i);
      if (s.owned[i]) {
        if (s.aliasDefs[i] > 0 || (this.owner.has(r) && this.owner.get(r) != i)) this.fail(r);
        else this.owner.set(r, i);
      }
    }
    for (let i = 0; i < n; i++) {
      if (s.kind[i] == MEMBER && !s.owned[i] && s.aliasDefs[i] != 1) this.fail(s.find(i));
    }
    this.collectLayouts();
    this.checkScopes(this.f.body);
    for (let i = 0; i < n; i++) {
      const r = this.rootOf(i);
      if (r < 0) continue;
      if (!this.owner.has(r)) this.fail(r);
      else if (i != this.owner.get(r) && !this.scoped.has(i)) this.fail(r);
    }
    // Copies between groups and the release of each heap field settle together.
    let changed = true;
    while (changed) changed = this.mergeCopies() || this.checkReleases();
    let any = false;
    this.firstField = this.f.locals.length;
    for (let r = 0; r < n; r++) {
      if (s.find(r) != r || !this.good(r)) continue;
      this.fields.set(r, fieldLocals(this.f, this.layoutOf(r)));
      any = true;
    }
    return any;
  }

  layoutOf(r: i32): Map<i32, T> {
    if (!this.layouts.has(r)) {
      this.layouts.set(r, new Map());
      this.widths.set(r, new Map());
    }
    return this.layouts.get(r);
  }

  /** Adds a field to a group's layout; false when it disagrees with a field there. */
  addField(r: i32, off: i32, ty: T, width: i32): bool {
    const tys = this.layoutOf(r);
    const ws = this.widths.get(r);
    if (!tys.has(off)) {
      tys.set(off, ty);
      ws.set(off, width);
      return true;
    }
    if (tys.get(off) != ty || ws.get(off) != width) this.fail(r);
    return false;
  }

  collectLayouts(): void {
    const s = this.s;
    for (let k = 0; k < s.accesses.length; k++) {
      const a = s.accesses[k];
      const r = this.rootOf(a.local);
      if (r < 0) continue;
      const off = s.kind[a.local] == ADDRESS ? s.addrOff[a.local] + a.offset : a.offset;
      this.addField(r, off, a.ty, a.width);
    }
  }

  countAll(n: Ins): void {
    const zeroSet = n.kind == K.LocalSet && n.args[0].kind == K.Const;
    if ((n.kind == K.LocalGet || n.kind == K.LocalSet || n.kind == K.LocalTee) && !zeroSet && <i32>n.i < this.mentions.length) this.mentions[<i32>n.i]++;
    for (let i = 0; i < n.args.length; i++) this.countAll(n.args[i]);
    for (let i = 0; i < n.body.length; i++) this.countAll(n.body[i]);
    for (let i = 0; i < n.other.length; i++) this.countAll(n.other[i]);
  }

  /** Aliases and address locals: one set, directly in a list, used only after it there, with the owner unchanged. */
  checkScopes(list: Ins[]): void {
    const s = this.s;
    for (let i = 0; i < list.length; i++) {
      const x = list[i];
      if (uniqueCheckOf(x) >= 0) continue;  // its set is the copy on write, not a new value
      if (x.kind == K.LocalSet && x.args[0].kind != K.Const) {
        const b = <i32>x.i;
        const r = this.rootOf(b);
        if (r >= 0 && this.owner.has(r) && this.owner.get(r) != b && !s.bad[r]) {
          const total = this.mentions[b];
          let seen = 0;
          let k = i;
          let ok = true;
          const o = this.owner.get(r);
          if (ownerEvent(x.args[0], o)) ok = false;
          while (seen < total && k < list.length) {
            if (k > i && ownerEvent(list[k], o)) ok = false;
            seen += count(list[k], b);
            k++;
          }
          if (ok && seen == total && !this.scoped.has(b)) this.scoped.add(b);
          else this.fail(r);
        }
      }
      if (x.args.length > 0) this.checkScopes(x.args);
      if (x.body.length > 0) this.checkScopes(x.body);
      if (x.other.length > 0) this.checkScopes(x.other);
    }
  }

  /**
   * A copy `x = block { retain(y); y }` reads y's fields: y's group must
   * have them in its layout, and keeps its struct unless x's group loses its own.
   */
  mergeCopies(): bool {
    const s = this.s;
    let changed = false;
    for (let k = 0; k < s.copies.length; k += 2) {
      const rx = s.find(s.copies[k]);
      const ry = this.rootOf(s.copies[k + 1]);
      if (ry < 0 || !this.good(ry)) continue;
      if (!this.good(rx) || rx == ry) {
        this.fail(ry);
        changed = true;
        continue;
      }
      const tys = this.layoutOf(rx);
      const ws = this.widths.get(rx);
      const offs = tys.keys();
      for (let j = 0; j < offs.length; j++) {
        if (this.addField(ry, offs[j], tys.get(offs[j]), ws.get(offs[j]))) changed = true;
        if (s.bad[ry]) changed = true;
      }
    }
    return changed;
  }

  /** Fields must not overlap, and each heap field needs the release its drop helper would make. */
  checkReleases(): bool {
    const s = this.s;
    let changed = false;
    const roots = this.owner.keys();
    for (let k = 0; k < roots.length; k++) {
      const r = roots[k];
      if (!this.good(r)) continue;
      const tys = this.layoutOf(r);
      const ws = this.widths.get(r);
      const offs = tys.keys().sort((a, b) => a - b);
      const dropName = s.dropName[this.owner.get(r)];
      const fn = dropName.startsWith("drop.") ? this.func(dropName) : null;
      const rel = fn !== null ? dropFields(fn) : null;
      let ok = true;
      for (let j = 0; j < offs.length; j++) {
        if (j + 1 < offs.length && offs[j] + ws.get(offs[j]) > offs[j + 1]) ok = false;
        if (tys.get(offs[j]) == T.Ptr && (rel === null || !rel.has(offs[j]))) ok = false;
      }
      if (!ok) {
        this.fail(r);
        changed = true;
      } else if (rel !== null) this.releases.set(r, rel);
    }
    return changed;
  }

  func(name: string): Func | null {
    for (let i = 0; i < this.m.funcs.length; i++) if (this.m.funcs[i].name == name) return this.m.funcs[i];
    return null;
  }

  // ---------- rewriting ----------

  /** The local behind an address `x` or `x + c`, or -1. */
  baseOf(addr: Ins): i32 {
    if (addr.kind == K.LocalGet) return <i32>addr.i;
    if (addr.kind == K.Binary && addr.op == Op.Add && addr.args[0].kind == K.LocalGet && addr.args[1].kind == K.Const) return <i32>addr.args[0].i;
    return -1;
  }

  replaced(x: i32): bool {
    return x >= 0 && this.fields.has(this.rootOf(x));
  }

  /** The field local a load or store at `addr + offset` reaches, or -1. */
  fieldAt(addr: Ins, offset: i32): i32 {
    const x = this.baseOf(addr);
    if (!this.replaced(x)) return -1;
    let off = offset + (addr.kind == K.Binary ? <i32>addr.args[1].i : 0);
    if (this.s.kind[x] == ADDRESS) off += this.s.addrOff[x];
    return this.fields.get(this.rootOf(x)).get(off);
  }

  list(src: Ins[]): Ins[] {
    const out: Ins[] = [];
    for (let i = 0; i < src.length; i++) this.stmt(src[i], out);
    this.checkInPlace(out);
    return out;
  }

  /**
   * Copy on write of a field through its slot, once the slot is a local f:
   * `v = f; if rc(v) != 1 { v = unique.T(v); f = v }` becomes `if rc(f) !=
   * 1 { f = unique.T(f) }; v = f`, the form unique.ts drops when repeated
   * and hoists out of loops.
   */
  checkInPlace(out: Ins[]): void {
    for (let j = 0; j + 1 < out.length; j++) {
      const a = out[j];
      const b = out[j + 1];
      if (a.kind != K.LocalSet || a.args[0].kind != K.LocalGet || <i32>a.args[0].i < this.firstField) continue;
      const v = <i32>a.i;
      const f = <i32>a.args[0].i;
      if (b.kind != K.If || b.other.length != 0 || b.body.length != 2) continue;
      const c = b.args[0];
      if (c.kind != K.Binary || c.op != Op.Ne || c.args[1].kind != K.Const || c.args[1].i != 1) continue;
      const h = c.args[0];
      if (h.kind != K.Load || h.mem != Mem.Header || h.i != 0 || h.args[0].kind != K.LocalGet || <i32>h.args[0].i != v) continue;
      const u = b.body[0];
      const w = b.body[1];
      if (u.kind != K.LocalSet || <i32>u.i != v || u.args[0].kind != K.Call || !u.args[0].name.startsWith("unique.")) continue;
      const ua = u.args[0].args;
      if (ua.length != 1 || ua[0].kind != K.LocalGet || <i32>ua[0].i != v) continue;
      if (w.kind != K.LocalSet || <i32>w.i != f || w.args[0].kind != K.LocalGet || <i32>w.args[0].i != v) continue;
      h.args[0] = get(f, T.Ptr);
      u.i = f;
      ua[0] = get(f, T.Ptr);
      b.body = [u];
      out[j] = b;
      out[j + 1] = a;
      j++;
    }
  }

  stmt(s: Ins, out: Ins[]): void {
    if (s.kind == K.LocalSet && this.replaced(<i32>s.i)) {
      const x = <i32>s.i;
      const r = this.rootOf(x);
      if (this.s.kind[x] == MEMBER && this.owner.get(r) == x) this.assign(r, s.args[0], out);
      else this.prefix(s.args[0], out);
      return;
    }
    if (this.replaced(uniqueCheckOf(s))) return;
    if (isDropCall(s) && this.replaced(<i32>s.args[0].i)) {
      const r = this.rootOf(<i32>s.args[0].i);
      const tys = this.layouts.get(r);
      const offs = tys.keys();
      for (let k = 0; k < offs.length; k++) {
        if (tys.get(offs[k]) != T.Ptr) continue;
        out.push(call(this.releases.get(r).get(offs[k]), [get(this.fields.get(r).get(offs[k]), T.Ptr)], T.None));
      }
      return;
    }
    if (s.kind == K.Store && this.replaced(this.baseOf(s.args[0]))) {
      if (!isData(s.mem)) return;  // the header of a fresh allocation
      let v = this.expr(s.args[1]);
      if (s.width == 1) v = binary(Op.And, T.I32, v, iconst(T.I32, 255));
      out.push(set(this.fieldAt(s.args[0], <i32>s.i), v));
      return;
    }
    out.push(this.expr(s));
  }

  /** What an alias or address set still has to run: the statements before the member it ends in. */
  prefix(e: Ins, out: Ins[]): void {
    if (e.kind == K.Binary) {
      this.prefix(e.args[0], out);
    } else if (plainBlock(e)) {
      const body = this.list(e.body.slice(0, e.body.length - 1));
      this.prefix(e.body[e.body.length - 1], body);
      out.push(block(<i32>e.i, body, T.None));
    }
  }

  /** The owner of group r is given the struct `e`: its fields are set. */
  assign(r: i32, e: Ins, out: Ins[]): void {
    const fl = this.fields.get(r);
    const tys = this.layouts.has(r) ? this.layouts.get(r) : new Map<i32, T>();
    const offs = tys.keys();
    const y = copyOf(e);
    if (e.kind == K.Const || (e.kind == K.Call && e.name == ALLOC)) {
      // Zero, or a fresh struct whose stores follow: nothing held yet.
      for (let k = 0; k < offs.length; k++) out.push(set(fl.get(offs[k]), zero(tys.get(offs[k]))));
    } else if (y >= 0) {
      const ws = this.widths.get(r);
      for (let k = 0; k < offs.length; k++) {
        const v = load(tys.get(offs[k]), ws.get(offs[k]), get(y, T.Ptr), offs[k], Mem.Data);
        v.loc = e.loc;
        out.push(set(fl.get(offs[k]), this.expr(v)));
      }
      for (let k = 0; k < offs.length; k++) {
        if (tys.get(offs[k]) == T.Ptr) out.push(call("rt.retain", [get(fl.get(offs[k]), T.Ptr)], T.None));
      }
    } else {
      const body = this.list(e.body.slice(0, e.body.length - 1));
      this.assign(r, e.body[e.body.length - 1], body);
      out.push(block(<i32>e.i, body, T.None));
    }
  }

  expr(n: Ins): Ins {
    if (n.kind == K.Load) {
      const fl = this.fieldAt(n.args[0], <i32>n.i);
      if (fl >= 0) {
        const g = get(fl, n.ty);
        g.loc = n.loc;
        return g;
      }
    }
    for (let i = 0; i < n.args.length; i++) n.args[i] = this.expr(n.args[i]);
    if (n.body.length > 0) n.body = this.list(n.body);
    if (n.other.length > 0) n.other = this.list(n.other);
    return n;
  }
}

/** Keeps the fields of the unshared structs of one function's locals in locals. */
export function unbox(m: IrModule, f: Func): void {
  const u = new Unboxer(m, f);
  for (let i = 0; i < f.locals.length; i++) u.mentions.push(0);
  for (let j = 0; j < f.body.length; j++) u.countAll(f.body[j]);
  buildInPlace(f.body, u.mentions);
  for (let i = 0; i < f.locals.length; i++) u.mentions[i] = 0;
  for (let j = 0; j < f.body.length; j++) u.countAll(f.body[j]);
  u.s.scanList(f.body);
  if (!u.decide()) return;
  f.body = u.list(f.body);
}
