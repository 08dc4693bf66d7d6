// The page's start-up order. Until the editor is editable and the compiler
// has answered, the page does only that: on two busy cores every other task
// (registering the service worker, which downloads and compiles the whole
// app again; the server health check; the spare program worker; the
// formatter probe) slows the editor down. Such tasks wait here and run once
// start-up is over and the browser is idle.

/** Start-up never holds tasks longer than this, even if the editor or the compiler fails to start. */
const LONGEST_STARTUP_MS = 8_000;
/** An idle moment is awaited at most this long after start-up. */
const IDLE_TIMEOUT_MS = 1_000;

let finish: () => void = () => {};
const finished = new Promise<void>((resolve) => {
  finish = resolve;
  setTimeout(resolve, LONGEST_STARTUP_MS);
});

// Safari has no requestIdleCallback: there the task runs on the next turn of the event loop.
const whenIdle = (task: () => void) =>
  typeof requestIdleCallback === "function"
    ? requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS })
    : setTimeout(task, 0);

/** Called once the editor accepts keystrokes and the compiler is ready. */
export function startupFinished(): void {
  finish();
}

/** Runs `task` after start-up, in an idle moment. */
export function afterStartup(task: () => void): void {
  void finished.then(() => whenIdle(task));
}
