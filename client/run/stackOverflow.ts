// A program that exhausts the stack makes V8 throw a RangeError ("Maximum
// call stack size exceeded") out of the wasm, not a panic. The playground
// reports it as `pith run` does (a panic, exit 101, a hint about recursion
// depth) and adds what the engine's stack trace still tells: the deepest of
// the program's own functions on the stack, located at its definition, so
// the output links to it. The module carries no line table, so the function
// is as precise as it gets.

/** What a panic exits with, a stack overflow too (as `pith run`). */
export const PANIC_STATUS = 101;

/** Where one of the program's functions is defined. */
export interface FunctionPlace {
  name: string;
  file: string;
  line: number;
  col: number;
  /** In the entry file (whose functions the module names no module). */
  entry: boolean;
}

export function isStackOverflow(error: unknown): error is RangeError {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The functions the program's files define, by name (`fn name(` at the start of a line). */
export function functionPlaces(files: Record<string, string>, entry: string): FunctionPlace[] {
  const places: FunctionPlace[] = [];
  for (const [file, source] of Object.entries(files))
    source.split("\n").forEach((text, i) => {
      const m = /^(\s*(?:pub\s+)?fn\s+)(\w+)/.exec(text);
      if (m) places.push({ name: m[2], file, line: i + 1, col: m[1].length + 1, entry: file === entry });
    });
  return places;
}

/** The wasm functions on a V8 stack trace, innermost first (`at util.f (wasm://wasm/…:wasm-function[7]:0x1f)`). */
export function wasmFrames(stack: string): string[] {
  const names: string[] = [];
  for (const m of stack.matchAll(/^\s*at ([\w.$]+) \(wasm:\/\/.*$/gm)) names.push(m[1]);
  return names;
}

/**
 * The program's function a frame names: the module's functions are named
 * `module.f` (in module.pith), the entry file's plainly `f`.
 */
function placeOf(frame: string, places: readonly FunctionPlace[]): FunctionPlace | undefined {
  const dot = frame.lastIndexOf(".");
  if (dot < 0) return places.find((p) => p.name === frame && p.entry);
  const [module, name] = [frame.slice(0, dot), frame.slice(dot + 1)];
  return places.find((p) => p.name === name && p.file === `${module}.pith`);
}

/** The deepest of the program's functions on the stack, if any frame names one. */
export function deepestUserFrame(stack: string, places: readonly FunctionPlace[]): FunctionPlace | undefined {
  for (const frame of wasmFrames(stack)) {
    const place = placeOf(frame, places);
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
