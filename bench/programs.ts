// The benchmark programs come in two forms: <name>.pith, written with the
// compiler in mind, and <name>-idiomatic.pith, the same algorithm written as
// the primer teaches (structs in arrays, methods on `var self`, closures,
// `for x in xs`). Both are measured against the one C (and JS) baseline.

/** The program whose .c and .js files a benchmark program is compared with. */
export function baseline(name: string): string {
  return name.replace(/-idiomatic$/, "");
}
