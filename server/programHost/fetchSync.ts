// A blocking fetch for `pith run`: a worker thread makes the request with
// Node's fetch while the program's thread waits in Atomics.wait. The worker
// writes the response (a JSON head, then the body bytes) into a growable
// SharedArrayBuffer.
import { Worker } from "node:worker_threads";
import { createGrowableBuffer } from "../../lang/runtime/host/growableBuffer";
import type { FetchSync, HttpOutcome, HttpRequest } from "../../lang/runtime/host/httpHost";

/** Longest a request may take before the program gets an Err. */
const TIMEOUT_MS = 30_000;
const MAX_BYTES = 256 * 1024 * 1024;

// Plain JavaScript, so the worker needs no TypeScript loader.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { ctl, data } = workerData;
const bytes = () => new Uint8Array(data);
parentPort.on("message", async (req) => {
  let head, body = new Uint8Array();
  try {
    const init = { method: req.method, signal: AbortSignal.timeout(${TIMEOUT_MS}) };
    if (req.method !== "GET" && req.method !== "HEAD") {
      init.body = req.body;
      if (req.contentType) init.headers = { "content-type": req.contentType };
    }
    const res = await fetch(req.url, init);
    body = new Uint8Array(await res.arrayBuffer());
    head = { ok: true, status: res.status, headers: [...res.headers] };
  } catch (e) {
    const why = e && e.cause && e.cause.message ? e.cause.message : (e && e.message) || String(e);
    head = { ok: false, error: "request to " + req.url + " failed: " + why };
  }
  const h = new TextEncoder().encode(JSON.stringify(head));
  const need = h.length + body.length;
  if (need > ${MAX_BYTES}) {
    const e = new TextEncoder().encode(JSON.stringify({ ok: false, error: "response from " + req.url + " is larger than 256 MiB" }));
    bytes().set(e); Atomics.store(ctl, 1, e.length); Atomics.store(ctl, 2, 0);
  } else {
    if (data.byteLength < need) data.grow(need);
    bytes().set(h); bytes().set(body, h.length);
    Atomics.store(ctl, 1, h.length); Atomics.store(ctl, 2, body.length);
  }
  Atomics.store(ctl, 0, 1);
  Atomics.notify(ctl, 0);
});
`;

export interface NodeFetch {
  fetchSync: FetchSync;
  close(): Promise<void>;
}

export function createNodeFetch(): NodeFetch {
  let worker: Worker | undefined;
  const ctl = new Int32Array(new SharedArrayBuffer(12));
  const data = createGrowableBuffer(1 << 16, MAX_BYTES);
  const fetchSync = (request: HttpRequest): HttpOutcome => {
    if (!/^https?:\/\//i.test(request.url))
      return { ok: false, error: `request to ${request.url} failed: only http:// and https:// URLs are supported` };
    worker ??= new Worker(WORKER, { eval: true, workerData: { ctl, data } });
    worker.unref();
    Atomics.store(ctl, 0, 0);
    worker.postMessage(request);
    if (Atomics.wait(ctl, 0, 0, TIMEOUT_MS + 5000) === "timed-out")
      return { ok: false, error: `request to ${request.url} timed out` };
    const headLength = Atomics.load(ctl, 1);
    const bodyLength = Atomics.load(ctl, 2);
    const bytes = new Uint8Array(data);
    const head = JSON.parse(new TextDecoder().decode(bytes.slice(0, headLength)));
    if (!head.ok) return { ok: false, error: head.error };
    return {
      ok: true,
      status: head.status,
      headers: head.headers,
      body: bytes.slice(headLength, headLength + bodyLength),
    };
  };
  return {
    fetchSync,
    close: async () => {
      await worker?.terminate();
    },
  };
}
