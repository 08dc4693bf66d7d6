import { parsePosition } from "./debug";
import { FuncState } from "./func_state";

// The primitives every part of the function emitter writes with: fresh
// names, instructions, blocks, the heap pointer, declared intrinsics and the
// source line later instructions carry.

export function fresh(s: FuncState, prefix: string): string {
  return prefix + "." + (s.count++).toString();
}

/** Emits an instruction; code after a terminator lands in a fresh block that nothing reaches. */
export function emit(s: FuncState, line: string): void {
  if (!s.open) startBlock(s, fresh(s, "dead"));
  s.lines.push("  " + line + s.dbg);
}

export function value(s: FuncState, prefix: string, rhs: string): string {
  const v = "%" + fresh(s, prefix);
  emit(s, v + " = " + rhs);
  return v;
}

export function terminate(s: FuncState, line: string): void {
  emit(s, line);
  s.open = false;
}

export function startBlock(s: FuncState, name: string): void {
  s.lines.push(name + ":");
  s.cur = name;
  s.open = true;
}

export function heap(s: FuncState): string {
  s.usesHeap = true;
  return "%heap";
}

/** An i32 truth value as an i1. */
export function nonZero(s: FuncState, v: string): string {
  return value(s, "c", "icmp ne i32 " + v + ", 0");
}

export function intrinsic(s: FuncState, decl: string): void {
  s.ctx.addDeclare(decl);
}

/**
 * Later instructions belong to the statement at `loc` (with -g). A
 * statement of another file (a body of another module the compiler
 * inlined) stays with the statement of this file that it came from: that
 * call is the line a reader of this function looks for.
 */
export function markLine(s: FuncState, loc: string): void {
  const debug = s.ctx.debug;
  if (debug === null) return;
  const at = parsePosition(loc);
  if (at !== null && at.file == s.scopeFile) s.dbg = debug.location(s.scope, at);
}
