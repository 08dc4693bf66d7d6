// The workspace as React state: restored on load (a share link in the URL
// wins over the saved work, which then waits in the scratch slot), saved to
// IndexedDB shortly after every change.
import { useCallback, useEffect, useState } from "react";
import type { OptLevel } from "../compiler/compile";
import { EXAMPLES, HELLO_WORLD } from "../examples/examples";
import { type Files, initialFiles } from "../files/files";
import { fetchShortLink, readShareFragment, readShortId } from "../share/shareLink";
import { loadWorkspace, saveWorkspace, type Workspace } from "./workspace";

const SAVE_DELAY_MS = 300;

/** The welcome program or an example as shipped: nothing of the user's to keep. */
export const isUntouched = (source: string) => source === HELLO_WORLD || EXAMPLES.some((e) => e.source === source);

export function useWorkspace() {
  const [workspace, setWorkspace] = useState<Workspace | undefined>();
  // Bumped whenever the program is replaced from outside the editor (restore, an
  // example, another file): the editor applies the source only then, never a
  // render's copy of text the user has typed past.
  const [revision, setRevision] = useState(0);
  const replaced = useCallback(() => setRevision((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    void loadWorkspace().then(async (saved) => {
      if (!live) return;
      const shortId = readShortId(window.location.hash);
      const shared = readShareFragment(window.location.hash) ?? (shortId ? await fetchShortLink(shortId) : undefined);
      const base: Workspace = saved ?? { source: HELLO_WORLD, stdin: "", opt: "-O2" };
      replaced();
      if (!shared) return setWorkspace(base);
      const keep = base.source !== shared.source && !isUntouched(base.source) ? base.source : base.scratch;
      setWorkspace({ ...base, source: shared.source, stdin: shared.stdin ?? "", scratch: keep });
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
