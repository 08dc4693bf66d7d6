// std.http in the browser: the program worker posts the request to the page
// and waits (Atomics.wait) on this channel; the page runs fetch and writes
// the outcome back. Layout: Int32 [state, head length, body length, 0], then
// a JSON head ({ok, status, headers} or {ok: false, error}) and the body.
// The buffer is growable, so a large body needs no second round trip.
import { createGrowableBuffer, growBuffer } from "../../lang/runtime/host/growableBuffer";
import type { HttpOutcome } from "../../lang/runtime/host/httpHost";

const HEADER_BYTES = 16;
const MAX_BYTES = 256 * 1024 * 1024;
const PENDING = 0;
const DONE = 1;
/** Longest the program waits for the page. */
export const FETCH_TIMEOUT_MS = 60_000;

export function createHttpChannel(): SharedArrayBuffer {
  return createGrowableBuffer(64 * 1024, MAX_BYTES);
}

/** The worker's side: call after posting the request; blocks until the page answers. */
export function awaitFetch(channel: SharedArrayBuffer, url: string): HttpOutcome {
  const ctl = new Int32Array(channel, 0, 4);
  if (Atomics.wait(ctl, 0, PENDING, FETCH_TIMEOUT_MS) === "timed-out" && Atomics.load(ctl, 0) === PENDING)
    return { ok: false, error: `request to ${url} timed out after ${FETCH_TIMEOUT_MS / 1000} s` };
  const headLength = Atomics.load(ctl, 1);
  const bodyLength = Atomics.load(ctl, 2);
  const bytes = new Uint8Array(channel);
  const head = JSON.parse(new TextDecoder().decode(bytes.slice(HEADER_BYTES, HEADER_BYTES + headLength)));
  Atomics.store(ctl, 0, PENDING);
  if (!head.ok) return { ok: false, error: head.error };
  const at = HEADER_BYTES + headLength;
  return { ok: true, status: head.status, headers: head.headers, body: bytes.slice(at, at + bodyLength) };
}

/** The page's side: writes the outcome and wakes the program. */
export function answerFetch(channel: SharedArrayBuffer, outcome: HttpOutcome): void {
  const { body, ...rest } = outcome.ok ? outcome : { ...outcome, body: new Uint8Array() };
  let head = new TextEncoder().encode(JSON.stringify(rest));
  let payload = body;
  if (HEADER_BYTES + head.length + payload.length > MAX_BYTES) {
    head = new TextEncoder().encode(JSON.stringify({ ok: false, error: "the response is larger than 256 MiB" }));
    payload = new Uint8Array();
  }
  const need = HEADER_BYTES + head.length + payload.length;
  growBuffer(channel, need);
  const bytes = new Uint8Array(channel);
  bytes.set(head, HEADER_BYTES);
  bytes.set(payload, HEADER_BYTES + head.length);
  const ctl = new Int32Array(channel, 0, 4);
  Atomics.store(ctl, 1, head.length);
  Atomics.store(ctl, 2, payload.length);
  Atomics.store(ctl, 0, DONE);
  Atomics.notify(ctl, 0);
}
