// The other files of the program, for the language service: which file the
// editor shows (the one asked about) and the texts of the others, which its
// `import`s read. The page keeps this current; a definition in another file
// opens that file's tab through the opener the page registers. This file
// stays tiny and import-free: the page's first chunk imports it.

export const WORKSPACE_SCHEME = "pith-file";

export interface QueryWorkspace {
  /** The file the editor shows. */
  file: string;
  /** Every other file of the workspace, by name. */
  modules: Record<string, string>;
}

let current: QueryWorkspace = { file: "main.pith", modules: {} };
let opener: ((file: string, line: number) => void) | undefined;

export function setQueryWorkspace(workspace: QueryWorkspace): void {
  current = workspace;
}

export function queryWorkspace(): QueryWorkspace {
  return current;
}

/** The page's way of showing another file of the workspace at a line; returns the function that unregisters it. */
export function setWorkspaceFileOpener(open: (file: string, line: number) => void): () => void {
  opener = open;
  return () => {
    if (opener === open) opener = undefined;
  };
}

/** Shows `file` at `line`; false when no page shows files. */
export function openWorkspaceFile(file: string, line: number): boolean {
  if (opener === undefined) return false;
  opener(file, line);
  return true;
}
