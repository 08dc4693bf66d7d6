// Structured control flow as basic blocks: a Block label names its
// continuation, a Loop label its header, so Br/BrIf are plain branches.
import { Ins, T } from "../../ir/ir";
import { cond } from "./arith";
import { FuncState, Label } from "./func_state";
import { llType } from "./names";
import { emit, fresh, startBlock, terminate, value } from "./writer";

/** Emits a list; returns the value of its last instruction when wanted. Code after a terminator is skipped: nothing can reach it. */
export function list(s: FuncState, body: Ins[], want: bool): string {
  let v = "";
  for (let i = 0; i < body.length; i++) {
    if (!s.open) return want ? "poison" : "";
    v = s.ins(s, body[i]);
  }
  if (want && (v == "" || !s.open)) return "poison";
  return v;
}

/** The enclosing label a branch names; an unknown one is reported (a compiler bug) and gives null. */
function labelOf(s: FuncState, label: i32): Label | null {
  for (let i = s.labels.length - 1; i >= 0; i--) if (s.labels[i].id == label) return s.labels[i];
  s.ctx.errors.push("branch to unknown label " + label.toString() + " in " + s.f.name);
  return null;
}

/** A value a branch carries goes to the target block's result slot (typed blocks only). */
function storeResult(s: FuncState, target: Label, v: string): void {
  if (target.slot != "") emit(s, "store " + llType(target.ty) + " " + v + ", ptr " + target.slot);
}

export function block(s: FuncState, n: Ins): string {
  const want = n.ty != T.None;
  const label = <i32>n.i;
  // A block nothing branches to is only a sequence: no basic block needed.
  if (!s.targets.has(label)) return list(s, n.body, want);
  const end = fresh(s, "block");
  let slot = "";
  if (want) {
    // The fall-through and every branch carrying a value store into one
    // slot; mem2reg turns it into a phi.
    slot = "%" + fresh(s, "result");
    s.slots.push(slot + " = alloca " + llType(n.ty));
  }
  s.labels.push(new Label(label, end, slot, n.ty));
  const v = list(s, n.body, want);
  s.labels.pop();
  if (s.open) {
    if (want) emit(s, "store " + llType(n.ty) + " " + v + ", ptr " + slot);
    terminate(s, "br label %" + end);
  }
  startBlock(s, end);
  return want ? value(s, "v", "load " + llType(n.ty) + ", ptr " + slot) : "";
}

export function loop(s: FuncState, n: Ins): string {
  const head = fresh(s, "loop");
  terminate(s, "br label %" + head);
  startBlock(s, head);
  s.labels.push(new Label(<i32>n.i, head));
  const v = list(s, n.body, n.ty != T.None);
  s.labels.pop();
  return v;
}

export function iff(s: FuncState, n: Ins): string {
  const want = n.ty != T.None;
  const c = cond(s, n.args[0]);
  const id = (s.count++).toString();
  const thenB = "then." + id;
  const elseB = "else." + id;
  const endB = "endif." + id;
  const hasElse = n.other.length > 0;
  terminate(s, "br i1 " + c + ", label %" + thenB + ", label %" + (hasElse ? elseB : endB));
  const condBlock = s.cur;
  const incoming: string[] = [];
  startBlock(s, thenB);
  const tv = list(s, n.body, want);
  if (s.open) {
    if (want) incoming.push("[ " + tv + ", %" + s.cur + " ]");
    terminate(s, "br label %" + endB);
  }
  if (hasElse) {
    startBlock(s, elseB);
    const ev = list(s, n.other, want);
    if (s.open) {
      if (want) incoming.push("[ " + ev + ", %" + s.cur + " ]");
      terminate(s, "br label %" + endB);
    }
  } else if (want) incoming.push("[ poison, %" + condBlock + " ]");
  startBlock(s, endB);
  if (!want) return "";
  if (incoming.length == 0) return "poison";
  return value(s, "v", "phi " + llType(n.ty) + " " + incoming.join(", "));
}

/** A branch, with the value it carries (the inliner turns `return v` into a branch out of the inlined block). */
export function branch(s: FuncState, n: Ins): void {
  const target = labelOf(s, <i32>n.i);
  if (target !== null && n.args.length > 0) storeResult(s, target, s.ins(s, n.args[0]));
  terminate(s, target === null ? "unreachable" : "br label %" + target.target);
}

/** Operands as wasm's br_if: an optional carried value, then the condition; answers the carried value. */
export function branchIf(s: FuncState, n: Ins): string {
  const hasValue = n.args.length > 1;
  const carried = hasValue ? s.ins(s, n.args[0]) : "";
  const c = cond(s, n.args[n.args.length - 1]);
  const target = labelOf(s, <i32>n.i);
  if (target === null) return carried;
  if (hasValue) storeResult(s, target, carried);
  const next = fresh(s, "next");
  terminate(s, "br i1 " + c + ", label %" + target.target + ", label %" + next);
  startBlock(s, next);
  return carried;
}

export function ret(s: FuncState, n: Ins): void {
  if (n.args.length > 0 && s.f.result != T.None) {
    const v = s.ins(s, n.args[0]);
    terminate(s, "ret " + llType(s.f.result) + " " + v);
  } else {
    for (let i = 0; i < n.args.length; i++) s.ins(s, n.args[i]);
    terminate(s, s.f.result == T.None ? "ret void" : "ret " + llType(s.f.result) + " poison");
  }
}
