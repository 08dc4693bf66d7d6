// The user's work survives reloads: the current source, prepared stdin,
// settings and a scratch slot (what was in the editor before an example or a
// shared program replaced it), kept in IndexedDB through idb-keyval.
import { get, set } from "idb-keyval";
import type { OptLevel } from "../compiler/compile";
import type { FileBreakpoints } from "../debugger/breakpoints";
import type { Files } from "../files/files";
import { earlyRead, WORKSPACE_KEY } from "./earlyRead";

/** The user's work: what is open and how it runs. */
export interface Work {
  source: string;
  stdin: string;
  opt: OptLevel;
  /** The named files; `source` is the one in the editor. Absent in work saved before files had names. */
  files?: Files;
  /** Breakpoints by file name (client/debugger/breakpoints.ts); absent when there are none. */
  breakpoints?: FileBreakpoints;
}

export interface Workspace extends Work {
  /**
   * The work an example or a shared link replaced, so it can be restored: the
   * whole workspace, or (saved before workspaces were shared) its source alone.
   */
  scratch?: string | Work;
  /** When this copy was written (ms since the epoch): the newer of it and the journal's copy is restored. */
  savedAt?: number;
}

const KEY = WORKSPACE_KEY;

export async function loadWorkspace(): Promise<Workspace | undefined> {
  try {
    return (await get<Workspace>(KEY)) ?? undefined;
  } catch {
    // Private windows may refuse IndexedDB: the playground still works, unsaved.
    return undefined;
  }
}

let saved: Promise<Workspace | undefined> | undefined;

/**
 * The work saved by the last visit, read once per page: index.html's inline
 * script started the read (earlyRead.ts); without it (the dev server), it
 * starts on the first call, which startup/earlyStart.ts makes before React renders.
 */
export function savedWorkspace(): Promise<Workspace | undefined> {
  saved ??= earlyRead<Workspace>()?.promise.catch(() => undefined) ?? loadWorkspace();
  return saved;
}

/** The saved work if IndexedDB has already answered: the first render can show it. */
export function savedWorkspaceNow(): { value: Workspace | undefined } | undefined {
  const read = earlyRead<Workspace>();
  return read?.done ? { value: read.value } : undefined;
}

export async function saveWorkspace(workspace: Workspace): Promise<void> {
  try {
    await set(KEY, workspace);
  } catch {
    // Same as above: saving is best effort where storage is refused.
  }
}
