// The saved work is read by an inline script in index.html's head (added by
// vite.config.ts), before the app's scripts have even arrived: IndexedDB then
// answers while they download and evaluate, and the page's first render
// already shows the user's program. Read in the app, the answer came only
// after the first render had freed the page's thread, and cost a second render.
//
// The script reads what idb-keyval writes (its default database and store,
// created as idb-keyval creates them when absent) and leaves its answer in
// globalThis.pithSavedWork.

/** idb-keyval's default database and store, which workspace.ts saves into. */
export const KEYVAL_DB = "keyval-store";
export const KEYVAL_STORE = "keyval";
export const WORKSPACE_KEY = "pith-playground:workspace";

/** The inline script's answer: `done` once IndexedDB replied (value absent when nothing was saved or it failed). */
export interface EarlyRead<T> {
  done: boolean;
  value?: T;
  promise: Promise<T | undefined>;
}

declare global {
  var pithSavedWork: EarlyRead<unknown> | undefined;
}

/**
 * The inline script's source: it must run without the app's modules, so it is
 * plain, self-contained JavaScript. Every failure (no IndexedDB, a refused
 * open, a missing store) ends the read with nothing saved: the page then
 * starts with the welcome program, never waits forever.
 */
export const EARLY_READ_SCRIPT = `try{const w=pithSavedWork={done:!1};w.promise=new Promise((ok)=>{const end=(v)=>{w.done=!0;w.value=v;ok(v)};try{const r=indexedDB.open(${JSON.stringify(KEYVAL_DB)});r.onupgradeneeded=()=>r.result.createObjectStore(${JSON.stringify(KEYVAL_STORE)});r.onerror=()=>end();r.onsuccess=()=>{try{const g=r.result.transaction(${JSON.stringify(KEYVAL_STORE)}).objectStore(${JSON.stringify(KEYVAL_STORE)}).get(${JSON.stringify(WORKSPACE_KEY)});g.onsuccess=()=>end(g.result);g.onerror=()=>end()}catch{end()}r.result.close()}}catch{end()}})}catch{pithSavedWork=void 0}`;

/** The inline script's read, if the page has one (a production build). */
export function earlyRead<T>(): EarlyRead<T> | undefined {
  return globalThis.pithSavedWork as EarlyRead<T> | undefined;
}
