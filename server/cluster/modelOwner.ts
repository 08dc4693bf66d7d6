// Requests for one anomaly model reach the instance that owns it. The
// balancer's consistent hash on the model name (X-Model) sends most of them
// there already; this middleware covers the rest (a client without the
// header, the moments after an instance joins or dies): it takes the
// model's lease when free, else forwards the request to the owner's address.
// When the owner does not answer (dead or stalled) it waits for the lease to
// expire, takes the model over and serves the request itself, so a client
// sees a slower answer, not an error.
import type { MiddlewareHandler } from "hono";
import { MODEL_NAME } from "../../anomaly";
import type { ModelLeases } from "./modelLeases";

/** The anomaly routes that name a model, with where the name sits (one list, from server/anomaly/routes.ts). */
export const MODEL_ROUTES = [
  "/detect/:m",
  "/detect_only/:m",
  "/force_train/:m",
  "/delete_model/:m",
  "/train/autoencoder/:m",
  "/models/dynamic/:m/*",
  "/api/dynamic/:m/*",
] as const;

/** Marks a forwarded request, so it is never forwarded twice (two instances each believing the other owns it). */
const FORWARDED = "x-pith-forwarded";

function connectFailed(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return (
    code === "ECONNREFUSED" || code === "ECONNRESET" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "EHOSTUNREACH"
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function modelOwnerGate(leases: ModelLeases): MiddlewareHandler {
  return async (c, next) => {
    const model = c.req.param("m");
    // A bad name is the route's to refuse, with its own message.
    if (model === undefined || !MODEL_NAME.test(model)) return next();
    // Long enough for a dead owner's lease to run out, then one more try.
    const deadline = performance.now() + leases.leaseMs * 2 + 2000;
    let body: ArrayBuffer | undefined;
    for (;;) {
      const foreign = await leases.acquire(model);
      if (foreign === null) return next();
      if (foreign.address !== "" && foreign.address !== leases.address && c.req.header(FORWARDED) === undefined) {
        body ??= ["GET", "HEAD"].includes(c.req.method) ? undefined : await c.req.raw.arrayBuffer();
        try {
          return await forward(c.req.raw, foreign.address, body);
        } catch (error) {
          if (!connectFailed(error)) {
            return c.json({ status: "error", message: `The owner of model ${model} did not answer: ${error}` }, 502);
          }
        }
      }
      if (performance.now() > deadline) {
        c.header("Retry-After", String(Math.ceil(leases.leaseMs / 1000)));
        return c.json({ status: "error", message: `Model ${model} is owned by another instance; retry shortly` }, 503);
      }
      await sleep(Math.min(Math.max(foreign.expiresInMs, 50), 1000));
    }
  };
}

async function forward(request: Request, address: string, body: ArrayBuffer | undefined): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.delete("host");
  headers.delete("content-length");
  headers.set(FORWARDED, "1");
  const answer = await fetch(new URL(url.pathname + url.search, address), {
    method: request.method,
    headers,
    body,
    redirect: "manual",
  });
  // fetch has decoded the body already: its length and encoding headers no longer apply.
  const out = new Headers(answer.headers);
  out.delete("content-encoding");
  out.delete("content-length");
  return new Response(answer.body, { status: answer.status, headers: out });
}
