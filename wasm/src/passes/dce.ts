import { endsFlow, Func, Import, Ins, IrModule, K } from "../ir/ir";

// Dead-code elimination: drops instructions that follow an unconditional
// branch, return or trap in the same list, flattens empty and label-free
// blocks, and removes functions no longer reachable from the exports (after
// inlining many small runtime functions have no callers left).

function clean(list: Ins[]): Ins[] {
  if (list.length == 0) return list;  // most nodes have no body: no new list each
  const out: Ins[] = [];
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    for (let j = 0; j < n.args.length; j++) cleanNode(n.args[j]);
    n.body = clean(n.body);
    n.other = clean(n.other);
    // A typeless block without a label is just its contents.
    if (n.kind == K.Block && n.i == 0 && n.ty == 0 && n.args.length == 0) {
      // The block's source location moves to what now begins the statement.
      if (n.loc.length > 0 && n.body.length > 0 && n.body[0].loc.length == 0) n.body[0].loc = n.loc;
      for (let j = 0; j < n.body.length; j++) out.push(n.body[j]);
      if (n.body.length > 0 && endsFlow(n.body[n.body.length - 1])) break;
      continue;
    }
    out.push(n);
    if (endsFlow(n)) break;
  }
  return out;
}

function cleanNode(n: Ins): void {
  for (let j = 0; j < n.args.length; j++) cleanNode(n.args[j]);
  n.body = clean(n.body);
  n.other = clean(n.other);
}

export function dce(f: Func): void {
  f.body = clean(f.body);
}

function collectCalls(list: Ins[], out: string[]): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (n.kind == K.Call) out.push(n.name);
    collectCalls(n.args, out);
    collectCalls(n.body, out);
    collectCalls(n.other, out);
  }
}

/** Keeps only functions and imports reachable from the exported functions. */
export function removeUnusedFunctions(m: IrModule): void {
  const byName = new Map<string, Func>();
  for (let i = 0; i < m.funcs.length; i++) byName.set(m.funcs[i].name, m.funcs[i]);
  const used = new Set<string>();
  const work: string[] = [];
  for (let i = 0; i < m.funcs.length; i++) {
    if (m.funcs[i].exportName != "") { used.add(m.funcs[i].name); work.push(m.funcs[i].name); }
  }
  // Functions in the table may be called indirectly from anywhere.
  for (let i = 0; i < m.table.length; i++) {
    if (!used.has(m.table[i])) { used.add(m.table[i]); work.push(m.table[i]); }
  }
  while (work.length > 0) {
    const name = work.pop();
    if (!byName.has(name)) continue;
    const calls: string[] = [];
    collectCalls(byName.get(name).body, calls);
    for (let i = 0; i < calls.length; i++) {
      if (!used.has(calls[i])) { used.add(calls[i]); work.push(calls[i]); }
    }
  }
  const funcs: Func[] = [];
  for (let i = 0; i < m.funcs.length; i++) if (used.has(m.funcs[i].name)) funcs.push(m.funcs[i]);
  m.funcs = funcs;
  const imports: Import[] = [];
  for (let i = 0; i < m.imports.length; i++) if (used.has(m.imports[i].name)) imports.push(m.imports[i]);
  m.imports = imports;
}
