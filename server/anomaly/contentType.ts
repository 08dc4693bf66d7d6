// Content types at the API's edge. Every JSON answer says its charset
// (WIRE.md: `application/json; charset=utf-8`; Hono's c.json says only
// `application/json`). And a JSON body that got past the security options
// (security.ts: state changes need application/json unless
// ANOMALY_BODY_TYPES says otherwise; reads take any type) is read as JSON
// whatever the client called it: scripts written for the old service send
// `curl -d '{...}'` (application/x-www-form-urlencoded) or no Content-Type at
// all, so only a body that is not JSON is refused, with a 400 saying what to send.
import type { MiddlewareHandler } from "hono";
import { errorResponse } from "./errors";

export const JSON_UTF8 = "application/json; charset=utf-8";
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const BARE_JSON = /^application\/json\s*$/i;
/** What curl -d and form posts send; the old service's clients relied on it meaning JSON. */
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

export const jsonCharset: MiddlewareHandler = async (c, next) => {
  await next();
  const type = c.res.headers.get("content-type");
  if (type !== null && BARE_JSON.test(type)) c.res.headers.set("content-type", JSON_UTF8);
};

function parsesAsJson(text: string, objectOnly: boolean): boolean {
  try {
    const value = JSON.parse(text);
    return !objectOnly || (value !== null && typeof value === "object" && !Array.isArray(value));
  } catch {
    return false;
  }
}

/**
 * For routes whose body is JSON (after requireUtf8, which has read the
 * bytes): a body under any other Content-Type, or none, that parses as JSON
 * is handed on as application/json; one that does not is a 400.
 */
export const lenientJson: MiddlewareHandler = async (c, next) => {
  const type = c.req.header("content-type");
  if (type !== undefined && JSON_TYPE.test(type)) return next();
  const text = await c.req.text();
  if (text.trim() === "") return next();
  if (!parsesAsJson(text, false)) {
    return errorResponse(
      c,
      400,
      `The request body is not JSON (Content-Type ${type ?? "missing"}): send a JSON object, ideally with Content-Type: application/json`,
    );
  }
  c.req.raw.headers.set("content-type", "application/json");
  await next();
};

/**
 * For POST /detect_anomalies, which also takes CSV: a body sent without a
 * Content-Type or as a form (curl -d, curl --data-binary) is JSON when it
 * parses as a JSON object, else CSV text.
 */
export const lenientBatchBody: MiddlewareHandler = async (c, next) => {
  const type = c.req.header("content-type");
  if (type !== undefined && !FORM_TYPE.test(type)) return next();
  const text = await c.req.text();
  if (text.trim() === "") return next();
  c.req.raw.headers.set("content-type", parsesAsJson(text, true) ? "application/json" : "text/csv");
  await next();
};
