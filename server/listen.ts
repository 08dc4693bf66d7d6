// A listener failure turned into a sentence a user can act on; shared by the
// main server and `anomaly serve`.
export function listenMessage(err: NodeJS.ErrnoException, host: string, port: number): string {
  if (err.code === "EADDRINUSE") return `cannot listen on ${host}:${port}: the port is already in use`;
  if (err.code === "EACCES")
    return `cannot listen on ${host}:${port}: permission denied (ports below 1024 need privileges)`;
  if (err.code === "EADDRNOTAVAIL" || err.code === "ENOTFOUND")
    return `cannot listen on ${host}:${port}: no such local address`;
  return `cannot listen on ${host}:${port}: ${err.message}`;
}
