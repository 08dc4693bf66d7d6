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
// x is still evaluated before the call's arguments, as before. Only functions
// whose locals are all scalars are rewritten: a loop reuses locals that the
// lowering may expect to start at zero, and heap locals carry ownership.

class Leaf {
  constructor(public list: Ins[], public index: i32) {}
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
function collect(f: Func, list: Ins[], leaves: Leaf[], typed: Ins[]): bool {
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
    typed.push(n);
    return collect(f, n.body, leaves, typed) && collect(f, n.other, leaves, typed);
  }
  if (n.kind == K.Block && n.i == 0 && n.ty != T.None) {
    typed.push(n);
    return collect(f, n.body, leaves, typed);
  }
  leaves.push(new Leaf(list, list.length - 1));
  return true;
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
  const leaves: Leaf[] = [];
  const typed: Ins[] = [];
  if (!collect(f, f.body, leaves, typed)) return;
  let recursive = 0;
  for (let i = 0; i < leaves.length; i++) {
    const n = leaves[i].list[leaves[i].index];
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
    const n = leaf.list[leaf.index];
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
  for (let i = 0; i < typed.length; i++) typed[i].ty = T.None;
  f.body = [set(acc, iconst(ty, 0)), loop(top, f.body), unreachable()];
}
