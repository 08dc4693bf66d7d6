// Record keys named like Object.prototype's members (`__proto__`,
// `constructor`, ...) are ordinary columns end to end (issue 9): learned,
// stored, returned and scored, never dropped and never a prototype change.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { createAnomalyApp } from "./routes";
import { JSON_HEADERS } from "./testing";

let dir: string;
let service: AnomalyService;
let app: ReturnType<typeof createAnomalyApp>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "anomaly-proto-"));
  service = new AnomalyService(new FileStore(join(dir, "store"), { durable: false }));
  app = createAnomalyApp({ service, pages: false });
});

afterAll(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

// Written as text: an object literal with __proto__ would set the prototype.
const body = (i: number) =>
  `{"__proto__": ${10 + (i % 5)}, "constructor": "c${i % 2}", "toString": ${i % 3}, "temp": ${20 + (i % 7)}}`;

describe("record keys named like Object.prototype members", () => {
  it("are stored, learned and returned as ordinary columns", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 50; i++) {
      last = await app.request("/detect/proto", { method: "POST", headers: JSON_HEADERS, body: body(i) });
    }
    expect(last?.status).toBe(200);
    const verdict = (await last?.json()) as { data_point: Record<string, unknown> };
    expect(Object.hasOwn(verdict.data_point, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(verdict.data_point)).toBe(Object.prototype);

    const meta = (await (await app.request("/models/dynamic/proto/metadata")).json()) as Record<string, unknown>;
    expect(meta.cols).toEqual(["__proto__", "constructor", "toString", "temp"]);
    expect(meta.feats).toEqual(["__proto__", "constructor_c0", "constructor_c1", "toString", "temp"]);

    const data = (await (await app.request("/models/dynamic/proto/data?limit=1")).text()) as string;
    expect(data).toContain('"__proto__":14');
    const log = await readFile(join(dir, "store", "proto", "data.jsonl"), "utf8");
    expect(log.split("\n")[0]).toMatch(/^\{"__proto__":10,"constructor":"c0","toString":0,"temp":20,"timestamp":/);

    // The column counts: an outlier in __proto__ alone scores lower than a usual point.
    const score = async (proto: number) => {
      const res = await app.request("/detect_only/proto", {
        method: "POST",
        headers: JSON_HEADERS,
        body: `{"__proto__": ${proto}, "constructor": "c0", "toString": 1, "temp": 22}`,
      });
      return ((await res.json()) as { score: number }).score;
    };
    expect(await score(5000)).toBeLessThan(await score(12));

    // Export and import keep the column; so does loading the files anew.
    const bundle = await (await app.request("/api/dynamic/proto/export")).text();
    const imported = await app.request("/api/dynamic/copy/import", {
      method: "PUT",
      headers: JSON_HEADERS,
      body: bundle,
    });
    expect(imported.status).toBe(200);
    const copy = (await (await app.request("/models/dynamic/copy/data?limit=1")).text()) as string;
    expect(copy).toContain('"__proto__":14');
    const reopened = new AnomalyService(new FileStore(join(dir, "store"), { durable: false }));
    expect((await reopened.metadata("copy")).cols).toEqual(["__proto__", "constructor", "toString", "temp"]);
    const [point] = (await reopened.data("proto", 1)).data;
    expect(Object.hasOwn(point, "__proto__")).toBe(true);
    await reopened.close();
  });
});
