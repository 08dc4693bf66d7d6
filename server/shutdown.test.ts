import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drainHttpServer } from "./shutdown";

let server: Server;

/** A server whose /slow answers after `ms`, others at once. */
async function listen(ms: number): Promise<string> {
  server = createServer((req, res) => {
    if (req.url === "/slow") setTimeout(() => res.end("slow done"), ms);
    else res.end("quick");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(() => {
  server.closeAllConnections();
});

describe("draining an HTTP server", () => {
  it("lets an in-flight request finish, closes idle keep-alive sockets, and stops accepting", async () => {
    const base = await listen(300);
    // A keep-alive socket left idle must not hold the drain open.
    expect(await (await fetch(`${base}/quick`)).text()).toBe("quick");
    const inFlight = fetch(`${base}/slow`).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await drainHttpServer(server, 10_000);
    expect(await inFlight).toBe("slow done");
    expect(performance.now() - started).toBeLessThan(5000);
    await expect(fetch(`${base}/quick`)).rejects.toThrow();
  });

  it("cuts a request still running after the drain time", async () => {
    const base = await listen(60_000);
    const inFlight = fetch(`${base}/slow`).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await drainHttpServer(server, 200);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await inFlight).toBeInstanceOf(Error);
  });
});
