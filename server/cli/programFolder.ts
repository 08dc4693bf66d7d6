// A program on disk is its entry file and the .pith files it imports: `import
// util` in main.pith reads util.pith from the same folder. The CLI hands the
// compiler (which sees only its own working directory) those files, and no
// other file of the folder, so an unrelated sibling never changes a build.
import { readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { programModules } from "../toolchain/programModules";

/** A larger file is not a module of a program: it is left out (the compiler then reports it missing). */
const MAX_FILE_BYTES = 4 << 20;

/** The files the entry imports, directly or through each other, by name. */
export function importedModules(entry: string): Record<string, Buffer> {
  const dir = dirname(entry);
  const bytes = new Map<string, Buffer>();
  const read = (name: string): string | undefined => {
    const path = name === basename(entry) ? entry : join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size > MAX_FILE_BYTES) return undefined;
    const content = readFileSync(path);
    bytes.set(name, content);
    return content.toString("utf8");
  };
  const files: Record<string, Buffer> = {};
  for (const name of programModules(basename(entry), read)) files[name] = bytes.get(name) as Buffer;
  return files;
}
