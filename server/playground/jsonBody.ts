// Scripts post JSON without saying so: `curl -d '{...}'` sends
// application/x-www-form-urlencoded, and some clients send no Content-Type
// or text/plain. The JSON routes read such a body as JSON; a body that is
// not JSON is then a 400 from the validator. Any other declared type
// (application/xml, ...) is a 415, as each route's OpenAPI entry says.
import type { MiddlewareHandler } from "hono";

const READ_AS_JSON = /^(application\/x-www-form-urlencoded|text\/plain)\b/i;

export const jsonByDefault: MiddlewareHandler = async (c, next) => {
  const type = c.req.header("content-type");
  if (c.req.method === "POST" && (!type || READ_AS_JSON.test(type))) {
    const headers = new Headers(c.req.raw.headers);
    headers.set("content-type", "application/json");
    c.req.raw = new Request(c.req.raw, { headers });
  }
  await next();
};
