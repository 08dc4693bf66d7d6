// Between the workspace the page keeps (persistence/workspace.ts: the file in
// the editor as `source`, the others stored by name) and the workspace a share
// link carries (every file in tab order, the entry file named).
import type { OptLevel } from "../compiler/compile";
import { anyBreakpoints, checkedBreakpoints } from "../debugger/breakpoints";
import { FIRST_FILE, type Files } from "../files/files";
import type { Work } from "../persistence/workspace";
import type { SharedWorkspace } from "./shareLink";

/** What to put in a link: every file, the entry (main.pith, or the first file), stdin and the level. */
export function toShared(work: Work): SharedWorkspace {
  const files = work.files;
  // Breakpoints travel only when there are some, so a link without them keeps its older form.
  const breakpoints = anyBreakpoints(work.breakpoints) ? work.breakpoints : undefined;
  if (!files || files.names.length < 2) {
    // The default level is left out, so a plain one-file link keeps the form older pages read.
    const shared: SharedWorkspace = {
      source: work.source,
      stdin: work.stdin || undefined,
      opt: work.opt === "-O2" ? undefined : work.opt,
    };
    if (breakpoints) shared.breakpoints = breakpoints;
    return shared;
  }
  const text = (name: string) => (name === files.active ? work.source : (files.stored[name] ?? ""));
  const entry = files.names.includes(FIRST_FILE) ? FIRST_FILE : files.names[0];
  return {
    source: text(entry),
    stdin: work.stdin || undefined,
    files: files.names.map((name) => ({ name, source: text(name) })),
    entry,
    opt: work.opt,
    ...(breakpoints ? { breakpoints } : {}),
  };
}

/** The work a link opens: its entry file in the editor, the others in tabs beside it. */
export function fromShared(shared: SharedWorkspace, fallbackOpt: OptLevel): Work {
  const opt = (shared.opt as OptLevel | undefined) ?? fallbackOpt;
  const breakpoints = checkedBreakpoints(shared.breakpoints);
  if (!shared.files) return { source: shared.source, stdin: shared.stdin ?? "", opt, files: undefined, breakpoints };
  const entry = shared.entry ?? shared.files[0].name;
  const files: Files = {
    names: shared.files.map((f) => f.name),
    active: entry,
    stored: Object.fromEntries(shared.files.filter((f) => f.name !== entry).map((f) => [f.name, f.source])),
  };
  const source = shared.files.find((f) => f.name === entry)?.source ?? shared.source;
  return { source, stdin: shared.stdin ?? "", opt, files, breakpoints };
}

/** Whether two works hold the same programs, breakpoints aside (then opening one over the other keeps nothing aside). */
export function sameWork(a: Work, b: Work): boolean {
  const program = (w: Work) => JSON.stringify(toShared({ ...w, opt: "-O2", breakpoints: undefined }));
  return program(a) === program(b);
}
