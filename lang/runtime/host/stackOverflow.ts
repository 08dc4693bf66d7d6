// A program that exhausts the stack makes V8 throw a RangeError ("Maximum
// call stack size exceeded") out of the wasm, not a panic. The playground
// and `pith run` report it alike, from this one home: a panic, exit 101, a
// hint about recursion depth, and what the engine's stack trace still tells:
// the deepest of the program's own functions on the stack, located at its
// definition, so the playground's output links to it. The module carries no
// line table, so the function is as precise as it gets.
import { type FunctionPlace, functionNamed } from "./functionPlaces";

/** What a panic exits with, a stack overflow too (as `pith run`). */
export const PANIC_STATUS = 101;

export function isStackOverflow(error: unknown): error is RangeError {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The wasm functions on a V8 stack trace, innermost first (`at util.f (wasm://wasm/…:wasm-function[7]:0x1f)`). */
export function wasmFrames(stack: string): string[] {
  const names: string[] = [];
  for (const m of stack.matchAll(/^\s*at ([\w.$]+) \(wasm:\/\/.*$/gm)) names.push(m[1]);
  return names;
}

/** The deepest of the program's functions on the stack, if any frame names one. */
export function deepestUserFrame(stack: string, places: readonly FunctionPlace[]): FunctionPlace | undefined {
  for (const frame of wasmFrames(stack)) {
    const place = functionNamed(frame, places);
    if (place) return place;
  }
  return undefined;
}

/** The report on stderr: like a panic, with the place when known, and what to do about it. */
export function stackOverflowReport(stack: string, places: readonly FunctionPlace[]): string {
  const at = deepestUserFrame(stack, places);
  const where = at ? ` in ${at.name} at ${at.file}:${at.line}:${at.col}` : "";
  return (
    `panic: stack overflow${where}: the program's calls nested too deeply ` +
    "(a recursion without a base case, or one deeper than the stack holds); " +
    "make the recursion end sooner or turn it into a loop\n"
  );
}
