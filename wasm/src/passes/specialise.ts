import { call, copyNode, Func, Ins, IrModule, K, T } from "../ir/ir";

// Specialisation of higher-order functions for the closure they are given:
// `multiply(v, entry)` calls a copy of `multiply` in which each indirect call
// through that parameter is a direct call of the closure's code, which the
// inliner can then inline. A closure's code slot never changes after it is
// built, so the copy behaves exactly as the original for that argument; the
// closure itself is still passed (its captures are read through it).

const CLOSURE_FN = 4; // the code slot's offset in a closure (lower/layout.ts)
const MAX_COPIES = 64; // a bound on the copies one module may get

/** The table slot of the closure an argument builds or names, or -1 when unknown. */
function closureSlot(m: IrModule, a: Ins): i32 {
  if (a.kind == K.Const && a.ty == T.Ptr) {
    // A static closure in the data segment: [rc, slot, drop, 0].
    const at = <i32>a.i - m.dataBase + CLOSURE_FN;
    if (at < 0 || at + 4 > m.data.length) return -1;
    return <i32>m.data[at] | (<i32>m.data[at + 1] << 8) | (<i32>m.data[at + 2] << 16) | (<i32>m.data[at + 3] << 24);
  }
  if (a.kind == K.LocalTee) return closureSlot(m, a.args[0]);
  // A closure literal: a block that allocates it into a local, stores its
  // slot and returns that local.
  if (a.kind != K.Block || a.body.length < 3) return -1;
  const last = a.body[a.body.length - 1];
  const first = a.body[0];
  if (last.kind != K.LocalGet || first.kind != K.LocalSet || first.i != last.i) return -1;
  if (first.args[0].kind != K.Call || !first.args[0].name.startsWith("rt.alloc")) return -1;
  for (let i = 1; i < a.body.length - 1; i++) {
    const s = a.body[i];
    if (s.kind != K.Store || s.width != 4 || s.i != CLOSURE_FN) continue;
    if (s.args[0].kind != K.LocalGet || s.args[0].i != last.i || s.args[1].kind != K.Const) return -1;
    return <i32>s.args[1].i;
  }
  return -1;
}

/** Marks in `other` the locals assigned anything but `local.get k`, in `from` those assigned it. */
function copiesOf(list: Ins[], k: i32, from: bool[], other: bool[]): void {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x.kind == K.LocalSet || x.kind == K.LocalTee) {
      const v = x.args[0];
      if (v.kind == K.LocalGet && v.i == k) from[<i32>x.i] = true;
      else other[<i32>x.i] = true;
    }
    copiesOf(x.args, k, from, other);
    copiesOf(x.body, k, from, other);
    copiesOf(x.other, k, from, other);
  }
}

/** `k` and the locals that only ever hold a copy of it (`local.set t (local.get k)`), or [] when `k` is assigned. */
function aliases(f: Func, k: i32): i32[] {
  const from: bool[] = [];
  const other: bool[] = [];
  for (let i = 0; i < f.locals.length; i++) {
    from.push(false);
    other.push(false);
  }
  copiesOf(f.body, k, from, other);
  if (from[k] || other[k]) return [];
  const out: i32[] = [k];
  for (let i = f.params.length; i < f.locals.length; i++) if (from[i] && !other[i]) out.push(i);
  return out;
}

/** Whether `list` calls indirectly through the code slot of one of the locals `ks`. */
function callsThrough(list: Ins[], ks: i32[]): bool {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x.kind == K.CallIndirect && slotOf(x, ks)) return true;
    if (callsThrough(x.args, ks) || callsThrough(x.body, ks) || callsThrough(x.other, ks)) return true;
  }
  return false;
}

/** Whether an indirect call's callee is the code slot of the closure in one of the locals `ks`. */
function slotOf(x: Ins, ks: i32[]): bool {
  const s = x.args[x.args.length - 1];
  return s.kind == K.Load && s.i == CLOSURE_FN && s.args[0].kind == K.LocalGet && ks.includes(<i32>s.args[0].i);
}

/** A copy of `list` in which indirect calls through the locals `ks` call `target`. */
function direct(list: Ins[], ks: i32[], target: string): Ins[] {
  if (list.length == 0) return list;  // empty lists are never pushed to: the copy may share one
  const out: Ins[] = [];
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    const args = direct(s.args, ks, target);
    if (s.kind == K.CallIndirect && slotOf(s, ks)) {
      args.pop();
      out.push(call(target, args, s.ty));
      continue;
    }
    const n = copyNode(s);
    n.args = args;
    n.body = direct(s.body, ks, target);
    n.other = direct(s.other, ks, target);
    out.push(n);
  }
  return out;
}

class Specialiser {
  funcs: Map<string, Func> = new Map();
  copies: Map<string, string> = new Map();
  added: Func[] = [];
  constructor(public m: IrModule) {}

  /** The name of `f` specialised for closure slot `slot` in parameter `k`, made on first use. */
  copy(f: Func, k: i32, ks: i32[], slot: i32): string {
    const key = f.name + "#" + k.toString() + "#" + slot.toString();
    if (this.copies.has(key)) return this.copies.get(key);
    const target = this.m.table[slot - 1];
    const name = f.name + "$" + target + "@" + k.toString();
    const g = new Func(name, f.params, f.result);
    g.locals = f.locals.slice(0);
    g.loc = f.loc;
    g.body = direct(f.body, ks, target);
    this.copies.set(key, name);
    this.added.push(g);
    return name;
  }

  list(list: Ins[]): void {
    for (let i = 0; i < list.length; i++) {
      const x = list[i];
      this.list(x.args);
      this.list(x.body);
      this.list(x.other);
      if (x.kind != K.Call || !this.funcs.has(x.name) || this.copies.size >= MAX_COPIES) continue;
      const f = this.funcs.get(x.name);
      if (f.exportName != "") continue;
      for (let k = 0; k < x.args.length; k++) {
        if (f.params[k] != T.Ptr) continue;
        const slot = closureSlot(this.m, x.args[k]);
        if (slot <= 0 || slot > this.m.table.length) continue;
        const ks = aliases(f, k);
        if (ks.length == 0 || !callsThrough(f.body, ks)) continue;
        x.name = this.copy(f, k, ks, slot);
        break;
      }
    }
  }
}

/** Calls of functions with a known closure argument go to copies that call the closure's code directly. */
export function specialise(m: IrModule): void {
  const s = new Specialiser(m);
  for (let i = 0; i < m.funcs.length; i++) s.funcs.set(m.funcs[i].name, m.funcs[i]);
  const n = m.funcs.length;
  for (let i = 0; i < n; i++) s.list(m.funcs[i].body);
  for (let i = 0; i < s.added.length; i++) m.funcs.push(s.added[i]);
}
