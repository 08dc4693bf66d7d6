// How the main server and `anomaly serve` listen: a listener failure turned
// into a sentence a user can act on, and the timeouts that keep slow
// clients from holding sockets.
import type { ServerOptions } from "node:http";
import { integerVariable } from "./config/environment";

export function listenMessage(err: NodeJS.ErrnoException, host: string, port: number): string {
  if (err.code === "EADDRINUSE") return `cannot listen on ${host}:${port}: the port is already in use`;
  if (err.code === "EACCES")
    return `cannot listen on ${host}:${port}: permission denied (ports below 1024 need privileges)`;
  if (err.code === "EADDRNOTAVAIL" || err.code === "ENOTFOUND")
    return `cannot listen on ${host}:${port}: no such local address`;
  return `cannot listen on ${host}:${port}: ${err.message}`;
}

/** How long a client may take to send its request; see httpServerOptions. */
export interface RequestTimeouts {
  headersMs: number;
  requestMs: number;
}

/** The request timeouts from HTTP_HEADERS_TIMEOUT_MS and HTTP_REQUEST_TIMEOUT_MS (server/config/environment.ts). */
export function requestTimeoutsFromEnv(env: NodeJS.ProcessEnv = process.env): RequestTimeouts {
  return {
    headersMs: integerVariable(env, "HTTP_HEADERS_TIMEOUT_MS"),
    requestMs: integerVariable(env, "HTTP_REQUEST_TIMEOUT_MS"),
  };
}

/**
 * Options for node:http's createServer that close the sockets of clients
 * sending their headers or body too slowly (a 408), so a few thousand idle
 * connections cannot hold the server's sockets. Node checks for expired
 * requests every connectionsCheckingInterval (30 s by default, longer than
 * the timeouts themselves), so that check runs at a tenth of the headers
 * timeout. The timeout ends once the request is read: a long build answers
 * after it without being cut.
 */
export function httpServerOptions(timeouts: RequestTimeouts): ServerOptions {
  const headersMs = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    headersTimeout: headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: Math.max(100, Math.round(headersMs / 10)),
  };
}
