// The anomaly API's security options (issue 30), all off by default so the
// reference service's clients keep working, each documented in the README's
// environment table:
//
// - API tokens: ANOMALY_API_TOKENS (full access) and ANOMALY_READ_TOKENS
//   (read-only), comma-separated, sent as `Authorization: Bearer <token>`.
//   Once any is set, a state change without a token is 401 and with a
//   read-only token 403; reads need a token only with ANOMALY_AUTH_READS=1.
// - ANOMALY_STATE_GETS=0 turns off the reference service's state-changing
//   GETs (GET /force_train, GET /delete_model): 405 naming the method to use.
// - Body content types on state-changing routes (ANOMALY_BODY_TYPES): a
//   body that is not JSON by its Content-Type (text/plain, forms, none) is a
//   "simple" request that any web page may send cross-origin with no CORS
//   preflight, so a visitor's browser could drive the API (CSRF). `strict`
//   (the default) refuses such bodies (415); `browser` refuses them only
//   when the request carries an Origin or Sec-Fetch-Site header, which
//   browsers always send on a cross-origin POST/PUT and command-line clients
//   never do; `lenient` is the reference behaviour (`curl -d '{...}'`, sent
//   as a form, read as JSON). The last two are compatibility
//   switches for scripts written for the reference service.
// - CORS: ANOMALY_CORS_ORIGINS, comma-separated origins or `*`; unset sends
//   no CORS headers (browsers then keep other origins' pages from reading
//   answers).
import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { booleanVariable, listVariable, textVariable } from "../config/environment";
import { errorResponse } from "./errors";

export type BodyTypePolicy = "strict" | "browser" | "lenient";

export interface SecurityOptions {
  /** Tokens allowed to change state (and read). */
  tokens?: readonly string[];
  /** Tokens allowed to read only. */
  readTokens?: readonly string[];
  /** Require a token for reads too (when tokens are set). */
  authReads?: boolean;
  /** Serve GET /force_train and GET /delete_model (default true, as the reference service does). */
  stateGets?: boolean;
  bodyTypes?: BodyTypePolicy;
  /** Origins allowed by CORS; "*" for any; empty for no CORS headers. */
  corsOrigins?: readonly string[];
}

/** The options from the environment (see its table); throws with the variable's name on a bad value. */
export function securityFromEnv(env: NodeJS.ProcessEnv = process.env): SecurityOptions {
  return {
    tokens: listVariable(env, "ANOMALY_API_TOKENS"),
    readTokens: listVariable(env, "ANOMALY_READ_TOKENS"),
    authReads: booleanVariable(env, "ANOMALY_AUTH_READS"),
    stateGets: booleanVariable(env, "ANOMALY_STATE_GETS"),
    bodyTypes: textVariable(env, "ANOMALY_BODY_TYPES") as BodyTypePolicy,
    corsOrigins: listVariable(env, "ANOMALY_CORS_ORIGINS"),
  };
}

/** Paths of the anomaly API (the sub-app is mounted at "/" beside the playground's routes). */
const ANOMALY_PATH =
  /^\/(?:detect|detect_only|force_train|delete_model|train\/autoencoder)\/|^\/detect_anomalies$|^\/models\/dynamic(?:\/|$)|^\/api\/dynamic\/|^\/metrics$/;
/** The reference service's state-changing GETs, which ANOMALY_STATE_GETS=0 turns into 405s. */
export const STATE_GET = /^\/(?:force_train|delete_model)\//;
/** POST routes that change nothing: scoring without learning, stateless batches. */
const READ_POSTS = /^\/detect_only\/|^\/detect_anomalies$/;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export const isAnomalyPath = (path: string) => ANOMALY_PATH.test(path);

/** Whether a request changes state: it then needs a full token (when tokens are set) and a JSON body type. */
export function changesState(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD") return STATE_GET.test(path);
  if (method === "OPTIONS") return false;
  return !READ_POSTS.test(path);
}

function sameToken(given: string, known: readonly string[]): boolean {
  const a = Buffer.from(given);
  let hit = false;
  for (const token of known) {
    const b = Buffer.from(token);
    // Compare every token in constant time so timing tells nothing.
    if (a.length === b.length && timingSafeEqual(a, b)) hit = true;
  }
  return hit;
}

function bearer(c: Context): string | null {
  const header = c.req.header("authorization");
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match === null ? null : match[1];
}

/**
 * Why a state-changing request is refused as one a web page could have sent
 * on its own (null when it is fine):
 * - from another origin's page (Sec-Fetch-Site cross-site/same-site, or an
 *   Origin that is not this host's) whose origin CORS does not allow: 403;
 *   this also covers bodyless POSTs and GETs from <img> or <form> tags;
 * - with a body that is not JSON by Content-Type: 415 (always in strict
 *   mode, from a browser in browser mode).
 */
function browserRefusal(
  c: Context,
  policy: BodyTypePolicy,
  origins: readonly string[],
): { status: 403 | 415; message: string } | null {
  const origin = c.req.header("origin");
  const site = c.req.header("sec-fetch-site");
  const host = c.req.header("host");
  // The browser's own verdict wins where it gives one: behind a proxy that
  // rewrites Host (or Vite's dev proxy) a same-origin page's Origin need not
  // match the Host this server sees.
  let foreign = site === "cross-site" || site === "same-site";
  if (site === "same-origin" || site === "none") {
    // Trusted as is.
  } else if (origin !== undefined && origin !== "null" && host !== undefined) {
    try {
      foreign ||= new URL(origin).host !== host;
    } catch {
      foreign = true;
    }
  } else if (origin === "null") foreign = true;
  const allowed = origin !== undefined && (origins.includes("*") || origins.includes(origin));
  if (foreign && !allowed) {
    return {
      status: 403,
      message: `State changes from another site's page are refused (Origin ${origin ?? "unknown"}); allow its origin with ANOMALY_CORS_ORIGINS`,
    };
  }
  const length = c.req.header("content-length");
  const hasBody = (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined;
  const type = c.req.header("content-type");
  const fromBrowser = origin !== undefined || site !== undefined;
  if (hasBody && (type === undefined || !JSON_TYPE.test(type)) && (policy === "strict" || fromBrowser)) {
    return {
      status: 415,
      message: `State-changing requests must send their body as Content-Type: application/json (got ${type ?? "none"}); other types are refused because any web page can send them cross-origin without a CORS preflight (ANOMALY_BODY_TYPES=browser or lenient turns this off for command-line clients)`,
    };
  }
  return null;
}

/** The middleware; runs before every anomaly route (other paths pass through). */
export function security(options: SecurityOptions): MiddlewareHandler {
  const tokens = options.tokens ?? [];
  const readTokens = options.readTokens ?? [];
  const guarded = tokens.length + readTokens.length > 0;
  const origins = options.corsOrigins ?? [];
  const corsHandler =
    origins.length > 0
      ? cors({
          origin: origins.includes("*") ? "*" : [...origins],
          allowHeaders: ["Authorization", "Content-Type"],
          allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
        })
      : null;
  return async (c, next) => {
    const path = c.req.path;
    if (!isAnomalyPath(path)) return next();
    const refusal = (): Response | null => {
      const method = c.req.method;
      const mutating = changesState(method, path);
      if (method === "GET" && STATE_GET.test(path) && options.stateGets === false) {
        const use = path.startsWith("/delete_model/") ? "DELETE" : "POST";
        return errorResponse(
          c,
          405,
          `GET ${path.split("/")[1]} is turned off on this server (ANOMALY_STATE_GETS=0): use ${use}`,
        );
      }
      if (guarded && (mutating || options.authReads)) {
        const token = bearer(c);
        if (token === null || !(sameToken(token, tokens) || sameToken(token, readTokens))) {
          const res = errorResponse(
            c,
            401,
            token === null
              ? "This server requires an API token: send Authorization: Bearer <token>"
              : "The API token is not valid",
          );
          res.headers.set("WWW-Authenticate", 'Bearer realm="anomaly"');
          return res;
        }
        if (mutating && !sameToken(token, tokens)) {
          return errorResponse(c, 403, "This API token is read-only: it cannot change models");
        }
      }
      if (mutating && options.bodyTypes !== "lenient") {
        const refused = browserRefusal(c, options.bodyTypes ?? "strict", origins);
        if (refused !== null) return errorResponse(c, refused.status, refused.message);
      }
      return null;
    };
    // Refusals are set as the answer (not returned) so CORS still adds its headers.
    const run = async () => {
      const res = refusal();
      if (res === null) await next();
      else c.res = res;
    };
    if (corsHandler) return corsHandler(c, run);
    await run();
  };
}
