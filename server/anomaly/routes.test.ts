// Every WIRE.md anomaly route through the real engine and a real file store
// in a temp folder, driven with app.request (no socket).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { createAnomalyApp } from "./routes";
import { postJson } from "./testing";

let dir: string;
let service: AnomalyService;
let app: ReturnType<typeof createAnomalyApp>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "anomaly-routes-"));
  await mkdir(join(dir, "data"));
  await mkdir(join(dir, "web"));
  await writeFile(join(dir, "data", "points.csv"), "a,b\n1,2\n1.1,2.1\n0.9,1.9\n50,60\n");
  await writeFile(join(dir, "web", "modelmanager.html"), "<!doctype html><title>Model manager</title>");
  service = new AnomalyService(new FileStore(join(dir, "store")));
  app = createAnomalyApp({ service, webroot: join(dir, "web"), dataDir: join(dir, "data") });
});

afterAll(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

const point = (i: number) => ({ temperature: 20 + (i % 7) * 0.5, load: 40 + (i % 5), site: i % 2 ? "north" : "south" });

async function json(res: Response) {
  return (await res.json()) as Record<string, unknown>;
}

async function ingest(model: string, n: number, from = 0) {
  let last: Response | undefined;
  for (let i = from; i < from + n; i++) last = await app.request(`/detect/${model}`, postJson(point(i)));
  return last as Response;
}

describe("POST /detect/<m>", () => {
  it("answers 202 collecting while warming up, then 200 with a verdict from the 50th point", async () => {
    const first = await app.request("/detect/warm", postJson(point(0)));
    expect(first.status).toBe(202);
    expect(await json(first)).toEqual({
      status: "collecting",
      message: "Collecting data (1/50 points).",
      data_points: 1,
      min_data_points: 50,
      model_name: "warm",
    });
    const last = await ingest("warm", 49, 1);
    expect(last.status).toBe(200);
    const body = await json(last);
    expect(body).toMatchObject({ status: "success", model: "warm", data_points: 50, data_point: point(49) });
    expect(typeof body.anomaly).toBe("boolean");
    expect(typeof body.score).toBe("number");
    const versions = body.versions as Record<string, { threshold_info: { margin: number } }>;
    expect(Object.keys(versions)).toContain("short_term");
    // Margins follow the training scores (calibration.ts); severity is additive.
    expect(Number.isFinite(versions.short_term?.threshold_info.margin)).toBe(true);
    expect(body.severity).toBeGreaterThanOrEqual(0);
  });

  it("a bad value for a known numeric column is a 400 and the model is untouched", async () => {
    const before = await json(await app.request("/models/dynamic/warm/metadata"));
    const res = await app.request("/detect/warm", postJson({ temperature: "hot", load: 1, site: "north" }));
    expect(res.status).toBe(400);
    const after = await json(await app.request("/models/dynamic/warm/metadata"));
    expect(after.n_seen).toBe(before.n_seen);
  });
});

describe("POST /detect_only/<m>", () => {
  it("404 for a missing model, 400 before training, a verdict after, and nothing stored", async () => {
    const missing = await app.request("/detect_only/nobody", postJson(point(0)));
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ status: "error", message: "Model nobody not found" });
    await ingest("young", 3);
    const young = await app.request("/detect_only/young", postJson(point(0)));
    expect(young.status).toBe(400);
    expect((await json(young)).message).toBe("Model young exists but is not trained yet.");
    const scored = await app.request("/detect_only/warm", postJson(point(3)));
    expect(scored.status).toBe(200);
    expect((await json(scored)).status).toBe("success");
    expect((await json(await app.request("/models/dynamic/warm/metadata"))).n_seen).toBe(50);
  });
});

describe("GET|POST /force_train/<m>", () => {
  it("trains with GET and POST and reports the points used", async () => {
    for (const method of ["GET", "POST"]) {
      const res = await app.request("/force_train/warm", { method });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ status: "success", message: "Model warm trained", points_used: 50 });
    }
  });

  it("400 Not enough data to train when the model is too young", async () => {
    const res = await app.request("/force_train/young", { method: "POST" });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe("Not enough data to train");
  });
});

describe("models and their data", () => {
  it("GET /models/dynamic lists models with the constants", async () => {
    const body = await json(await app.request("/models/dynamic"));
    expect(body).toMatchObject({ status: "success", min_data_points: 50, max_data_points: 150000 });
    expect(Object.keys(body.models as object)).toEqual(expect.arrayContaining(["warm", "young"]));
  });

  it("GET /models/dynamic/<m>/metadata adds model_name; 404 when missing", async () => {
    const body = await json(await app.request("/models/dynamic/warm/metadata"));
    expect(body).toMatchObject({ name: "warm", model_name: "warm", n_seen: 50 });
    const missing = await app.request("/models/dynamic/nobody/metadata");
    expect(missing.status).toBe(404);
  });

  it("GET /models/dynamic/<m>/data returns the newest points oldest first; limit=all gives every point", async () => {
    const some = await json(await app.request("/models/dynamic/warm/data?limit=3"));
    expect(some).toMatchObject({ status: "success", model_name: "warm", data_points_count: 50 });
    const data = some.data as Record<string, unknown>[];
    expect(data.map((r) => r.temperature)).toEqual([47, 48, 49].map((i) => point(i).temperature));
    expect((await json(await app.request("/models/dynamic/warm/data"))).data).toHaveLength(50);
    expect((await json(await app.request("/models/dynamic/warm/data?limit=all"))).data).toHaveLength(50);
  });
});

describe("tuning", () => {
  it("PUT /api/dynamic/<m>/schedule applies positive values", async () => {
    const res = await app.request(
      "/api/dynamic/warm/schedule",
      postJson({ below_max_retrain_frequency: 25, at_max_retrain_frequency: -3 }, "PUT"),
    );
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ status: "success", training_schedule: { below_max: 25, at_max: 1000 } });
  });

  it("POST /api/dynamic/<m>/finetune sets margins from the ring", async () => {
    const body = await json(await app.request("/api/dynamic/warm/finetune", { method: "POST" }));
    expect(body.status).toBe("success");
    const margins = body.adjusted_margins as Record<string, number>;
    const lows = body.max_anomaly_scores as Record<string, number>;
    for (const [v, margin] of Object.entries(margins))
      expect(margin).toBeCloseTo(0.95 * Math.abs(lows[v] ?? Number.NaN), 12);
  });

  it("PUT /api/dynamic/<m>/margin sets one version's margin", async () => {
    const res = await app.request("/api/dynamic/warm/margin", postJson({ version: "daily", margin: 0.2 }, "PUT"));
    expect(res.status).toBe(200);
    const verdict = await json(await app.request("/detect_only/warm", postJson(point(1))));
    expect(
      (verdict.versions as Record<string, { threshold_info: { margin: number } }>).daily?.threshold_info.margin,
    ).toBe(0.2);
  });

  it("POST /train/autoencoder/<m> trains, and fails with 400 and a reason on a young model", async () => {
    // Enough points that 50 normal ones survive the forest's pre-filter.
    await ingest("ae", 120);
    const ok = await app.request("/train/autoencoder/ae", postJson({ hidden: [4], contamination: 0.1 }));
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ status: "success", training_data_points: expect.any(Number) });
    const young = await app.request("/train/autoencoder/young", { method: "POST" });
    expect(young.status).toBe(400);
    expect((await json(young)).message).toMatch(/not enough data points/i);
  });
});

describe("sharing models", () => {
  it("export then import under another name gives the same model", async () => {
    const bundle = await json(await app.request("/api/dynamic/warm/export"));
    const res = await app.request("/api/dynamic/copy/import", postJson(bundle, "PUT"));
    expect(res.status).toBe(200);
    const a = await json(await app.request("/detect_only/warm", postJson(point(2))));
    const b = await json(await app.request("/detect_only/copy", postJson(point(2))));
    expect(b.score).toBe(a.score);
  });

  it("a broken bundle is a 400", async () => {
    const res = await app.request("/api/dynamic/copy2/import", postJson({ format: "nope" }, "PUT"));
    expect(res.status).toBe(400);
  });
});

describe("POST /detect_anomalies", () => {
  const csv = "a,b\n1,2\n1.1,2.1\n0.9,1.9\n50,60\n";
  const expectResult = async (res: Response) => {
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      status: "success",
      message: "Anomaly detection completed",
      result: { total_rows: 4, model_used: "batch:iforest" },
    });
    return body;
  };

  it("takes a multipart upload, a text/csv body and JSON csv alike", async () => {
    const form = new FormData();
    form.set("file", new File([csv], "points.csv", { type: "text/csv" }));
    const viaForm = await expectResult(await app.request("/detect_anomalies", { method: "POST", body: form }));
    const viaText = await expectResult(
      await app.request("/detect_anomalies", { method: "POST", headers: { "content-type": "text/csv" }, body: csv }),
    );
    const viaJson = await expectResult(await app.request("/detect_anomalies", postJson({ csv })));
    expect(viaText.result).toEqual(viaForm.result);
    expect(viaJson.result).toEqual(viaForm.result);
  });

  it("has_header=false counts the first line as data", async () => {
    const res = await app.request(
      "/detect_anomalies",
      postJson({ csv: "1,2\n1.1,2.1\n0.9,1.9\n50,60\n", has_header: false }),
    );
    await expectResult(res);
  });

  it("reads file_path only inside the data folder", async () => {
    await expectResult(await app.request("/detect_anomalies", postJson({ file_path: "points.csv" })));
    for (const file_path of ["../store/x", "/etc/passwd", "../../../../etc/passwd"]) {
      const res = await app.request("/detect_anomalies", postJson({ file_path }));
      expect(res.status, file_path).toBe(400);
    }
    const missing = await app.request("/detect_anomalies", postJson({ file_path: "nope.csv" }));
    expect(missing.status).toBe(404);
  });

  it("refuses any model_name", async () => {
    const res = await app.request("/detect_anomalies", postJson({ csv, model_name: "warm" }));
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/model_name/);
  });
});

describe("reset and delete", () => {
  it("POST /models/dynamic/<m>/reset empties the model", async () => {
    const res = await app.request("/models/dynamic/copy/reset", { method: "POST" });
    expect(await json(res)).toEqual({ status: "success", message: "Model copy reset" });
    expect((await json(await app.request("/models/dynamic/copy/data"))).data).toEqual([]);
  });

  it("DELETE and GET /delete_model/<m> delete; then the model is 404", async () => {
    await ingest("gone1", 1);
    await ingest("gone2", 1);
    const del = await app.request("/delete_model/gone1", { method: "DELETE" });
    expect(await json(del)).toEqual({ status: "success", message: "Model gone1 deleted successfully" });
    expect((await app.request("/delete_model/gone2")).status).toBe(200);
    expect((await app.request("/models/dynamic/gone1/metadata")).status).toBe(404);
    expect((await app.request("/delete_model/gone1", { method: "DELETE" })).status).toBe(404);
  });
});

describe("dashboard pages", () => {
  it("serves a built page from the web root, 404 JSON for one not built", async () => {
    const page = await app.request("/modelmanager.html");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain("Model manager");
    const missing = await app.request("/visualize.html");
    expect(missing.status).toBe(404);
    expect((await json(missing)).status).toBe("error");
  });
});
