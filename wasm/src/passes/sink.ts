import { assignsLocal, Func, Ins, K, T } from "../ir/ir";

// Sinking of element addresses into their store. An assignment `a[i] = v`
// is lowered as
//
//   t = block { p = a; i = ..; <bounds check>; p + i * size + base }
//   store(t, v)
//
// When t is read only there and v is a constant or a local that the
// address does not assign, the address moves into the store itself:
// `store(block { .. }, v)` evaluates the same things in the same order. A
// backend then sees the element address at its use (LLVM computes it in 64
// bits, so that loops step it as an induction variable).

class Counts {
  gets: Map<i32, i32> = new Map();

  walk(list: Ins[]): void {
    for (let i = 0; i < list.length; i++) {
      const n = list[i];
      if (n.kind == K.LocalGet) this.gets.set(<i32>n.i, (this.gets.has(<i32>n.i) ? this.gets.get(<i32>n.i) : 0) + 1);
      this.walk(n.args);
      this.walk(n.body);
      this.walk(n.other);
    }
  }

  once(x: i32): bool {
    return this.gets.has(x) && this.gets.get(x) == 1;
  }
}

function sinkList(list: Ins[], c: Counts): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    sinkList(n.args, c);
    sinkList(n.body, c);
    sinkList(n.other, c);
  }
  for (let i = 0; i + 1 < list.length; i++) {
    const s = list[i];
    const st = list[i + 1];
    if (s.kind != K.LocalSet || st.kind != K.Store) continue;
    const x = <i32>s.i;
    const addr = s.args[0];
    if (addr.kind != K.Block || addr.i != 0 || addr.ty != T.Ptr) continue;
    const target = st.args[0];
    // Other assignments of t (the zeroing of an inlined function's locals) are never read.
    if (target.kind != K.LocalGet || <i32>target.i != x || !c.once(x)) continue;
    const v = st.args[1];
    if (v.kind != K.Const && !(v.kind == K.LocalGet && !assignsLocal([addr], <i32>v.i))) continue;
    st.args[0] = addr;
    st.loc = s.loc.length > 0 ? s.loc : st.loc;
    list.splice(i, 1);
  }
}

/** Moves single-use element addresses into the store that uses them. */
export function sinkAddresses(f: Func): void {
  const c = new Counts();
  c.walk(f.body);
  sinkList(f.body, c);
}
