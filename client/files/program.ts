// Which files make the program. The entry file (main.pith, or the first tab)
// is what Run runs, whatever tab is shown; `import util` in it reads the tab
// util.pith, so every other file goes to the compiler beside it. The editor's
// diagnostics check the program the shown file belongs to: the entry
// program when the shown file is the entry or a module some file imports,
// else the shown file alone (a scratch file with its own main).
import { FIRST_FILE, type Files } from "./files";

export interface ProgramFiles {
  /** The file the compiler starts from. */
  entry: string;
  source: string;
  /** Every other file of the workspace, by name. */
  modules: Record<string, string>;
}

interface Open {
  source: string;
  files?: Files;
}

/** Every file's text by name, the one in the editor included. */
function texts(open: Open): Record<string, string> {
  const files = open.files;
  if (!files) return { [FIRST_FILE]: open.source };
  return Object.fromEntries(files.names.map((n) => [n, n === files.active ? open.source : (files.stored[n] ?? "")]));
}

function entryOf(open: Open): string {
  const names = open.files?.names ?? [FIRST_FILE];
  return names.includes(FIRST_FILE) ? FIRST_FILE : names[0];
}

function program(all: Record<string, string>, entry: string): ProgramFiles {
  const { [entry]: source = "", ...modules } = all;
  return { entry, source, modules };
}

/** What Run runs: the entry file, with every other file beside it. */
export function entryProgram(open: Open): ProgramFiles {
  return program(texts(open), entryOf(open));
}

/** Whether some file of the workspace imports `name.pith` as a module. */
function imported(all: Record<string, string>, file: string): boolean {
  const module = file.replace(/\.pith$/, "");
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(module)) return false;
  const line = new RegExp(`^\\s*import\\s+${module}\\s*(;|$)`, "m");
  return Object.entries(all).some(([name, text]) => name !== file && line.test(text));
}

/** What the editor's diagnostics check for the file it shows. */
export function programOfShownFile(open: Open): ProgramFiles {
  const all = texts(open);
  const shown = open.files?.active ?? FIRST_FILE;
  const entry = entryOf(open);
  return shown === entry || imported(all, shown) ? program(all, entry) : program(all, shown);
}

/** The program that starts from `entry` (a test opened from the Library runs this way), every other file beside it. */
export function programFrom(open: Open, entry: string): ProgramFiles {
  return program(texts(open), entry);
}
