// Where the program's functions are defined, and which of them a name in the
// compiled module means. The WebAssembly module names its functions as the
// source does (`f` in the entry file, `module.f` in module.pith) in its
// "name" section; with no line table, that name is what ties a stack frame
// (a stack overflow's report) or a function in the WebAssembly text view to
// its place in the source.

/** Where one of the program's functions is defined. */
export interface FunctionPlace {
  name: string;
  file: string;
  line: number;
  col: number;
  /** In the entry file (whose functions the module names no module). */
  entry: boolean;
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

/**
 * The program's function a name in the module means: `module.f` is `f` of
 * module.pith, a plain `f` the entry file's. Undefined for the runtime's and
 * the libraries' functions.
 */
export function functionNamed(name: string, places: readonly FunctionPlace[]): FunctionPlace | undefined {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return places.find((p) => p.name === name && p.entry);
  const [module, fn] = [name.slice(0, dot), name.slice(dot + 1)];
  return places.find((p) => p.name === fn && p.file === `${module}.pith`);
}
