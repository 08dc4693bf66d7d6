// A program on disk is its entry file and the .pith files beside it: `import
// util` in main.pith reads util.pith from the same folder. The CLI hands the
// compiler (which sees only its own working directory) those files too.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** More than this many sibling files, or larger ones, are not what a program folder holds: they are left out. */
const MAX_FILES = 256;
const MAX_FILE_BYTES = 4 << 20;

/** The other .pith files in the entry file's folder, by name. */
export function siblingModules(entry: string): Record<string, Buffer> {
  const dir = dirname(entry);
  const files: Record<string, Buffer> = {};
  let count = 0;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".pith") || name === basename(entry) || count >= MAX_FILES) continue;
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size > MAX_FILE_BYTES) continue;
    files[name] = readFileSync(path);
    count++;
  }
  return files;
}
