import { Func, Ins, IrModule, K } from "../ir/ir";
import { CALLER_LOC } from "../lower/caller_loc";

// User code stores the position of each call it makes into the standard
// library in one memory cell, which the library's panics report
// (lower/caller_loc.ts). Most library functions never panic (math.sqrt,
// a closure the user wrote called through a library signature), and there
// the store is pure overhead: a store to memory the optimiser must assume
// aliases the loop's data, so a hot loop that calls one reloads its values
// on every iteration. This pass drops a store to the cell made right before
// a direct call of a function that cannot read the cell, directly or
// through anything it calls: no code can observe the value, because the
// next reader is always reached through a call that stores its own
// position first (user code never reads the cell). Indirect calls are
// assumed to read it.

function isCell(addr: Ins): bool {
  return addr.kind == K.Const && <i32>addr.i == CALLER_LOC;
}

/** Whether `list` reads the cell or calls indirectly; the names it calls directly go to `callees`. */
function scan(list: Ins[], callees: string[]): bool {
  let reads = false;
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x.kind == K.Load && isCell(x.args[0])) reads = true;
    if (x.kind == K.CallIndirect) reads = true;
    if (x.kind == K.Call) callees.push(x.name);
    if (scan(x.args, callees)) reads = true;
    if (scan(x.body, callees)) reads = true;
    if (scan(x.other, callees)) reads = true;
  }
  return reads;
}

/** The functions that may read the cell, directly or through their calls. */
function readers(m: IrModule): Set<string> {
  const out = new Set<string>();
  const calls = new Map<string, string[]>();
  for (let i = 0; i < m.funcs.length; i++) {
    const f = m.funcs[i];
    const callees: string[] = [];
    if (scan(f.body, callees)) out.add(f.name);
    calls.set(f.name, callees);
  }
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < m.funcs.length; i++) {
      const f = m.funcs[i];
      if (out.has(f.name)) continue;
      const callees = calls.get(f.name);
      for (let j = 0; j < callees.length; j++) {
        if (out.has(callees[j])) {
          out.add(f.name);
          changed = true;
          break;
        }
      }
    }
  }
  return out;
}

function drop(list: Ins[], reading: Set<string>): void {
  let i = 0;
  while (i < list.length) {
    const x = list[i];
    drop(x.args, reading);
    drop(x.body, reading);
    drop(x.other, reading);
    if (
      x.kind == K.Store &&
      isCell(x.args[0]) &&
      x.args[1].kind == K.Const &&
      i + 1 < list.length &&
      list[i + 1].kind == K.Call &&
      !reading.has(list[i + 1].name)
    ) {
      list.splice(i, 1);
      continue;
    }
    i++;
  }
}

/** Drops the call-site stores that no panic can report. */
export function dropUnreadCallSites(m: IrModule): void {
  const reading = readers(m);
  for (let i = 0; i < m.funcs.length; i++) {
    const f: Func = m.funcs[i];
    drop(f.body, reading);
  }
}
