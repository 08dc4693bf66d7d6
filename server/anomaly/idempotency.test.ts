// Idempotency-Key on POST /detect through the real app and engine: replays,
// a reused key with another body, malformed keys, concurrent retries, and
// keys that outlive the process (a file journal read by a new app),
// including a key whose point was stored but whose answer was never
// journaled (a crash between the two).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileKeyJournal, FileStore } from "../../anomaly/node";
import { steadyRecord } from "../../anomaly/testing";
import { createAnomalyApp } from "./routes";

let dir: string;
let service: AnomalyService;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "anomaly-idem-"));
  service = new AnomalyService(new FileStore(dir, { durable: false }));
});
afterEach(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

const app = () => createAnomalyApp({ service, pages: false, keyJournal: new FileKeyJournal(dir, undefined, false) });
const point = (i: number) => ({ ...steadyRecord(i), timestamp: 1_700_000_000 + i * 60 });

function detect(a: ReturnType<typeof app>, body: unknown, key?: string) {
  return a.request("/detect/idem", {
    method: "POST",
    headers: { "content-type": "application/json", ...(key === undefined ? {} : { "idempotency-key": key }) },
    body: JSON.stringify(body),
  });
}

async function stored(): Promise<number> {
  return (await service.metadata("idem")).n_seen;
}

describe("Idempotency-Key", () => {
  it("replays the first answer, stores the point once, and refuses the key for another body", async () => {
    const a = app();
    for (let i = 0; i < 55; i++) expect((await detect(a, point(i), `k${i}`)).status).toBeLessThan(300);
    const first = await detect(a, point(55), "k55");
    const firstBody = await first.json();
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await detect(a, point(55), "k55");
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(firstBody);
    expect(await stored()).toBe(56);

    const other = await detect(a, point(56), "k55");
    expect(other.status).toBe(422);
    expect((await other.json()).message).toMatch(/Idempotency-Key "k55" was already used for a different request body/);
    expect(await stored()).toBe(56);
  });

  it("refuses a malformed key with 400 and stores nothing", async () => {
    const a = app();
    for (const key of ["has space", "x".repeat(256), ""]) {
      const res = await detect(a, point(0), key);
      expect(res.status, key).toBe(400);
      expect((await res.json()).message).toMatch(/Idempotency-Key header must be 1 to 255 printable ASCII/);
    }
    await expect(stored()).rejects.toThrow(/not found/i);
  });

  it("answers concurrent retries of one key with one stored point", async () => {
    const a = app();
    const answers = await Promise.all(Array.from({ length: 5 }, () => detect(a, point(0), "same")));
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 202, 202]);
    expect(answers.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(4);
    expect(await stored()).toBe(1);
  });

  it("remembers keys across a restart, and finds the point of a key whose answer was never journaled", async () => {
    const a = app();
    for (let i = 0; i < 3; i++) await detect(a, point(i), `k${i}`);
    // A crash after k2's point was stored but before its answer was journaled: only the pending entry is left.
    const path = join(dir, "idem", "idempotency.jsonl");
    const lines = (await readFile(path, "utf8")).trimEnd().split("\n");
    await writeFile(path, `${lines.slice(0, -1).join("\n")}\n`);
    await service.close();
    service = new AnomalyService(new FileStore(dir, { durable: false }));
    const b = app();
    const replay = await detect(b, point(1), "k1");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await replay.json()).data_points).toBe(2);
    // Answered as it was the first time: still collecting, its third point.
    const found = await detect(b, point(2), "k2");
    expect(found.status).toBe(202);
    expect(found.headers.get("idempotent-replayed")).toBe("true");
    expect(await found.json()).toMatchObject({ status: "collecting", data_points: 3 });
    expect(await stored()).toBe(3);
  });

  it("answers a scored point whose answer was lost with the verdict stored with it, not a bare point", async () => {
    const a = app();
    for (let i = 0; i < 60; i++) await detect(a, point(i), `k${i}`);
    const spike = { ...point(60), cpu: 400 };
    const first = await (await detect(a, spike, "k60")).json();
    expect(first.status).toBe("success");
    // A kill after the point was stored but before its answer was journaled.
    const path = join(dir, "idem", "idempotency.jsonl");
    const lines = (await readFile(path, "utf8")).trimEnd().split("\n");
    await writeFile(path, `${lines.slice(0, -1).join("\n")}\n`);
    await service.close();
    service = new AnomalyService(new FileStore(dir, { durable: false }));
    const retried = await detect(app(), spike, "k60");
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    const body = await retried.json();
    for (const field of ["anomaly", "score", "severity", "voters", "top_columns", "alert", "learning", "data_points"]) {
      expect(body[field], field).toEqual(first[field]);
    }
    expect(await stored()).toBe(61);
  });
});
