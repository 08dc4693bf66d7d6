// The workspace as React state: restored on load (a share link in the URL
// wins over the saved work, which then waits in the scratch slot, and so does
// a link pasted into the open tab), saved to IndexedDB shortly after every change.
import { useCallback, useEffect, useRef, useState } from "react";
import type { OptLevel } from "../compiler/compile";
import { EXAMPLES, HELLO_WORLD } from "../examples/examples";
import { type Files, initialFiles } from "../files/files";
import { fromShared, sameWork } from "../share/sharedWork";
import { fetchShortLink, holdsShare, readShareFragment, readShortId, type SharedWorkspace } from "../share/shareLink";
import { savedWorkspace, savedWorkspaceNow, saveWorkspace, type Work, type Workspace } from "./workspace";

const SAVE_DELAY_MS = 300;

/** The welcome program or an example as shipped: nothing of the user's to keep. */
export const isUntouched = (source: string) => source === HELLO_WORLD || EXAMPLES.some((e) => e.source === source);

/** What the user has open counts as theirs to keep (not the welcome program or an untouched example). */
const worthKeeping = (w: Work) => !isUntouched(w.source) || (w.files?.names.length ?? 1) > 1;

/** The work to open: the saved work, unless a share link brings a workspace, which then moves the saved one to the scratch slot. */
function restore(saved: Workspace | undefined, shared: SharedWorkspace | undefined): Workspace {
  const base: Workspace = saved ?? { source: HELLO_WORLD, stdin: "", opt: "-O2" };
  if (!shared) return base;
  return openOver(base, fromShared(shared, base.opt));
}

/** `next` opened over `current`: the current work goes to the scratch slot unless there is nothing of the user's in it. */
function openOver(current: Workspace, next: Work): Workspace {
  const { scratch: _previous, ...work } = current;
  // The same programs (the sharer reloading their own link): keep the file they were looking at.
  if (sameWork(work, next)) return { ...current, opt: next.opt, stdin: next.stdin };
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

/** The workspace for the first render, when nothing is left to wait for (IndexedDB answered, no short link to fetch). */
function restoredAtOnce(): { workspace: Workspace; opened: Opened } | undefined {
  const saved = savedWorkspaceNow();
  if (!saved || readShortId(window.location.hash)) return undefined;
  const shared = readShareFragment(window.location.hash);
  const workspace = restore(saved.value, shared);
  return { workspace, opened: shared ? openedNotice(saved.value, workspace) : undefined };
}

export function useWorkspace() {
  const [first] = useState(restoredAtOnce);
  const [workspace, setWorkspace] = useState<Workspace | undefined>(first?.workspace);
  /** Set when a share link changed what is open: whether the user's own work went to the scratch slot. */
  const [opened, setOpened] = useState<Opened>(first?.opened);
  // Bumped whenever the program is replaced from outside the editor (restore, an
  // example, another file): the editor applies the source only then, never a
  // render's copy of text the user has typed past. Restored at once, the first render counts as one.
  const [revision, setRevision] = useState(() => (workspace ? 1 : 0));
  const replaced = useCallback(() => setRevision((n) => n + 1), []);
  const restoredFirst = useRef(workspace !== undefined);

  useEffect(() => {
    if (restoredFirst.current) return forgetLink();
    let live = true;
    void savedWorkspace().then(async (saved) => {
      if (!live) return;
      const shared = await sharedInUrl();
      replaced();
      const restored = restore(saved, shared);
      setWorkspace(restored);
      if (shared) setOpened(openedNotice(saved, restored));
      forgetLink();
    });
    return () => {
      live = false;
    };
  }, [replaced]);

  // A link pasted into the address bar of the open tab changes only the fragment: open it the same way.
  useEffect(() => {
    const onHash = () =>
      void sharedInUrl().then((shared) => {
        if (!shared) return;
        setWorkspace((w) => {
          if (!w) return w;
          const next = openOver(w, fromShared(shared, w.opt));
          setOpened(openedNotice(w, next));
          return next;
        });
        replaced();
        forgetLink();
      });
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [replaced]);

  useEffect(() => {
    if (!workspace) return;
    const timer = setTimeout(() => void saveWorkspace(workspace), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [workspace]);

  const update = useCallback((change: Partial<Workspace>) => setWorkspace((w) => (w ? { ...w, ...change } : w)), []);

  /**
   * Replaces the program. The current one moves to the scratch slot unless
   * it is an untouched example or the welcome program, so browsing several
   * examples in a row never pushes the user's own work out of the slot.
   */
  const replaceSource = useCallback(
    (source: string, stdin: string) => {
      setWorkspace((w) => {
        if (!w) return w;
        const { scratch, ...work } = w;
        return { ...work, source, stdin, scratch: isUntouched(w.source) ? scratch : work };
      });
      replaced();
    },
    [replaced],
  );

  /** Brings back the work in the scratch slot; what is open now takes its place there. */
  const restoreScratch = useCallback(() => {
    setWorkspace((w) => {
      if (!w || w.scratch === undefined) return w;
      const back: Work = typeof w.scratch === "string" ? { ...w, source: w.scratch } : w.scratch;
      const { scratch: _, ...current } = w;
      return { ...back, scratch: worthKeeping(current) ? current : undefined };
    });
    setOpened(undefined);
    replaced();
  }, [replaced]);

  const setOpt = useCallback((opt: OptLevel) => update({ opt }), [update]);

  /** Applies a files operation (files.ts) to the open files and the editor's text. */
  const changeFiles = useCallback(
    (change: (files: Files, source: string) => { files: Files; source: string }) => {
      setWorkspace((w) => (w ? { ...w, ...change(w.files ?? initialFiles(), w.source) } : w));
      replaced();
    },
    [replaced],
  );

  const dismissOpened = useCallback(() => setOpened(undefined), []);

  return { workspace, revision, update, replaceSource, restoreScratch, setOpt, changeFiles, opened, dismissOpened };
}
