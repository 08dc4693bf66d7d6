// The compiler worker announces its version as soon as compiler.wasm answers,
// in a plain message that index.html's inline script (which started the
// worker, see vite.config.ts) catches into globalThis.pithCompilerVersion.
// The page's thread takes that message in a gap while its scripts download
// or between their evaluation and React's first render, so the first render
// can already show the compiler ready; asked through comlink after the
// scripts evaluated, the answer came only after that render, and cost
// another render before the page was editable.

/** The field of the worker's announcement that holds the version. */
export const VERSION_MESSAGE_FIELD = "pithCompilerVersion";

declare global {
  var pithCompilerVersion: string | undefined;
}

/** The inline script's listener, added to the worker it has just started (`pithCompilerWorker`). */
export const CATCH_VERSION_SCRIPT = `pithCompilerWorker.addEventListener("message",(e)=>{const v=e.data&&e.data[${JSON.stringify(VERSION_MESSAGE_FIELD)}];if(typeof v==="string")pithCompilerVersion=v})`;

/** The version the worker announced before the app asked, if it has. */
export function announcedVersion(): string | undefined {
  const version = globalThis.pithCompilerVersion;
  return typeof version === "string" ? version : undefined;
}
