// Streamed import (issue 30) on a real `anomaly serve` process: a
// 150,000-point export re-imported from a file on disk, sent as a stream.
// The server's peak memory (VmHWM) is compared with a baseline measured in
// the same process (the same bundle's bytes), loosely: reading the upload
// whole, as before, held the text, its object tree and the schema's copy at
// once, several times the bundle's size. Import errors name the upload's
// line, or the record, its data.jsonl line and the field, and change
// nothing; no draft file is left behind.
import { createReadStream } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { steadyRecord } from "../../anomaly/testing";
import { createAnomalyApp } from "./routes";
import { bundleCli, JSON_HEADERS, type ServerProcess, spawnServer } from "./testing";

const POINTS = 150_000;
let root: string;
let store: string;
let cli: string[];
let server: ServerProcess;
let bundleFile: string;
let bundleBytes: number;

const record = (i: number) => ({ ...steadyRecord(i), timestamp: 1_700_000_000 + i * 60 });

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : JSON_HEADERS,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Uploads a file as a stream (never whole in this process either). */
async function upload(model: string, file: string) {
  const res = await fetch(`${server.url}/api/dynamic/${model}/import`, {
    method: "PUT",
    headers: { ...JSON_HEADERS, "content-length": String((await stat(file)).size) },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: "half",
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The server process's peak resident memory so far, in bytes (Linux). */
async function peakMemory(): Promise<number> {
  const status = await readFile(`/proc/${server.child.pid}/status`, "utf8");
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]) * 1024;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "anomaly-import-"));
  store = join(root, "store");
  cli = await bundleCli();
  server = await spawnServer(store, cli);
  for (let i = 0; i < 60; i++) await call("POST", "/detect/seed", record(i));
  const seed = (await call("GET", "/api/dynamic/seed/export")).body;
  bundleFile = join(root, "big.json");
  await writeFile(bundleFile, JSON.stringify({ ...seed, ring: Array.from({ length: POINTS }, (_, i) => record(i)) }));
  bundleBytes = (await stat(bundleFile)).size;
}, 300_000);
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await rm(root, { recursive: true, force: true });
  await rm(cli[0] as string, { force: true });
});

describe("a streamed import", () => {
  it("re-imports a 150,000-point export whole, in memory well under the bundle's size", async () => {
    // Warm every code path first with a small import, so the peak below is the big one's.
    const small = join(root, "small.json");
    const seed = (await call("GET", "/api/dynamic/seed/export")).body;
    await writeFile(small, JSON.stringify({ ...seed, ring: Array.from({ length: 5000 }, (_, i) => record(i)) }));
    expect((await upload("warm", small)).status).toBe(200);
    const before = await peakMemory();
    const answer = await upload("big", bundleFile);
    expect(answer).toEqual({ status: 200, body: { status: "success", message: "Model big imported" } });
    const growth = (await peakMemory()) - before;
    console.log(
      `import of ${(bundleBytes / 1e6).toFixed(1)} MB (${POINTS} points): server peak memory grew ${(growth / 1e6).toFixed(1)} MB`,
    );
    // Loose: buffering the upload alone would take the bundle's size (and
    // parsing it whole several times that).
    expect(growth).toBeLessThan(bundleBytes);
    // Nothing lost: the export of the imported model holds every record, in order.
    const exported = await fetch(`${server.url}/api/dynamic/big/export`);
    const ring = ((await exported.json()) as { ring: Record<string, unknown>[] }).ring;
    expect(ring.length).toBe(POINTS);
    expect(ring[0]).toEqual(record(0));
    expect(ring[POINTS - 1]).toEqual(record(POINTS - 1));
    expect((await call("POST", "/detect/big", record(POINTS))).status).toBe(200);
    expect((await readdir(store)).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  }, 600_000);

  it("takes a bundle whose ring comes before its metadata", async () => {
    const { format, metadata, ring: _seedRing, ...rest } = (await call("GET", "/api/dynamic/seed/export")).body;
    const ring = Array.from({ length: 1000 }, (_, i) => record(i));
    const answer = await call("PUT", "/api/dynamic/ringfirst/import", { format, ring, ...rest, metadata });
    expect(answer.status).toBe(200);
    const exported = (await call("GET", "/api/dynamic/ringfirst/export")).body as { ring: unknown[] };
    expect(exported.ring).toEqual(ring);
  }, 120_000);

  it("refuses an upload past the upload limit with a 413, sized or chunked, and stores nothing", async () => {
    // In process (the real service on a real store): over a socket the
    // refused client's unsent body races the server's close (EPIPE).
    const dir = join(root, "limited");
    const service = new AnomalyService(new FileStore(dir, { durable: false }));
    const app = createAnomalyApp({ service, csvLimit: 1_000_000, log: () => {} });
    try {
      for (const sized of [true, false]) {
        const res = await app.request("/api/dynamic/huge/import", {
          method: "PUT",
          headers: sized ? { ...JSON_HEADERS, "content-length": String(bundleBytes) } : JSON_HEADERS,
          body: Readable.toWeb(createReadStream(bundleFile)) as ReadableStream,
          duplex: "half",
        } as RequestInit);
        expect(res.status, `sized: ${sized}`).toBe(413);
        expect(((await res.json()) as { message: string }).message).toMatch(/limited to 1000000 bytes/);
      }
      expect(await service.listModels()).toMatchObject({ models: {} });
      expect((await readdir(dir).catch(() => [])).filter((n) => n.endsWith(".tmp"))).toEqual([]);
    } finally {
      await service.close();
    }
  }, 120_000);

  it("names the upload's line and column, or the record, its data.jsonl line and field; changes nothing", async () => {
    const seed = (await call("GET", "/api/dynamic/seed/export")).body;
    const before = (await call("GET", "/models/dynamic/seed/metadata")).body.n_seen;
    const ring: Record<string, unknown>[] = Array.from({ length: 3000 }, (_, i) => record(i));
    ring[2345] = { ...record(2345), cpu: "high" };
    const wrongKind = await call("PUT", "/api/dynamic/seed/import", { ...seed, ring });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toMatch(/^The bundle's ring\[2345\] \(data\.jsonl line 2346\): .*'cpu'/);
    const text = JSON.stringify({ ...seed, ring: ring.slice(0, 10) }, null, 1);
    const broken = `${text.slice(0, 200)}\n  oops ${text.slice(200)}`;
    const syntax = await call("PUT", "/api/dynamic/seed/import", broken);
    expect(syntax.status).toBe(400);
    const line = broken.slice(0, broken.indexOf("oops")).split("\n").length;
    expect(syntax.body.message).toMatch(new RegExp(`^The upload is not valid JSON at line ${line}, column 3`));
    const cut = await call("PUT", "/api/dynamic/seed/import", text.slice(0, text.length / 2));
    expect(cut.status).toBe(400);
    expect(cut.body.message).toMatch(/^The upload ends in the middle of the bundle/);
    const notObject = await call("PUT", "/api/dynamic/seed/import", "[]");
    expect(notObject.body.message).toBe("The bundle must be a JSON object.");
    expect((await call("GET", "/models/dynamic/seed/metadata")).body.n_seen).toBe(before);
    expect((await call("GET", "/api/dynamic/seed/export")).body).toEqual(seed);
    expect((await readdir(store)).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  }, 120_000);
});
