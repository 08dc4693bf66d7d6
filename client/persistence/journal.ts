// The journal: the workspace written to localStorage on every change, beside
// the IndexedDB copy (workspace.ts) that is saved a moment later. IndexedDB
// writes are asynchronous, so a reload or a closed tab right after a keystroke
// could lose the last of the typing; a localStorage write has finished when
// the call returns. The page restores from whichever copy is newer.
import type { Workspace } from "./workspace";

export const JOURNAL_KEY = "pith-playground:journal";

/** A saved workspace stamped with when it was written, so the newer of two copies wins. */
export interface Stamped {
  at: number;
  workspace: Workspace;
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const pageStore = (): Store | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

export function writeJournal(entry: Stamped, store: Store | undefined = pageStore()): void {
  try {
    store?.setItem(JOURNAL_KEY, JSON.stringify(entry));
  } catch {
    // Storage full: a stale journal must not win over the IndexedDB copy at the next load.
    try {
      store?.removeItem(JOURNAL_KEY);
    } catch {}
  }
}

export function readJournal(store: Store | undefined = pageStore()): Stamped | undefined {
  try {
    const parsed = JSON.parse(store?.getItem(JOURNAL_KEY) ?? "null") as Stamped | null;
    return parsed && typeof parsed.at === "number" && typeof parsed.workspace?.source === "string" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The newer of the journal and the IndexedDB copy (work saved before stamps counts as oldest). */
export function newest(journal: Stamped | undefined, saved: Workspace | undefined): Workspace | undefined {
  if (!journal) return saved;
  if (!saved || (saved.savedAt ?? 0) <= journal.at) return journal.workspace;
  return saved;
}
