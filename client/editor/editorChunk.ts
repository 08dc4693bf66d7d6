// The editor chunk (Monaco, about 3.4 MB) is the page's longest load. startup/earlyStart.ts
// imports this module first, so its request goes out before React and the
// app evaluate, and the browser parses it off the main thread meanwhile.
export const editorChunk = import("./CodeEditor");
