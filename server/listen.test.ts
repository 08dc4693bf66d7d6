// The request timeouts on a real server on loopback: a client that sends its
// headers, or its body, too slowly has its socket closed with a 408, while a
// request sent in time is answered however long the answer takes.
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpServerOptions, requestTimeoutsFromEnv } from "./listen";

let server: ServerType;
let port: number;
beforeAll(async () => {
  const app = new Hono();
  app.post("/echo", async (c) => c.text(await c.req.text()));
  // The body cut short by the timeout fails its read: answered quietly (the socket is gone).
  app.onError((_error, c) => c.text("aborted", 400));
  // An answer slower than both timeouts: they bound the request, not the answer.
  app.get("/slow", async (c) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    return c.text("done");
  });
  server = serve({
    fetch: app.fetch,
    port: 0,
    hostname: "127.0.0.1",
    serverOptions: httpServerOptions({ headersMs: 1000, requestMs: 2000 }),
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Writes `parts` (then stays silent) and resolves with what the server sent before it closed the socket. */
function sendAndWait(parts: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
    socket.on("connect", () => {
      for (const part of parts) socket.write(part);
    });
  });
}

describe("request timeouts", () => {
  it("closes a connection whose headers never finish, with a 408", async () => {
    const answer = await sendAndWait(["POST /echo HTTP/1.1\r\nHost: x\r\nX-Slow: "]);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("closes a connection whose body never finishes, with a 408", async () => {
    const answer = await sendAndWait([
      "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n",
      "only part of the body",
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("answers a request sent in time even when the answer takes longer than the timeouts", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/slow`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("done");
  });

  it("reads the timeouts from the environment, refusing a malformed value by name", () => {
    expect(requestTimeoutsFromEnv({})).toEqual({ headersMs: 10_000, requestMs: 30_000 });
    expect(requestTimeoutsFromEnv({ HTTP_HEADERS_TIMEOUT_MS: "2000", HTTP_REQUEST_TIMEOUT_MS: "5000" })).toEqual({
      headersMs: 2000,
      requestMs: 5000,
    });
    expect(() => requestTimeoutsFromEnv({ HTTP_HEADERS_TIMEOUT_MS: "soon" })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });
});
