// One webhook POST on node:http(s) rather than fetch: only these take a
// `lookup` for the connection, which is how each delivery connects solely
// to an address that passed the internal-address check (webhookTarget.ts).
// Redirects are not followed (a 3xx is a failed attempt, as before).
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";

/**
 * The receiver's HTTP status, once its headers arrive (its body is not read); rejects on a network error or abort.
 * `deliveryId` goes out as `Idempotency-Key` on every attempt of one delivery, so a receiver that got an attempt
 * whose answer was lost (a timeout, a reset) can tell the retry is the same notification, not a second page.
 */
export function postWebhook(
  url: string,
  body: string,
  signal: AbortSignal,
  deliveryId: string,
  lookup?: LookupFunction,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "idempotency-key": deliveryId,
        },
        signal,
        lookup,
      },
      (res) => {
        resolve(res.statusCode ?? 0);
        // The answer's body is of no use: do not let a receiver hold the socket with it.
        res.destroy();
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
