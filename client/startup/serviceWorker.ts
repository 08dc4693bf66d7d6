// Registers the service worker that makes the playground work offline
// (vite-plugin-pwa generates /sw.js). Registration waits for the end of
// start-up: installing the worker downloads and compiles every precached file,
// which on a first visit would compete with loading the editor itself.
import { afterStartup } from "./afterStartup";

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  afterStartup(() => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
      console.warn("The service worker did not register, so the playground will not work offline:", error);
    });
  });
}
