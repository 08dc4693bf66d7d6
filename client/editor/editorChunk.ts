// The editor chunk (Monaco, about 3.4 MB). index.html preloads it (see
// vite.config.ts), so it downloads and compiles from the start; evaluating
// it is one long task on the page's thread, so the page runs it only once the
// early editor is up and the compiler is ready (App.tsx): until then the
// thread belongs to the user's first keystrokes and to start-up.
import type * as Chunk from "./CodeEditor";

let chunk: Promise<typeof Chunk> | undefined;

export function loadEditorChunk(): Promise<typeof Chunk> {
  chunk ??= import("./CodeEditor");
  return chunk;
}
