// The editor chunk (Monaco, about 3.4 MB). Compiling and evaluating it holds
// the page's thread for most of a second, so the page asks for it only once
// the early editor is up and the compiler is ready, in a pause of the typing
// (useMonacoWhenQuiet.ts): until then the thread belongs to start-up and to
// the user's first keystrokes. index.html does not preload it either (see
// vite.config.ts).
import type * as Chunk from "./CodeEditor";

let chunk: Promise<typeof Chunk> | undefined;

export function loadEditorChunk(): Promise<typeof Chunk> {
  chunk ??= import("./CodeEditor");
  return chunk;
}
