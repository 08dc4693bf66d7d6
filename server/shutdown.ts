// The one graceful shutdown of both servers (server/main.ts and `anomaly
// serve`): on SIGINT or SIGTERM stop accepting connections, let in-flight
// requests finish (new ones get 503), close what the server holds (thread pools, stores), then
// exit 0, or 1 if closing failed. A second signal exits 1 at once, for an
// operator who will not wait.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { integerVariable } from "./config/environment";

/**
 * Stops accepting connections and settles once every open request has
 * finished. A request that arrives meanwhile on a kept-alive connection is
 * not started: it gets 503 with `Connection: close`, so the client retries
 * elsewhere instead of having its request cut half-way. Idle keep-alive
 * sockets would hold the server open forever, so they are closed as they go
 * idle; busy ones are cut only after `drainMs` (SHUTDOWN_DRAIN_SECONDS,
 * generous by default: an ingest in flight is stored and must be answered).
 */
export function drainHttpServer(server: Server, drainMs: number): Promise<void> {
  return new Promise((resolve) => {
    server.removeAllListeners("request");
    server.on("request", refuseWhileDraining);
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

/** Drain-time drainMs from the environment (server/config/environment.ts). */
export function drainMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return integerVariable(env, "SHUTDOWN_DRAIN_SECONDS") * 1000;
}

function refuseWhileDraining(_req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify({ status: "error", message: "The server is shutting down; retry the request" });
  res.writeHead(503, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    connection: "close",
    "retry-after": "1",
  });
  res.end(body);
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
