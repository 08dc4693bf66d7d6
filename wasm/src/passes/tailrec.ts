import { binary, block, br, endsFlow, Func, get, iconst, Ins, K, loop, maxLabel, Op, ret, set, T, unreachable } from "../ir/ir";

// Tail recursion with an accumulator, the way C compilers turn
// `fib(n - 1) + fib(n - 2)` into a loop around one call: when every value the
// function can return is either a leaf `v` or `x + self(args)` (integer add,
// which wraps and so is associative), the function becomes
//
//   acc = 0
//   loop L { ...body, where a leaf v is `return acc + v` and
//            `x + self(args)` is `acc += x; params = args; br L` }
//
// A match's value counts too: the lowering gives each arm's value to a result
// local just before branching out of the match, then reads it (fib written
// as `match n { 0 | 1 => n, _ => fib(n - 1) + fib(n - 2) }`).
//
// x is still evaluated before the call's arguments, as before. Only functions
// whose locals are all scalars are rewritten: a loop reuses locals that the
// lowering may expect to start at zero, and heap locals carry ownership.

/** A value of the function: list[index], or with `viaSet` the value that `local.set` there stores. */
class Leaf {
  constructor(public list: Ins[], public index: i32, public viaSet: bool = false) {}

  value(): Ins {
    const n = this.list[this.index];
    return this.viaSet ? n.args[0] : n;
  }
}

/** What collect finds: the values, the typed containers they flow through, and what rewriting them changes around them. */
class Shape {
  leaves: Leaf[] = [];
  typed: Ins[] = [];
  reads: Leaf[] = [];    // a match's read of its result local, no longer reached
  unwraps: Leaf[] = [];  // a set of the result local whose value is a container: replaced by the container

  sizes(): i32[] {
    return [this.leaves.length, this.typed.length, this.reads.length, this.unwraps.length];
  }

  /** Forgets what was found since `sizes()` gave `s`. */
  truncate(s: i32[]): void {
    this.leaves.length = s[0];
    this.typed.length = s[1];
    this.reads.length = s[2];
    this.unwraps.length = s[3];
  }
}

function uses(list: Ins[], local: i64): i32 {
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if ((x.kind == K.LocalGet || x.kind == K.LocalSet || x.kind == K.LocalTee) && x.i == local) n++;
    n += uses(x.args, local) + uses(x.body, local) + uses(x.other, local);
  }
  return n;
}

/**
 * Finds the instructions whose value the list's value is (through typed ifs
 * and unlabelled blocks); `typed` collects those containers, which stop
 * producing values once rewritten.
 */
function collect(f: Func, list: Ins[], shape: Shape): bool {
  if (list.length == 0) return false;
  // `local.set $k v; local.get $k`, with $k used nowhere else, is just v.
  while (list.length >= 2) {
    const last = list[list.length - 1];
    const prev = list[list.length - 2];
    if (last.kind != K.LocalGet || prev.kind != K.LocalSet || prev.i != last.i || uses(f.body, last.i) != 2) break;
    list[list.length - 2] = prev.args[0];
    list.pop();
  }
  const n = list[list.length - 1];
  if (n.kind == K.If && n.ty != T.None) {
    shape.typed.push(n);
    return collect(f, n.body, shape) && collect(f, n.other, shape);
  }
  if (n.kind == K.Block && n.i == 0 && n.ty != T.None) {
    shape.typed.push(n);
    return collect(f, n.body, shape);
  }
  if (n.kind == K.LocalGet && list.length >= 2 && collectResult(f, list, shape)) return true;
  shape.leaves.push(new Leaf(list, list.length - 1));
  return true;
}

/**
 * `block $L { ... local.set $k v; br $L ... }; local.get $k`, where every way
 * out of $L sets $k just before and $k is used nowhere else: each v is a value
 * of the list, and the read (`reads`) is reached no more once they are rewritten.
 */
function collectResult(f: Func, list: Ins[], shape: Shape): bool {
  const read = list[list.length - 1];
  const b = list[list.length - 2];
  if (b.kind != K.Block || b.i == 0 || b.ty != T.None || b.body.length == 0 || !endsFlow(b.body[b.body.length - 1])) return false;
  const sets: Leaf[] = [];
  resultSets(b.body, b.i, read.i, sets);
  if (sets.length == 0 || branchesTo(b.body, b.i) != sets.length || uses(f.body, read.i) != sets.length + 1) return false;
  const before = shape.sizes();
  for (let i = 0; i < sets.length; i++) {
    const v = sets[i].value();
    if (!isContainer(v)) {
      shape.leaves.push(sets[i]);
      continue;
    }
    // An arm that is a block (or if) of its own: its values are the leaves,
    // and it takes the set's place once they are rewritten.
    if (!collect(f, [v], shape)) {
      shape.truncate(before);
      return false;
    }
    shape.unwraps.push(sets[i]);
  }
  shape.reads.push(new Leaf(list, list.length - 1));
  return true;
}

/** The `local.set $local v` immediately followed by `br $label` in `list`, at any depth. */
function resultSets(list: Ins[], label: i64, local: i64, out: Leaf[]): void {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x.kind == K.LocalSet && x.i == local && i + 1 < list.length && list[i + 1].kind == K.Br && list[i + 1].i == label) {
      out.push(new Leaf(list, i, true));
    }
    resultSets(x.args, label, local, out);
    resultSets(x.body, label, local, out);
    resultSets(x.other, label, local, out);
  }
}

function branchesTo(list: Ins[], label: i64): i32 {
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if ((x.kind == K.Br || x.kind == K.BrIf) && x.i == label) n++;
    n += branchesTo(x.args, label) + branchesTo(x.body, label) + branchesTo(x.other, label);
  }
  return n;
}

/** A typed if, or a typed block without a label: its value is that of its last instruction(s). */
function isContainer(n: Ins): bool {
  return n.ty != T.None && (n.kind == K.If || (n.kind == K.Block && n.i == 0));
}

function isTailCall(f: Func, n: Ins): bool {
  if (n.kind != K.Binary || n.op != Op.Add || n.ty != f.result) return false;
  const c = n.args[1];
  return c.kind == K.Call && c.name == f.name && c.args.length == f.params.length;
}

function addAccumulator(list: Ins[], acc: i32, ty: T): void {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x.kind == K.Return && x.args.length == 1) x.args[0] = binary(Op.Add, ty, get(acc, ty), x.args[0]);
    addAccumulator(x.args, acc, ty);
    addAccumulator(x.body, acc, ty);
    addAccumulator(x.other, acc, ty);
  }
}

export function tailRecursion(f: Func): void {
  const ty = f.result;
  if (ty != T.I32 && ty != T.I64) return;
  for (let i = 0; i < f.locals.length; i++) if (f.locals[i] == T.Ptr) return;
  const shape = new Shape();
  if (!collect(f, f.body, shape)) return;
  const leaves = shape.leaves;
  let recursive = 0;
  for (let i = 0; i < leaves.length; i++) {
    const n = leaves[i].value();
    if (endsFlow(n)) continue;
    if (n.ty != ty) return;
    if (isTailCall(f, n)) recursive++;
  }
  if (recursive == 0) return;

  const acc = f.locals.length;
  f.locals.push(ty);
  const top = maxLabel(f.body) + 1;
  addAccumulator(f.body, acc, ty);
  for (let i = 0; i < leaves.length; i++) {
    const leaf = leaves[i];
    const n = leaf.value();
    if (endsFlow(n)) continue;
    if (!isTailCall(f, n)) {
      leaf.list[leaf.index] = ret(binary(Op.Add, ty, get(acc, ty), n));
      continue;
    }
    // acc += x, then the new arguments (all evaluated before any parameter changes).
    const call = n.args[1];
    const step: Ins[] = [set(acc, binary(Op.Add, ty, get(acc, ty), n.args[0]))];
    const temps: i32[] = [];
    for (let a = 0; a < call.args.length; a++) {
      temps.push(f.locals.length);
      f.locals.push(f.params[a]);
      step.push(set(temps[a], call.args[a]));
    }
    for (let a = 0; a < temps.length; a++) step.push(set(a, get(temps[a], f.params[a])));
    step.push(br(top));
    leaf.list[leaf.index] = block(0, step, T.None);
  }
  for (let i = 0; i < shape.unwraps.length; i++) {
    const u = shape.unwraps[i];
    u.list[u.index] = u.value();
  }
  for (let i = 0; i < shape.reads.length; i++) shape.reads[i].list[shape.reads[i].index] = unreachable();
  for (let i = 0; i < shape.typed.length; i++) shape.typed[i].ty = T.None;
  f.body = [set(acc, iconst(ty, 0)), loop(top, f.body), unreachable()];
}
