// The live verdict stream over a real loopback socket: a subscriber sees each
// /detect answer as an SSE event, a model filter keeps only its model, and
// closing the server ends open streams instead of waiting on them.
import { afterEach, describe, expect, it } from "vitest";
import { type AnomalyServerHandle, startAnomalyServer } from "./serve";
import { postJson, recordingService } from "./testing";

const handles: AnomalyServerHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close()));
});

/** Reads SSE events until `count` verdicts arrived. */
async function readVerdicts(res: Response, count: number): Promise<unknown[]> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  const out: unknown[] = [];
  while (out.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    let end = text.indexOf("\n\n");
    while (end >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      if (block.includes("event: verdict")) {
        const data = block.split("\n").find((l) => l.startsWith("data: "));
        out.push(JSON.parse((data as string).slice(6)));
      }
      end = text.indexOf("\n\n");
    }
  }
  await reader.cancel();
  return out;
}

async function waitReady(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
}

describe("GET /api/dynamic/stream", () => {
  it("delivers every answered /detect of the filtered model, in order", async () => {
    const service = recordingService((_m, args) => ({ status: "success", model: args[0], score: 0.1 }));
    const handle = await startAnomalyServer({ port: 0, service, log: () => {} });
    handles.push(handle);
    const res = await fetch(`${handle.url}/api/dynamic/stream?model=cpu`);
    await waitReady(res);
    const reading = readVerdicts(res, 2);
    // Let the subscription register before publishing.
    await new Promise((r) => setTimeout(r, 50));
    await fetch(`${handle.url}/detect/other`, postJson({ x: 1 }));
    await fetch(`${handle.url}/detect/cpu`, postJson({ x: 2 }));
    await fetch(`${handle.url}/detect/cpu`, postJson({ x: 3 }));
    const events = (await reading) as { model: string; httpStatus: number; body: { model: string } }[];
    expect(events.map((e) => e.model)).toEqual(["cpu", "cpu"]);
    expect(events[0].httpStatus).toBe(200);
    expect(events[0].body.model).toBe("cpu");
  });

  it("refuses a malformed model filter with 400", async () => {
    const handle = await startAnomalyServer({ port: 0, service: recordingService(), log: () => {} });
    handles.push(handle);
    const res = await fetch(`${handle.url}/api/dynamic/stream?model=a/b`);
    expect(res.status).toBe(400);
  });

  it("close() ends open streams promptly", async () => {
    const handle = await startAnomalyServer({ port: 0, service: recordingService(), log: () => {}, drainMs: 5000 });
    const res = await fetch(`${handle.url}/api/dynamic/stream`);
    await waitReady(res);
    const started = Date.now();
    await handle.close();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
