// The start-up warning for an anomaly API open to the network: with no
// token configured every route is unauthenticated (create, train, delete,
// export models, point alert webhooks anywhere), which is fine on loopback
// and a quiet surprise on 0.0.0.0, the server's default HOST. Both the
// server (npm start) and `anomaly serve` print it before serving.
import { isIP } from "node:net";
import type { SecurityOptions } from "./security";

/** Whether an address to listen on reaches only this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (bare === "localhost") return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  return bare === "::1" || /^::ffff:127\./.test(bare);
}

/** The warning to print, or null when the API is on loopback or needs tokens. */
export function exposureWarning(host: string, port: number, security: SecurityOptions): string | null {
  if (isLoopbackHost(host)) return null;
  if ((security.tokens?.length ?? 0) > 0) return null;
  const where = host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
  const reads = (security.readTokens?.length ?? 0) > 0 ? " (read-only tokens alone do not guard state changes)" : "";
  return [
    `WARNING: listening on ${where}, beyond this machine, with the anomaly API unauthenticated${reads}.`,
    "  Anyone who can reach this port can create, retrain, reset, delete and export models, read their data, and set alert webhooks.",
    "  Set ANOMALY_API_TOKENS (comma-separated bearer tokens) to require a token for changes, and ANOMALY_AUTH_READS=1 (with ANOMALY_READ_TOKENS) for reads;",
    "  or listen on loopback only (HOST=127.0.0.1 for the server, --addr 127.0.0.1:PORT for anomaly serve) behind your own proxy.",
  ].join("\n");
}
