// The standalone server on a real loopback socket: faults become 500 JSON
// (not dropped connections), shutdown lets in-flight requests finish, and a
// busy port is a clear error.
import { connect, createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type AnomalyServerHandle, ListenError, startAnomalyServer } from "./serve";
import { postJson, recordingService } from "./testing";

const handles: AnomalyServerHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close()));
});

async function start(answer: Parameters<typeof recordingService>[0]) {
  const service = recordingService(answer);
  const handle = await startAnomalyServer({ port: 0, service, log: () => {} });
  handles.push(handle);
  return { handle, service };
}

describe("anomaly server on loopback", () => {
  it("a throwing handler answers 500 JSON over the socket", async () => {
    const { handle } = await start((method) => {
      if (method === "reset") throw new RangeError("broken invariant");
      return { status: "success", message: "ok" };
    });
    const res = await fetch(`${handle.url}/models/dynamic/m/reset`, { method: "POST" });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ status: "error", message: "broken invariant" });
    // The server is still serving afterwards.
    const ok = await fetch(`${handle.url}/api/dynamic/m/finetune`, { method: "POST" });
    expect(ok.status).toBe(200);
  });

  it("unknown paths are 404 in the API's error shape; /openapi.json lists the routes", async () => {
    const { handle } = await start(undefined);
    const res = await fetch(`${handle.url}/nope`);
    expect(res.status).toBe(404);
    expect((await res.json()).status).toBe("error");
    const doc = await (await fetch(`${handle.url}/openapi.json`)).json();
    expect(Object.keys(doc.paths)).toContain("/detect/{m}");
  });

  it("a 10 MB body is refused with 413 JSON over the socket", async () => {
    const { handle, service } = await start(undefined);
    const res = await fetch(`${handle.url}/detect/m`, postJson("x".repeat(10 * 1024 * 1024)));
    expect(res.status).toBe(413);
    expect((await res.json()).status).toBe("error");
    expect(service.calls).toEqual([]);
  });

  it("close() lets an in-flight request finish, refuses new ones, then closes the service", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let closed = false;
    const service = Object.assign(recordingService(), {
      finetune: async () => {
        await gate;
        return { status: "success" as const, message: "slow", adjusted_margins: {}, max_anomaly_scores: {} };
      },
      close: async () => {
        closed = true;
      },
    });
    const handle = await startAnomalyServer({ port: 0, service, log: () => {} });
    const inFlight = fetch(`${handle.url}/api/dynamic/m/finetune`, { method: "POST" });
    await new Promise((r) => setTimeout(r, 100));
    const closing = handle.close();
    await new Promise((r) => setTimeout(r, 50));
    await expect(fetch(`${handle.url}/models/dynamic`)).rejects.toThrow();
    expect(closed).toBe(false);
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "success",
      message: "slow",
      adjusted_margins: {},
      max_anomaly_scores: {},
    });
    await closing;
    expect(closed).toBe(true);
  });

  it("a port in use is a ListenError that says so", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const attempt = startAnomalyServer({ port, service: recordingService(), log: () => {} });
      await expect(attempt).rejects.toBeInstanceOf(ListenError);
      await expect(attempt).rejects.toThrow(/already in use/);
    } finally {
      blocker.close();
    }
  });

  it("closes a connection whose headers never finish with a 408, as the main server does", async () => {
    const handle = await startAnomalyServer({
      port: 0,
      service: recordingService(),
      log: () => {},
      requestTimeouts: { headersMs: 1000, requestMs: 2000 },
    });
    handles.push(handle);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(handle.port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk;
      });
      socket.on("error", reject);
      socket.on("close", () => resolve(received));
      // Headers begun and never finished: only the server's timeout ends this socket.
      socket.on("connect", () => socket.write("GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: "));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
