// Several named files: the one in the editor is the workspace's `source`;
// the others wait in `stored` under their names, in tab order `names`.
// Every operation is a pure function from one set of files to the next.

export interface Files {
  names: string[];
  active: string;
  /** Sources of the files not in the editor. */
  stored: Record<string, string>;
}

export const FIRST_FILE = "main.pith";
export const NEW_FILE_SOURCE = "fn main() {\n    \n}\n";

export const initialFiles = (): Files => ({ names: [FIRST_FILE], active: FIRST_FILE, stored: {} });

/** A name typed without an extension gets `.pith`: `util` means util.pith, as an import of `util` reads it. */
export function withExtension(name: string): string {
  const trimmed = name.trim();
  return trimmed === "" || /\.[A-Za-z0-9]+$/.test(trimmed) ? trimmed : `${trimmed}.pith`;
}

/** The error that makes `name` unusable for a new or renamed file, if any. */
export function nameProblem(files: Files, name: string, renaming?: string): string | undefined {
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*\.pith$/.test(name))
    return `"${name}" is not a file name: letters, digits, '_', '-' and '.', ending in .pith`;
  if (name !== renaming && files.names.includes(name)) return `a file named ${name} is already open`;
  return undefined;
}

/** A fresh name: untitled.pith, untitled-2.pith, ... */
export function freshName(files: Files): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? "untitled.pith" : `untitled-${n}.pith`;
    if (!files.names.includes(name)) return name;
  }
}

/** Shows `name` in the editor; `source` is what the editor holds now. Returns the files and the new editor text. */
export function switchTo(files: Files, source: string, name: string): { files: Files; source: string } {
  if (name === files.active || !files.names.includes(name)) return { files, source };
  const { [name]: next = "", ...rest } = files.stored;
  return { files: { ...files, active: name, stored: { ...rest, [files.active]: source } }, source: next };
}

export function addFile(files: Files, source: string, name = freshName(files)): { files: Files; source: string } {
  const index = files.names.indexOf(files.active) + 1;
  const names = [...files.names.slice(0, index), name, ...files.names.slice(index)];
  return switchTo({ ...files, names, stored: { ...files.stored, [name]: NEW_FILE_SOURCE } }, source, name);
}

export function renameFile(files: Files, from: string, to: string): Files {
  if (from === to || !files.names.includes(from)) return files;
  const names = files.names.map((n) => (n === from ? to : n));
  if (files.active === from) return { ...files, names, active: to };
  const { [from]: moved = "", ...rest } = files.stored;
  return { ...files, names, stored: { ...rest, [to]: moved } };
}

/** Closes `name`, deleting its text; the last file never closes. Closing the one in the editor shows its neighbour. */
export function closeFile(files: Files, source: string, name: string): { files: Files; source: string } {
  if (files.names.length < 2 || !files.names.includes(name)) return { files, source };
  const index = files.names.indexOf(name);
  const moved =
    name === files.active
      ? switchTo(files, source, files.names[index + 1] ?? files.names[index - 1])
      : { files, source };
  const { [name]: _closed, ...stored } = moved.files.stored;
  return {
    files: { ...moved.files, names: moved.files.names.filter((n) => n !== name), stored },
    source: moved.source,
  };
}
