// The local history of earlier programs: whenever something replaces the
// user's work (a share link, an example, a restore, a program from this
// history), the work is put here first, so no replacement can lose it. Kept
// in localStorage, written synchronously: an entry exists before the
// replacement is even shown, and survives a reload or a closed tab at once.
import type { Work } from "./workspace";

export const HISTORY_KEY = "pith-playground:history";
/** More than the 20 a user is promised: a few entries of slack before the oldest go. */
export const HISTORY_LIMIT = 30;

export interface HistoryEntry {
  /** When the work was put aside (ms since the epoch); also the entry's identity. */
  at: number;
  /** The first line with text in it: what the user recognises their program by. */
  title: string;
  work: Work;
}

/** The first non-blank line of the entry file, shortened for a menu. */
export function titleOf(work: Work): string {
  const line = work.source.split("\n").find((l) => l.trim()) ?? "(empty program)";
  const title = line.trim();
  const files = work.files && work.files.names.length > 1 ? ` (+${work.files.names.length - 1} files)` : "";
  return (title.length > 60 ? `${title.slice(0, 59)}…` : title) + files;
}

/** The storage the history lives in: the page's localStorage, or a stand-in in tests. */
export type Store = Pick<Storage, "getItem" | "setItem">;

const pageStore = (): Store | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    // A sandboxed frame or a browser with storage off refuses the property itself.
    return undefined;
  }
};

const isEntry = (e: unknown): e is HistoryEntry =>
  typeof e === "object" &&
  e !== null &&
  typeof (e as HistoryEntry).at === "number" &&
  typeof (e as HistoryEntry).title === "string" &&
  typeof (e as HistoryEntry).work?.source === "string";

/** The entries, newest first; an unreadable history reads as empty rather than breaking the page. */
export function readHistory(store: Store | undefined = pageStore()): HistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(HISTORY_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

const sameProgram = (a: Work, b: Work) =>
  a.source === b.source && JSON.stringify(a.files ?? null) === JSON.stringify(b.files ?? null);

/**
 * Puts `work` at the top of the history. The same program already in it moves
 * up instead of appearing twice. When storage is full the oldest entries give
 * way until the new one fits. Returns the history as stored.
 */
export function keepInHistory(work: Work, now: number, store: Store | undefined = pageStore()): HistoryEntry[] {
  const { source, stdin, opt, files } = work;
  const kept: Work = { source, stdin, opt, ...(files && { files }) };
  // Distinct times: the time is the entry's identity in the menu.
  const previous = readHistory(store);
  const at = Math.max(now, (previous[0]?.at ?? 0) + 1);
  let entries = [{ at, title: titleOf(kept), work: kept }, ...previous.filter((e) => !sameProgram(e.work, kept))].slice(
    0,
    HISTORY_LIMIT,
  );
  while (entries.length > 0) {
    try {
      store?.setItem(HISTORY_KEY, JSON.stringify(entries));
      return entries;
    } catch {
      if (entries.length === 1) return previous;
      entries = entries.slice(0, -1);
    }
  }
  return entries;
}
