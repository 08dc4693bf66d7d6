// A damaged metadata.json never loses a model's data (issue 9): the real
// engine, a real file store in a temp folder, and the HTTP routes through
// app.request.
import { appendFile, mkdtemp, readdir, readFile, rm, truncate, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { steadyRecord } from "../../anomaly/testing";
import { createAnomalyApp } from "./routes";
import { postJson } from "./testing";

let dir: string;
let logLines: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "anomaly-recovery-"));
  logLines = [];
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = () => new AnomalyService(new FileStore(dir, { durable: false, log: (line) => logLines.push(line) }));

async function seed(model: string, n: number): Promise<void> {
  const service = open();
  for (let i = 0; i < n; i++) await service.detect(model, { ...steadyRecord(i), timestamp: 1_700_000_000 + i });
  await service.close();
}

/** Every file of the model's folder with its bytes, to prove nothing changed. */
async function snapshot(model: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(join(dir, model))).sort()) {
    out[name] = (await readFile(join(dir, model, name))).toString("base64");
  }
  return out;
}

describe("a damaged metadata.json with an intact data log", () => {
  it("is rebuilt from data.jsonl on load, with a log line, the damaged files kept aside and the data untouched", async () => {
    await seed("plant", 60);
    const before = await readFile(join(dir, "plant", "data.jsonl"));
    await truncate(join(dir, "plant", "metadata.json"), 40);
    const service = open();
    const meta = await service.metadata("plant");
    expect(meta.n_seen).toBe(60);
    expect(meta.cols).toEqual(["cpu", "mem", "host"]);
    expect(meta.cats).toEqual([[], [], ["a", "b"]]);
    expect(logLines.join("\n")).toMatch(
      /model plant: metadata\.json is not valid JSON.*rebuilt it from data\.jsonl \(60 records\)/,
    );
    expect(await readFile(join(dir, "plant", "data.jsonl"))).toEqual(before);
    const aside = (await readdir(join(dir, "plant"))).find((f) => f.startsWith("damaged-")) as string;
    expect((await readFile(join(dir, "plant", aside, "metadata.json"))).length).toBe(40);
    // The model works on: the next point trains it and is stored after the 60.
    const answer = await service.detect("plant", steadyRecord(60));
    expect(answer.httpStatus).toBe(200);
    expect((await service.data("plant", "all")).data_points_count).toBe(61);
    await service.close();
  });

  it("a deleted metadata.json with data in the log is rebuilt, not replaced by a fresh model", async () => {
    await seed("plant", 30);
    await unlink(join(dir, "plant", "metadata.json"));
    const service = open();
    const answer = await service.detect("plant", steadyRecord(30));
    expect(answer.body).toMatchObject({ status: "collecting", data_points: 31 });
    expect((await service.data("plant", "all")).data_points_count).toBe(31);
    expect(logLines.join("\n")).toMatch(/metadata\.json is missing; rebuilt it from data\.jsonl \(30 records\)/);
    await service.close();
  });
});

describe("a damaged model whose data log is not intact", () => {
  async function damage(model: string) {
    await seed(model, 60);
    await writeFile(join(dir, model, "metadata.json"), '{"name": "plant", "cols": [');
    await appendFile(join(dir, model, "data.jsonl"), "garbage that is not json\n");
  }

  it("answers 409 naming the file on every model route, is listed with its error, and no request changes its files", async () => {
    await damage("plant");
    const files = await snapshot("plant");
    const service = open();
    const app = createAnomalyApp({ service, pages: false });
    const probes: [string, RequestInit?][] = [
      ["/detect/plant", postJson({ cpu: 1, mem: 2, host: "a" })],
      ["/detect_only/plant", postJson({ cpu: 1, mem: 2, host: "a" })],
      ["/force_train/plant", { method: "POST" }],
      ["/models/dynamic/plant/metadata"],
      ["/models/dynamic/plant/data"],
      ["/models/dynamic/plant/reset", { method: "POST" }],
      ["/api/dynamic/plant/schedule", postJson({ below_max_retrain_frequency: 5 }, "PUT")],
      ["/api/dynamic/plant/finetune", { method: "POST" }],
      ["/api/dynamic/plant/export"],
    ];
    for (const [path, init] of probes) {
      const res = await app.request(path, init);
      expect(res.status, path).toBe(409);
      const body = (await res.json()) as { status: string; message: string };
      expect(body.status, path).toBe("error");
      expect(body.message, path).toMatch(/^Model plant cannot be loaded: metadata\.json is not valid JSON/);
      expect(body.message, path).toMatch(/data\.jsonl has 1 unreadable line/);
      expect(body.message, path).toMatch(/anomaly doctor plant/);
    }
    const list = (await (await app.request("/models/dynamic")).json()) as {
      models: Record<string, unknown>;
      damaged_models: Record<string, { file: string; error: string }>;
    };
    expect(Object.keys(list.models)).toEqual([]);
    expect(list.damaged_models.plant.file).toBe("metadata.json");
    expect(list.damaged_models.plant.error).toMatch(/metadata\.json is not valid JSON/);
    expect(await snapshot("plant")).toEqual(files);
    expect(logLines).toEqual([]);
    await service.close();
  });

  it("the operator's rebuild keeps every readable point; quarantine frees the name and keeps the folder", async () => {
    await damage("plant");
    const store = new FileStore(dir, { durable: false, log: (line) => logLines.push(line) });
    expect(await store.diagnose("plant")).toMatchObject({ ok: false, file: "metadata.json", records: 60, badLines: 1 });
    const meta = await store.rebuild("plant");
    expect(meta.n_seen).toBe(60);
    await store.close();
    const service = open();
    expect((await service.metadata("plant")).n_seen).toBe(60);
    await service.close();

    await damage("other");
    const quarantine = new FileStore(dir, { durable: false });
    const moved = await quarantine.quarantine("other");
    await quarantine.close();
    expect(moved).toMatch(/\.quarantine\/other-\d+$/);
    expect((await readFile(join(moved, "data.jsonl"), "utf8")).split("\n").length).toBe(62);
    const fresh = open();
    expect((await fresh.detect("other", steadyRecord(0))).body).toMatchObject({ data_points: 1 });
    expect(Object.keys((await fresh.listModels()).damaged_models)).toEqual([]);
    await fresh.close();
  });
});
