// Protection against DNS rebinding for the MCP endpoints: a web page on an
// attacker's domain that resolves to 127.0.0.1 reaches the server with its
// own name in Host (and Origin). Requests whose Host or Origin names a host
// outside the allowed list are refused; loopback names are always allowed,
// and a deployment adds its public host (PUBLIC_URL, MCP_ALLOWED_HOSTS).
import type { MiddlewareHandler } from "hono";
import { listVariable, textVariable } from "../config/environment";

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/** The host part of a Host header or URL authority, lower-cased, without the port. */
function hostName(authority: string): string {
  const lower = authority.trim().toLowerCase();
  if (lower.startsWith("[")) return lower.slice(0, lower.indexOf("]") + 1);
  return lower.split(":")[0];
}

/** Allowed host names from PUBLIC_URL and the comma-separated MCP_ALLOWED_HOSTS. */
export function allowedHostsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const hosts: string[] = [];
  const publicUrl = textVariable(env, "PUBLIC_URL");
  if (publicUrl !== undefined) hosts.push(new URL(publicUrl).host);
  hosts.push(...listVariable(env, "MCP_ALLOWED_HOSTS"));
  return hosts;
}

/**
 * Middleware refusing (403, JSON-RPC error shape) a request whose Host or
 * Origin is not allowed. `"*"` in `extraHosts` turns the check off.
 */
export function hostGuard(extraHosts: readonly string[]): MiddlewareHandler {
  const allowed = new Set([...LOOPBACK, ...extraHosts.map(hostName)]);
  const open = extraHosts.includes("*");
  const refuse = (what: string) =>
    Response.json(
      {
        jsonrpc: "2.0",
        error: {
          code: -32000,
          message: `${what} is not allowed (DNS-rebinding protection); the operator can add it with MCP_ALLOWED_HOSTS or PUBLIC_URL`,
        },
        id: null,
      },
      { status: 403 },
    );
  return async (c, next) => {
    if (open) return next();
    const host = c.req.header("host");
    if (!host || !allowed.has(hostName(host))) return refuse(`Host '${host ?? ""}'`);
    const origin = c.req.header("origin");
    if (origin) {
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        return refuse(`Origin '${origin}'`);
      }
      if (!allowed.has(hostName(originHost))) return refuse(`Origin '${origin}'`);
    }
    return next();
  };
}
