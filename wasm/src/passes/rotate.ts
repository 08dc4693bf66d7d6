import { br, block, brIf, copyNode, Func, Ins, K, loop, maxLabel, size, T } from "../ir/ir";

// Loop rotation for the wasm backend. A `while` loop is lowered with its
// exit tests at the top:
//
//   loop L { br_if X c1 .. br_if X ck; S; br L }
//
// which V8's optimising tier compiles markedly worse than the same loop with
// its tests at the bottom (mandelbrot's inner loop ran about twice as long).
// Rotated, the tests run once before the loop and then after each pass:
//
//   br_if X c1 .. br_if X ck; loop L { block C { S } ; br_if X c1 .. br_if X ck; br L }
//
// `continue` inside S (a branch to L) becomes a branch to C, which lands on
// the tests. The tests run the same number of times, in the same order, with
// the same effects, so the program's behaviour cannot change; only small
// tests without labels of their own are copied. LLVM rotates loops itself,
// so the native backends do not use this pass.

/** The largest exit test that is copied (in instructions). */
const MAX_TEST = 24;

/** Whether copying `list` is plain: no labelled block or loop, no branch or return. */
function copyable(list: Ins[]): bool {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    const k = n.kind;
    if ((k == K.Block || k == K.Loop) && n.i != 0) return false;
    if (k == K.Br || k == K.BrIf || k == K.Return) return false;
    if (!copyable(n.args) || !copyable(n.body) || !copyable(n.other)) return false;
  }
  return true;
}

function copy(s: Ins): Ins {
  const n = copyNode(s);
  n.args = copyAll(s.args);
  n.body = copyAll(s.body);
  n.other = copyAll(s.other);
  return n;
}

function copyAll(list: Ins[]): Ins[] {
  const out: Ins[] = [];
  for (let i = 0; i < list.length; i++) out.push(copy(list[i]));
  return out;
}

/** Points branches to `from` at `to`, in place. */
function retarget(list: Ins[], from: i64, to: i32): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if ((n.kind == K.Br || n.kind == K.BrIf) && n.i == from) n.i = to;
    retarget(n.args, from, to);
    retarget(n.body, from, to);
    retarget(n.other, from, to);
  }
}

class Rotator {
  constructor(public next: i32) {}

  /** `list` with its loops rotated: a new list where one was, else `list` itself (empty lists are shared). */
  list(list: Ins[]): Ins[] {
    let out: Ins[] | null = null;
    for (let i = 0; i < list.length; i++) {
      const n = list[i];
      if (n.args.length > 0) n.args = this.list(n.args);
      if (n.body.length > 0) n.body = this.list(n.body);
      if (n.other.length > 0) n.other = this.list(n.other);
      const rotated = n.kind == K.Loop ? this.rotate(n) : null;
      if (rotated !== null) {
        if (out === null) out = list.slice(0, i);
        for (let r = 0; r < rotated.length; r++) out!.push(rotated[r]);
      } else if (out !== null) out!.push(n);
    }
    return out === null ? list : out!;
  }

  /** The rotated form of loop `l` (its first tests, then the loop), or null when it has no such shape. */
  rotate(l: Ins): Ins[] | null {
    const body = l.body;
    let tests = 0;
    let testSize = 0;
    while (tests < body.length && body[tests].kind == K.BrIf && body[tests].i != l.i) {
      if (!copyable(body[tests].args)) return null;
      testSize += size(body[tests].args);
      tests++;
    }
    if (tests == 0 || testSize > MAX_TEST) return null;
    const last = body.length - 1;
    if (last <= tests || body[last].kind != K.Br || body[last].i != l.i) return null;
    const c = this.next++;
    const rest = body.slice(tests, last);
    retarget(rest, l.i, c);
    const inner: Ins[] = [block(c, rest, T.None)];
    const before: Ins[] = [];
    for (let t = 0; t < tests; t++) {
      before.push(brIf(<i32>body[t].i, copy(body[t].args[0])));
      inner.push(body[t]);
    }
    inner.push(br(<i32>l.i));
    const rotated = loop(<i32>l.i, inner);
    rotated.loc = l.loc;
    before.push(rotated);
    return before;
  }
}

/** Moves the exit tests of `while` loops to the bottom (see above). */
export function rotateLoops(f: Func): void {
  f.body = new Rotator(maxLabel(f.body) + 1).list(f.body);
}
