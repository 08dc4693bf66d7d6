import { block, copyNode, Func, iconst, Ins, IrModule, K, maxLabel, set, T } from "../ir/ir";

// Inlining of small functions: a call becomes a block that assigns the
// arguments to fresh locals and runs a copy of the callee's body, where each
// `return v` becomes a branch out of that block carrying v. Recursive and
// large functions are left alone.

let nextLabel: i32 = 1 << 20;

function size(list: Ins[]): i32 {
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    n += 1 + size(x.args) + size(x.body) + size(x.other);
  }
  return n;
}

function callsSelf(list: Ins[], name: string): bool {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x.kind == K.Call && x.name == name) return true;
    if (callsSelf(x.args, name) || callsSelf(x.body, name) || callsSelf(x.other, name)) return true;
  }
  return false;
}

class Copier {
  constructor(public localBase: i32, public labelBase: i32, public exitLabel: i32) {}

  list(src: Ins[]): Ins[] {
    const out: Ins[] = [];
    for (let i = 0; i < src.length; i++) out.push(this.ins(src[i]));
    return out;
  }

  ins(s: Ins): Ins {
    const n = copyNode(s);
    n.args = this.list(s.args);
    n.body = this.list(s.body);
    n.other = this.list(s.other);
    const k = s.kind;
    if (k == K.LocalGet || k == K.LocalSet || k == K.LocalTee) n.i = s.i + this.localBase;
    else if ((k == K.Block || k == K.Loop || k == K.Br || k == K.BrIf) && s.i != 0) n.i = s.i + this.labelBase;
    else if (k == K.Return) {
      n.kind = K.Br;
      n.i = this.exitLabel;
    }
    return n;
  }
}

class Inliner {
  funcs: Map<string, Func> = new Map();
  constructor(public limit: i32) {}

  candidate(name: string): Func | null {
    if (!this.funcs.has(name)) return null;
    const f = this.funcs.get(name);
    if (f.exportName != "" || size(f.body) > this.limit || callsSelf(f.body, f.name)) return null;
    return f;
  }

  list(caller: Func, list: Ins[]): void {
    for (let i = 0; i < list.length; i++) list[i] = this.ins(caller, list[i]);
  }

  ins(caller: Func, n: Ins): Ins {
    this.list(caller, n.args);
    this.list(caller, n.body);
    this.list(caller, n.other);
    if (n.kind != K.Call || n.name == caller.name) return n;
    const callee = this.candidate(n.name);
    if (callee === null) return n;
    const localBase = caller.locals.length;
    for (let i = 0; i < callee.locals.length; i++) caller.locals.push(callee.locals[i]);
    const exit = nextLabel++;
    const labelBase = nextLabel;
    nextLabel += maxLabel(callee.body) + 1;
    const body: Ins[] = [];
    for (let i = 0; i < n.args.length; i++) body.push(set(localBase + i, n.args[i]));
    // Locals start at zero in a fresh call; a copy inside a loop must reset them.
    for (let i = callee.params.length; i < callee.locals.length; i++) {
      const t = callee.locals[i];
      body.push(set(localBase + i, iconst(t == T.None ? T.I32 : t, 0)));
    }
    const copy = new Copier(localBase, labelBase, exit).list(callee.body);
    for (let i = 0; i < copy.length; i++) body.push(copy[i]);
    return block(exit, body, callee.result);
  }
}

export function inline(m: IrModule, limit: i32): void {
  const inl = new Inliner(limit);
  for (let i = 0; i < m.funcs.length; i++) inl.funcs.set(m.funcs[i].name, m.funcs[i]);
  for (let i = 0; i < m.funcs.length; i++) inl.list(m.funcs[i], m.funcs[i].body);
}
