// Go to definition into the standard library: the definition lives in a
// model of its own (scheme pith-std), which the page shows in its read-only
// view tab, the one the Library panel opens modules in. The page registers
// how it opens a view; the editor chunk's opener calls it. This file stays
// tiny and import-free: the page's first chunk imports it.

export const STDLIB_SCHEME = "pith-std";

/** Shows `text` titled `title` read-only, with `line` (1-based) in view. */
export type ViewOpener = (title: string, text: string, line: number) => void;

let opener: ViewOpener | undefined;

/** The page's way of showing a read-only file; returns the function that unregisters it. */
export function setStdlibViewOpener(open: ViewOpener): () => void {
  opener = open;
  return () => {
    if (opener === open) opener = undefined;
  };
}

/** Opens `text` as `file` at `line` in the read-only view; false when no page shows views. */
export function openReadOnly(file: string, text: string, line: number): boolean {
  if (opener === undefined) return false;
  opener(file, text, line);
  return true;
}
