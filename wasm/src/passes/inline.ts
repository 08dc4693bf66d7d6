import { block, copyNode, Func, iconst, Ins, IrModule, K, maxLabel, set, size, T } from "../ir/ir";
import { uniqueCheckOf } from "./unbox_scan";

// Inlining of small functions: a call becomes a block that assigns the
// arguments to fresh locals and runs a copy of the callee's body, where each
// `return v` becomes a branch out of that block carrying v. Recursive and
// large functions are left alone.

let nextLabel: i32 = 1 << 20;

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
    if (src.length == 0) return src;  // empty lists are never pushed to: the copy may share one
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

/** Counts the direct calls of each function in `list`. */
function countCalls(list: Ins[], counts: Map<string, i32>): void {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x.kind == K.Call) counts.set(x.name, counts.has(x.name) ? counts.get(x.name) + 1 : 1);
    countCalls(x.args, counts);
    countCalls(x.body, counts);
    countCalls(x.other, counts);
  }
}

function callees(list: Ins[], out: string[]): void {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x.kind == K.Call) out.push(x.name);
    callees(x.args, out);
    callees(x.body, out);
    callees(x.other, out);
  }
}

function hasLoop(list: Ins[]): bool {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x.kind == K.Loop || hasLoop(x.args) || hasLoop(x.body) || hasLoop(x.other)) return true;
  }
  return false;
}

/** Whether a body has no loops and calls nothing but the runtime. */
function isLeaf(list: Ins[]): bool {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x.kind == K.Loop || x.kind == K.CallIndirect || (x.kind == K.Call && !isRuntime(x.name))) return false;
    if (!isLeaf(x.args) || !isLeaf(x.body) || !isLeaf(x.other)) return false;
  }
  return true;
}

/** Functions of the runtime and the per-type helpers the lowering generates. */
export function isRuntime(name: string): bool {
  return name.startsWith("rt.") || name.startsWith("drop.") || name.startsWith("unique.") || name.startsWith("unique_copy.") || name.startsWith("unique_elems.") || name.startsWith("retain_elems.");
}

// A function called from one place only (and not through the table) is
// inlined up to this size: its own copy then goes away, so the program does
// not grow, and the caller's optimisations see through the call.
const SINGLE_CALL_LIMIT = 2000;

// The runtime's hot helpers (reference counts, the allocator's fast paths, freeing)
// are inlined up to this many times the limit: V8 does not inline wasm calls,
// and a call per retain, release and allocation cost binary-trees a quarter
// of its time (3.45 -> 2.71 s on wasm, C 2.81 s).
const RUNTIME_LIMIT_FACTOR = 2;

// A call that passes a local of the caller as a `var` argument (`p.flip(k)`
// on `var p`) inlines its callee up to this many times the limit, wherever
// it is called from. Inlined, the callee's writes land on the caller's
// local: a struct held there can keep its fields in locals (unbox.ts) and
// the checks of its arrays leave the caller's loops (unique.ts). Called,
// the struct must live on the heap, and every call checks it and its
// fields again. (fannkuch-redux-idiomatic with `flips` calling `p.flip`
// from two places ran at 1.43x C, against 1.13x with one call.)
const VAR_ARGUMENT_LIMIT_FACTOR = 8;

// The growth inlining may cause, in instructions copied. Each copy is of a
// small or once-called body, but a chain of them compounds: a thousand
// functions each calling the one before copy each finished body into the
// next (quadratic work), and a thousand-call method chain in one function
// makes a body that the later passes walk many times. Past these the calls
// stay calls: the program compiles, with less inlining, in time linear in
// its size. Counted, not timed, so every machine makes the same code.
const MAX_INLINED_PER_FUNCTION = 20_000;
const MODULE_GROWTH_FACTOR = 1;
const MODULE_GROWTH_BASE = 50_000;
// The inliner finishes callees before callers; past this depth of calls it
// treats a callee as finished as it is, instead of exhausting the stack.
const MAX_VISIT_DEPTH = 200;

/** Whether a call passes a local as a `var` argument: `block { if rc(x) != 1 { x = unique.T(x) }; x }`. */
function passesVarLocal(call: Ins): bool {
  for (let i = 0; i < call.args.length; i++) {
    const a = call.args[i];
    if (a.kind != K.Block || a.body.length != 2) continue;
    const x = uniqueCheckOf(a.body[0]);
    if (x >= 0 && a.body[1].kind == K.LocalGet && <i32>a.body[1].i == x) return true;
  }
  return false;
}

class Inliner {
  funcs: Map<string, Func> = new Map();
  calls: Map<string, i32> = new Map();
  inTable: Set<string> = new Set();
  // 0 not yet visited, 1 being processed, 2 done.
  state: Map<string, i32> = new Map();
  // The size of each function's body, or -1 when it calls itself: measured
  // once per body, forgotten when inlining into that function changes it.
  sizes: Map<string, i32> = new Map();
  loopDepth: i32 = 0;  // loops around the call being considered
  visitDepth: i32 = 0;  // callers whose callees are being finished first
  // Instructions this pass may still copy into the module, and into the function being processed.
  moduleBudget: i32 = 0;
  functionBudget: i32 = 0;
  constructor(public limit: i32, public runtime: bool, public forWasm: bool, public varArguments: bool) {}

  entry: string[] = [];  // the functions that run once: main and the start function

  candidate(name: string, caller: string, call: Ins): Func | null {
    if (!this.funcs.has(name) || isRuntime(name) != this.runtime) return null;
    if (this.state.has(name) && this.state.get(name) == 1) return null;
    const f = this.funcs.get(name);
    // Taking fresh memory from the top of the heap is the allocator's cold
    // path: kept a call, it leaves the free-list fast path small enough to inline.
    if (f.exportName != "" || name == "rt.bump" || name.startsWith("unique_copy.")) return null;
    if (!this.sizes.has(name)) this.sizes.set(name, callsSelf(f.body, f.name) ? -1 : size(f.body));
    const n = this.sizes.get(name);
    if (n < 0) return null;
    if (n <= this.limit) return f;
    // Panics are cold: only the hot helpers get the larger limit.
    if (this.runtime && n <= RUNTIME_LIMIT_FACTOR * this.limit && !name.includes("panic")) return f;
    // Straight-line code without calls of its own costs little more inlined than called.
    if (!this.runtime && n <= 2 * this.limit && isLeaf(f.body)) return f;
    if (this.varArguments && n <= VAR_ARGUMENT_LIMIT_FACTOR * this.limit && passesVarLocal(call) && !this.entryLoop(caller, f)) return f;
    if (this.runtime || !this.calls.has(name) || this.calls.get(name) != 1) return null;
    // V8 runs a wasm function's first call in its baseline code to the end
    // (it has no on-stack replacement for wasm), and optimises it for the
    // calls after. main runs once: a loop inlined into a loop of main would
    // never run optimised, where as a call it does after a few iterations
    // (nbody-idiomatic's first run: 2.0 -> 0.75 s; C 0.99 s).
    if (this.entryLoop(caller, f)) return null;
    // Called once: the copy replaces the function, unless the table keeps it too.
    return n <= (this.inTable.has(name) ? 4 * this.limit : SINGLE_CALL_LIMIT) ? f : null;
  }

  /** For wasm, whether `f` has a loop and the call is in a loop of a function that runs once (see candidate). */
  entryLoop(caller: string, f: Func): bool {
    return this.forWasm && this.loopDepth > 0 && this.entry.includes(caller) && hasLoop(f.body);
  }

  /** Inlines into `f` after inlining into the functions it calls, so that copies are of finished bodies. */
  visit(f: Func): void {
    if (this.state.has(f.name)) return;
    this.state.set(f.name, 1);
    if (this.visitDepth < MAX_VISIT_DEPTH) {
      this.visitDepth++;
      const names: string[] = [];
      callees(f.body, names);
      for (let i = 0; i < names.length; i++) {
        if (this.funcs.has(names[i])) this.visit(this.funcs.get(names[i]));
      }
      this.visitDepth--;
    }
    this.body(f);
    this.state.set(f.name, 2);
  }
  list(caller: Func, list: Ins[]): void {
    for (let i = 0; i < list.length; i++) list[i] = this.ins(caller, list[i]);
  }

  /** Inlines into the whole body of `f`, which then has a new size. */
  body(f: Func): void {
    this.functionBudget = MAX_INLINED_PER_FUNCTION;
    this.list(f, f.body);
    this.sizes.delete(f.name);
  }

  ins(caller: Func, n: Ins): Ins {
    this.list(caller, n.args);
    if (n.kind == K.Loop) this.loopDepth++;
    this.list(caller, n.body);
    if (n.kind == K.Loop) this.loopDepth--;
    this.list(caller, n.other);
    if (n.kind != K.Call || n.name == caller.name) return n;
    const callee = this.candidate(n.name, caller.name, n);
    if (callee === null) return n;
    // candidate() measured the callee's size; a copy past either budget is left a call.
    const cost = this.sizes.get(n.name);
    if (cost > this.functionBudget || cost > this.moduleBudget) return n;
    this.functionBudget -= cost;
    this.moduleBudget -= cost;
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

/**
 * Inlines calls of small functions (at most `limit` instructions) and of
 * functions called once. `runtime` selects the callees: the program's own
 * functions, or the runtime and the per-type helpers; `forWasm`, code for
 * the wasm backend (not LLVM's); `varArguments`, whether calls with a `var`
 * argument get the larger limit (not at -Os, which keeps the module small
 * and does not unbox).
 */
export function inline(m: IrModule, limit: i32, runtime: bool, forWasm: bool, varArguments: bool = false): void {
  const inl = new Inliner(limit, runtime, forWasm, varArguments && !runtime);
  inl.entry.push("main");
  if (m.start != "") inl.entry.push(m.start);
  let total = 0;
  for (let i = 0; i < m.funcs.length; i++) {
    inl.funcs.set(m.funcs[i].name, m.funcs[i]);
    countCalls(m.funcs[i].body, inl.calls);
    total += size(m.funcs[i].body);
  }
  inl.moduleBudget = MODULE_GROWTH_BASE + MODULE_GROWTH_FACTOR * total;
  for (let i = 0; i < m.table.length; i++) inl.inTable.add(m.table[i]);
  // The runtime in module order, each call getting the callee's body as it is
  // then: its fast paths inline, its slow paths (rt.free in rt.release) still calls.
  if (runtime) for (let i = 0; i < m.funcs.length; i++) inl.body(m.funcs[i]);
  else for (let i = 0; i < m.funcs.length; i++) inl.visit(m.funcs[i]);
}
