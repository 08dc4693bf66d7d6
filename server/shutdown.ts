// The one graceful shutdown of both servers (server/main.ts and `anomaly
// serve`): on SIGINT or SIGTERM stop accepting connections, let in-flight
// requests finish, close what the server holds (thread pools, stores), then
// exit 0, or 1 if closing failed. A second signal exits 1 at once, for an
// operator who will not wait.
import type { Server } from "node:http";

/**
 * Stops accepting connections and settles once every open request has
 * finished. Idle keep-alive sockets would hold the server open forever, so
 * they are closed as they go idle; busy ones are cut after `drainMs`.
 */
export function drainHttpServer(server: Server, drainMs: number): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 25);
    const cut = setTimeout(() => server.closeAllConnections(), drainMs);
    server.once("close", () => {
      clearInterval(sweep);
      clearTimeout(cut);
    });
  });
}

export interface ExitOnSignalsOptions {
  log: (line: string) => void;
  /** Where failures go (default: log). */
  warn?: (line: string) => void;
  /** How long closing may take before the process exits 1 anyway (default: as long as it takes). */
  giveUpAfterMs?: number;
}

/** Installs the SIGINT and SIGTERM handlers that run `close` and then exit the process. */
export function exitOnSignals(
  close: () => Promise<void>,
  { log, warn = log, giveUpAfterMs }: ExitOnSignalsOptions,
): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    closing = true;
    log(`${signal} received: finishing in-flight requests`);
    if (giveUpAfterMs !== undefined) {
      setTimeout(() => {
        warn(`shutdown timed out after ${giveUpAfterMs / 1000} s; exiting`);
        process.exit(1);
      }, giveUpAfterMs).unref();
    }
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        warn(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
