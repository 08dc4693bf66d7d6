// The workspace as React state: restored on load (a share link in the URL
// wins over the saved work, which then waits in the scratch slot), saved to
// IndexedDB shortly after every change.
import { useCallback, useEffect, useRef, useState } from "react";
import type { OptLevel } from "../compiler/compile";
import { EXAMPLES, HELLO_WORLD } from "../examples/examples";
import { type Files, initialFiles } from "../files/files";
import { fetchShortLink, readShareFragment, readShortId } from "../share/shareLink";
import { savedWorkspace, savedWorkspaceNow, saveWorkspace, type Workspace } from "./workspace";

const SAVE_DELAY_MS = 300;

/** The welcome program or an example as shipped: nothing of the user's to keep. */
export const isUntouched = (source: string) => source === HELLO_WORLD || EXAMPLES.some((e) => e.source === source);

/** The work to open: the saved work, unless a share link brings a program, which then moves the saved one to the scratch slot. */
function restore(saved: Workspace | undefined, shared: { source: string; stdin?: string } | undefined): Workspace {
  const base: Workspace = saved ?? { source: HELLO_WORLD, stdin: "", opt: "-O2" };
  if (!shared) return base;
  const keep = base.source !== shared.source && !isUntouched(base.source) ? base.source : base.scratch;
  return { ...base, source: shared.source, stdin: shared.stdin ?? "", scratch: keep };
}

/** The workspace for the first render, when nothing is left to wait for (IndexedDB answered, no short link to fetch). */
function restoredAtOnce(): Workspace | undefined {
  const saved = savedWorkspaceNow();
  if (!saved || readShortId(window.location.hash)) return undefined;
  return restore(saved.value, readShareFragment(window.location.hash));
}

export function useWorkspace() {
  const [workspace, setWorkspace] = useState<Workspace | undefined>(restoredAtOnce);
  // Bumped whenever the program is replaced from outside the editor (restore, an
  // example, another file): the editor applies the source only then, never a
  // render's copy of text the user has typed past. Restored at once, the first render counts as one.
  const [revision, setRevision] = useState(() => (workspace ? 1 : 0));
  const replaced = useCallback(() => setRevision((n) => n + 1), []);
  const restoredFirst = useRef(workspace !== undefined);

  useEffect(() => {
    if (restoredFirst.current) return;
    let live = true;
    void savedWorkspace().then(async (saved) => {
      if (!live) return;
      const shortId = readShortId(window.location.hash);
      const shared = readShareFragment(window.location.hash) ?? (shortId ? await fetchShortLink(shortId) : undefined);
      replaced();
      setWorkspace(restore(saved, shared));
    });
    return () => {
      live = false;
    };
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
      setWorkspace((w) => (w ? { ...w, source, stdin, scratch: isUntouched(w.source) ? w.scratch : w.source } : w));
      replaced();
    },
    [replaced],
  );

  const setOpt = useCallback((opt: OptLevel) => update({ opt }), [update]);

  /** Applies a files operation (files.ts) to the open files and the editor's text. */
  const changeFiles = useCallback(
    (change: (files: Files, source: string) => { files: Files; source: string }) => {
      setWorkspace((w) => (w ? { ...w, ...change(w.files ?? initialFiles(), w.source) } : w));
      replaced();
    },
    [replaced],
  );

  return { workspace, revision, update, replaceSource, setOpt, changeFiles };
}
