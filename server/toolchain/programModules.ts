// Which files a program is made of: its entry file and, transitively, the
// file of every `import name` (name.pith beside it). The compiler reads
// nothing else, so nothing else may change a build: a host-module check or a
// folder scan that looked at every .pith file in the folder would let an
// unrelated sibling (a canvas demo beside a command-line tool) fail the build.
// The CLI, the server's build routes and the native toolchain all ask here.
import { findImports } from "./imports";

/** A program's own module is imported by a bare name (`import util`); `std.x` is the standard library. */
const MODULE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The file names of the modules the entry imports, directly or through
 * each other, in the order first imported; the entry itself is not among
 * them. `read` gives a file's text or undefined when there is none (the
 * compiler then reports the missing file at the import).
 */
export function programModules(entry: string, read: (file: string) => string | undefined): string[] {
  const found: string[] = [];
  const seen = new Set<string>([entry]);
  const pending: string[] = [];
  for (let text = read(entry); text !== undefined; text = pending.shift()) {
    for (const site of findImports(text)) {
      const file = `${site.path}.pith`;
      if (!MODULE_NAME.test(site.path) || seen.has(file)) continue;
      seen.add(file);
      const module = read(file);
      if (module === undefined) continue;
      found.push(file);
      pending.push(module);
    }
  }
  return found;
}
