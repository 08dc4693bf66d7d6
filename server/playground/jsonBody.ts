// The build routes take JSON sent as JSON: a POST whose Content-Type is not
// application/json (or a +json type) is a 415 before its body is read, as
// each route's OpenAPI entry says. Bodies sent as text/plain, as a form, or
// with no Content-Type are refused too: a web page on any other site can
// send those cross-origin without a CORS preflight (the routes answer every
// origin), so reading them as JSON would let any page spend this server's
// build capacity from its visitors' browsers; and a client generated from
// the OpenAPI document sends application/json anyway.
import type { MiddlewareHandler } from "hono";
import { playgroundError } from "./errors";

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export const requireJsonBody: MiddlewareHandler = async (c, next) => {
  const type = c.req.header("content-type");
  if (c.req.method === "POST" && (type === undefined || !JSON_TYPE.test(type))) {
    return c.json(
      playgroundError(
        `the request body must be JSON sent with Content-Type: application/json (got ${type === undefined ? "no Content-Type" : type}); with curl: -H 'content-type: application/json'`,
      ),
      415,
    );
  }
  await next();
};
