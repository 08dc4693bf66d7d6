// The workspace as React state: restored on load (a share link in the URL
// wins over the saved work, which then waits in the scratch slot and in the
// history, and so does a link pasted into the open tab). Every change is
// written to the journal at once (journal.ts) and to IndexedDB shortly after;
// leaving the page (pagehide, a hidden tab) writes both immediately.
import { useCallback, useEffect, useRef, useState } from "react";
import type { OptLevel } from "../compiler/compile";
import type { FileBreakpoints } from "../debugger/breakpoints";
import { EXAMPLES, HELLO_WORLD } from "../examples/examples";
import { type Files, initialFiles } from "../files/files";
import { fromShared, sameWork } from "../share/sharedWork";
import { fetchShortLink, holdsShare, readShareFragment, readShortId, type SharedWorkspace } from "../share/shareLink";
import { HISTORY_KEY, type HistoryEntry, keepInHistory, readHistory } from "./history";
import { newest, readJournal, writeJournal } from "./journal";
import { savedWorkspace, savedWorkspaceNow, saveWorkspace, type Work, type Workspace } from "./workspace";

const SAVE_DELAY_MS = 300;

/** The welcome program or an example as shipped: nothing of the user's to keep. */
export const isUntouched = (source: string) => source === HELLO_WORLD || EXAMPLES.some((e) => e.source === source);

/** What the user has open counts as theirs to keep (not the welcome program or an untouched example). */
const worthKeeping = (w: Work) => !isUntouched(w.source) || (w.files?.names.length ?? 1) > 1;

/** How many programs this page has put in the history: a change that put one there re-reads the menu's list. */
let putAsideCount = 0;

/** Puts the user's work in the history before something replaces it (nothing is kept of an untouched example). */
function putAside(work: Work): void {
  if (!worthKeeping(work)) return;
  keepInHistory(work, Date.now());
  putAsideCount++;
}

/** The work to open: the saved work, unless a share link brings a workspace, which then moves the saved one aside. */
function restore(saved: Workspace | undefined, shared: SharedWorkspace | undefined): Workspace {
  const base: Workspace = saved ?? { source: HELLO_WORLD, stdin: "", opt: "-O2" };
  if (!shared) return base;
  return openOver(base, fromShared(shared, base.opt));
}

/** `next` opened over `current`: the current work goes to the history and the scratch slot unless there is nothing of the user's in it. */
function openOver(current: Workspace, next: Work): Workspace {
  const { scratch: _previous, savedAt: _at, ...work } = current;
  // The same programs (the sharer reloading their own link): keep the file they were looking at.
  if (sameWork(work, next))
    return { ...current, opt: next.opt, stdin: next.stdin, breakpoints: next.breakpoints ?? current.breakpoints };
  putAside(work);
  return { ...next, scratch: worthKeeping(work) ? work : current.scratch };
}

/** What the page says after a link opened: nothing when it brought what was open already. */
export type Opened = { keptAside: boolean } | undefined;

function openedNotice(before: Workspace | undefined, after: Workspace): Opened {
  const base = before ?? { source: HELLO_WORLD, stdin: "", opt: "-O2" };
  if (sameWork(base, after) && base.opt === after.opt && base.stdin === after.stdin) return undefined;
  return { keptAside: before !== undefined && after.scratch !== undefined && after.scratch !== before.scratch };
}

/**
 * Once opened, the link leaves the address bar: a reload then keeps what the
 * user typed since, instead of opening the link over it again.
 */
function forgetLink(): void {
  if (holdsShare(window.location.hash))
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
}

/** The workspace the URL's fragment shares (fetched from the server for a short link), if any. */
async function sharedInUrl(): Promise<SharedWorkspace | undefined> {
  const shortId = readShortId(window.location.hash);
  return readShareFragment(window.location.hash) ?? (shortId ? await fetchShortLink(shortId) : undefined);
}

/**
 * The workspace for the first render, when nothing is left to wait for: the
 * journal (written at every change, so the newest copy unless IndexedDB has
 * answered with a newer one) or IndexedDB's answer, and no short link to fetch.
 */
function restoredAtOnce(): { workspace: Workspace; opened: Opened } | undefined {
  if (readShortId(window.location.hash)) return undefined;
  const journal = readJournal();
  const saved = savedWorkspaceNow();
  if (!saved && !journal) return undefined;
  const latest = newest(journal, saved?.value);
  const shared = readShareFragment(window.location.hash);
  const workspace = restore(latest, shared);
  return { workspace, opened: shared ? openedNotice(latest, workspace) : undefined };
}

export function useWorkspace() {
  const [first] = useState(restoredAtOnce);
  const [workspace, setWorkspace] = useState<Workspace | undefined>(first?.workspace);
  const [history, setHistory] = useState<HistoryEntry[]>(readHistory);
  // The workspace as of the last change, ahead of React's render: what leaving the page writes.
  const latest = useRef(workspace);
  /** Set when a share link changed what is open: whether the user's own work went to the scratch slot. */
  const [opened, setOpened] = useState<Opened>(first?.opened);
  // Bumped whenever the program is replaced from outside the editor (restore, an
  // example, another file): the editor applies the source only then, never a
  // render's copy of text the user has typed past. Restored at once, the first render counts as one.
  const [revision, setRevision] = useState(() => (workspace ? 1 : 0));
  const replaced = useCallback(() => setRevision((n) => n + 1), []);
  const restoredFirst = useRef(workspace !== undefined);

  /** Every change goes through here: journalled before React even renders it. */
  const change = useCallback((next: (w: Workspace) => Workspace | undefined) => {
    const before = latest.current;
    if (!before) return;
    const aside = putAsideCount;
    const after = next(before);
    if (!after || after === before) return;
    latest.current = after;
    writeJournal({ at: Date.now(), workspace: after });
    setWorkspace(after);
    // Not at every keystroke: the history is read again only when this change added to it.
    if (putAsideCount !== aside) setHistory(readHistory());
  }, []);

  const start = useCallback((w: Workspace) => {
    latest.current = w;
    writeJournal({ at: Date.now(), workspace: w });
    setWorkspace(w);
    setHistory(readHistory());
  }, []);

  useEffect(() => {
    if (restoredFirst.current) {
      // A link opened over the saved work: the journal holds what is open now, not the work put aside.
      if (latest.current && holdsShare(window.location.hash))
        writeJournal({ at: Date.now(), workspace: latest.current });
      return forgetLink();
    }
    let live = true;
    void savedWorkspace().then(async (saved) => {
      if (!live) return;
      const shared = await sharedInUrl();
      const base = newest(readJournal(), saved);
      replaced();
      const restored = restore(base, shared);
      start(restored);
      if (shared) setOpened(openedNotice(base, restored));
      forgetLink();
    });
    return () => {
      live = false;
    };
  }, [replaced, start]);

  // A link pasted into the address bar of the open tab changes only the fragment: open it the same way.
  useEffect(() => {
    const onHash = () =>
      void sharedInUrl().then((shared) => {
        if (!shared) return;
        const before = latest.current;
        change((w) => openOver(w, fromShared(shared, w.opt)));
        if (before && latest.current) setOpened(openedNotice(before, latest.current));
        replaced();
        forgetLink();
      });
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [replaced, change]);

  useEffect(() => {
    if (!workspace) return;
    const timer = setTimeout(() => void saveWorkspace({ ...workspace, savedAt: Date.now() }), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [workspace]);

  // Another tab of the playground put a program aside: its History menu lists it here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === HISTORY_KEY) setHistory(readHistory());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  // Leaving the page (reload, tab closed, switched away on a phone): write both copies now, not after the timer.
  useEffect(() => {
    const flush = () => {
      const w = latest.current;
      if (!w) return;
      const at = Date.now();
      writeJournal({ at, workspace: w });
      void saveWorkspace({ ...w, savedAt: at });
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);

  const update = useCallback((c: Partial<Workspace>) => change((w) => ({ ...w, ...c })), [change]);

  /**
   * Replaces the program. The current one goes to the history and the scratch
   * slot unless it is an untouched example or the welcome program, so browsing
   * several examples in a row never pushes the user's own work out of the slot.
   */
  const replaceSource = useCallback(
    (source: string, stdin: string) => {
      change((w) => {
        const { scratch, savedAt: _, ...work } = w;
        putAside(work);
        return { ...work, source, stdin, scratch: isUntouched(w.source) ? scratch : work };
      });
      replaced();
    },
    [replaced, change],
  );

  /** Brings back the work in the scratch slot; what is open now takes its place there (and goes to the history). */
  const restoreScratch = useCallback(() => {
    change((w) => {
      if (w.scratch === undefined) return w;
      const back: Work = typeof w.scratch === "string" ? { ...w, source: w.scratch } : w.scratch;
      const { scratch: _, savedAt: _at, ...current } = w;
      putAside(current);
      return { ...back, scratch: worthKeeping(current) ? current : undefined };
    });
    setOpened(undefined);
    replaced();
  }, [replaced, change]);

  /** Opens a program from the history; what is open now goes to the history first. */
  const openFromHistory = useCallback(
    (entry: HistoryEntry) => {
      change((w) => {
        const { scratch, savedAt: _, ...current } = w;
        putAside(current);
        return { ...entry.work, scratch: worthKeeping(current) ? current : scratch };
      });
      replaced();
    },
    [replaced, change],
  );

  const setOpt = useCallback((opt: OptLevel) => update({ opt }), [update]);

  /** Applies a files operation (files.ts) to the open files and the editor's text. */
  const changeFiles = useCallback(
    (op: (files: Files, source: string) => { files: Files; source: string }) => {
      change((w) => ({ ...w, ...op(w.files ?? initialFiles(), w.source) }));
      replaced();
    },
    [replaced, change],
  );

  const dismissOpened = useCallback(() => setOpened(undefined), []);

  /** Applies a change to the breakpoints, which are saved with the work like its text. */
  const changeBreakpoints = useCallback(
    (op: (all: FileBreakpoints) => FileBreakpoints) =>
      change((w) => {
        const next = op(w.breakpoints ?? {});
        return { ...w, breakpoints: Object.keys(next).length > 0 ? next : undefined };
      }),
    [change],
  );

  return {
    workspace,
    revision,
    update,
    replaceSource,
    restoreScratch,
    openFromHistory,
    history,
    setOpt,
    changeFiles,
    changeBreakpoints,
    opened,
    dismissOpened,
  };
}
