// Explanations through a real `anomaly serve` process on loopback: the cases
// the old path-split credit got wrong must name the right column, the
// explanation describes the rule that flagged the point (its first voter),
// never a version that did not flag, and the verdict recorded with an
// ingested point names the same top column.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBundle, splitStored } from "../../anomaly";
import { explainRingPoint } from "../../client/anomaly/engine/ringScores";
import { bundleCli, postJson, type ServerProcess, spawnServer } from "./testing";

const T0 = 1_767_225_600; // 2026-01-01T00:00:00Z
const MODEL = "web";
const POINTS = 400;

/** Deterministic noise in [0, 1): the same stream on every run. */
function noise(i: number, k: number): number {
  let s = (Math.imul(i + 1, 2654435761) ^ Math.imul(k + 7, 40503)) >>> 0;
  s = Math.imul(s ^ (s >>> 15), 2246822507) >>> 0;
  s = Math.imul(s ^ (s >>> 13), 3266489909) >>> 0;
  return ((s ^ (s >>> 16)) >>> 0) / 2 ** 32;
}

/** Requests and latency with noise; region mostly "eu", every tenth point "us". */
function point(i: number): Record<string, unknown> {
  return {
    timestamp: T0 + 60 * i,
    requests: 100 + 20 * noise(i, 1),
    latency: 50 + 10 * noise(i, 2),
    region: i % 10 === 0 ? "us" : "eu",
  };
}

interface Column {
  column: string;
  kind: string;
  actual: unknown;
  typical: unknown;
  contribution: number;
  share: number;
}
interface Explanation {
  voter: string | null;
  version: string | null;
  method: string;
  score: number;
  baseline_score: number;
  columns: Column[];
}

let root: string;
let cli: string[];
let server: ServerProcess;

async function post(path: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, postJson(body));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "anomaly-explain-"));
  cli = await bundleCli();
  server = await spawnServer(join(root, "store"), cli);
  for (let i = 0; i < POINTS; i++) {
    const { status } = await post(`/detect/${MODEL}`, point(i));
    expect(status === 200 || status === 202).toBe(true);
  }
  expect((await post(`/force_train/${MODEL}`, {})).status).toBe(200);
}, 300_000);

afterAll(async () => {
  server?.child.kill("SIGKILL");
  await rm(root, { recursive: true, force: true });
  if (cli) await rm(cli[0] as string, { force: true });
});

/** A point like the training data (region "eu"), not in it. */
const usual = point(POINTS + 1);
const explanationOf = (body: Record<string, unknown>) => body.explanation as Explanation;
const top = (e: Explanation) => e.columns[0] as Column;
const columnOf = (e: Explanation, name: string) => e.columns.find((c) => c.column === name) as Column;

describe("explanations (?explain=1)", () => {
  it("is absent unless asked for, so existing clients see the same fields", async () => {
    const { status, body } = await post(`/detect_only/${MODEL}`, point(POINTS));
    expect(status).toBe(200);
    expect(body).not.toHaveProperty("explanation");
    const off = await post(`/detect_only/${MODEL}?explain=0`, point(POINTS));
    expect(off.body).not.toHaveProperty("explanation");
    const bad = await post(`/detect_only/${MODEL}?explain=maybe`, point(POINTS));
    expect(bad.status).toBe(400);
  });

  it("blames a drop of requests to zero on requests, with its typical value", async () => {
    const { status, body } = await post(`/detect_only/${MODEL}?explain=1`, { ...usual, requests: 0 });
    expect(status).toBe(200);
    const e = explanationOf(body);
    expect(top(e)).toMatchObject({ column: "requests", kind: "numeric", actual: 0 });
    expect(top(e).typical as number).toBeGreaterThan(100);
    expect(top(e).typical as number).toBeLessThan(120);
    expect(top(e).share).toBeGreaterThan(0.6);
    expect(columnOf(e, "latency").share).toBeLessThan(top(e).share / 2);
    // Every learned column is listed once.
    expect(e.columns.map((c) => c.column).sort()).toEqual(["latency", "region", "requests"]);
    // The rule that flagged it is the column's band, and that is what is explained.
    expect(body.anomaly).toBe(true);
    expect(body.voters).toContain("band:requests");
    expect(e).toMatchObject({ voter: (body.voters as string[])[0], method: "band", version: null });
    expect((body.top_columns as { column: string }[])[0].column).toBe("requests");
  });

  it("explains a version's flag by that version's Shapley values, never a version that did not flag", async () => {
    const { body } = await post(`/detect_only/${MODEL}?explain=1`, { ...usual, requests: 300, latency: 10 });
    const e = explanationOf(body);
    const versions = body.versions as Record<string, { score: number; anomaly: boolean }>;
    if (e.version !== null) {
      expect(versions[e.version]?.anomaly).toBe(true);
      expect(versions[e.version]?.score).toBe(e.score);
      // Shapley contributions add up to baseline − score.
      const sum = e.columns.reduce((s, c) => s + c.contribution, 0);
      expect(sum).toBeCloseTo(e.baseline_score - e.score, 9);
    }
    expect(e.voter).toBe((body.voters as string[])[0] ?? null);
  });

  it("explains an unflagged point by its strongest check, naming no voter", async () => {
    const { body } = await post(`/detect_only/${MODEL}?explain=true`, { ...usual, region: "us" });
    expect(body.anomaly).toBe(false);
    expect(body.voters).toEqual([]);
    const e = explanationOf(body);
    expect(e.voter).toBeNull();
    expect(columnOf(e, "region")).toMatchObject({ kind: "categorical", actual: "us", typical: "eu" });
  });

  it("flags a region never seen by the categorical band, and names the region alone", async () => {
    const { body } = await post(`/detect_only/${MODEL}?explain=true`, { ...usual, region: "mars" });
    expect(body.anomaly).toBe(true);
    expect((body.voters as string[])[0]).toBe("band:region");
    const e = explanationOf(body);
    expect(e.voter).toBe("band:region");
    expect(top(e)).toMatchObject({ column: "region", actual: "mars", share: 1 });
  });

  it("gives a numeric outlier the credit, not the one-hot columns of the category beside it", async () => {
    // Path-split credit gave the region's one-hot columns a quarter of it.
    const { body } = await post(`/detect_only/${MODEL}?explain=1`, { ...usual, latency: 500 });
    const e = explanationOf(body);
    expect(top(e)).toMatchObject({ column: "latency", actual: 500 });
    expect(top(e).share).toBeGreaterThan(0.8);
    expect(columnOf(e, "region")).toMatchObject({ actual: "eu", typical: "eu", share: 0 });
  });

  it("is deterministic: the same request gives the same explanation, bit for bit", async () => {
    const record = { ...point(POINTS), requests: 3, latency: 80 };
    const a = await post(`/detect_only/${MODEL}?explain=1`, record);
    const b = await post(`/detect_only/${MODEL}?explain=1`, record);
    expect(a.body.explanation).toEqual(b.body.explanation);
  });

  it("explains an ingested point on /detect, and the verdict recorded with the point names the same column", async () => {
    const { status, body } = await post(`/detect/${MODEL}?explain=1`, { ...point(POINTS + 3), requests: 0 });
    expect(status).toBe(200);
    const e = explanationOf(body);
    expect(top(e).column).toBe("requests");
    // The point's line in the export carries the verdict given, naming the same column.
    const res = await fetch(`${server.url}/api/dynamic/${MODEL}/export`);
    const bundle = parseBundle(await res.json());
    if (typeof bundle === "string") throw new Error(bundle);
    const index = bundle.ring.length - 1;
    expect(bundle.ring[index]?.requests).toBe(0);
    const recorded = splitStored(bundle.ring[index] as Record<string, unknown>).verdict;
    expect(recorded?.voters).toEqual(body.voters);
    expect(recorded?.top_columns[0]?.column).toBe("requests");
    // The dashboards' per-version view (today's forests) explains the same point in the worker.
    const local = explainRingPoint(bundle, "daily", index);
    expect(local?.version).toBe("daily");
    expect(local?.columns.map((c) => c.column).sort()).toEqual(["latency", "region", "requests"]);
  });

  it("is documented in the OpenAPI document, with the feedback routes", async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const path of ["/detect/{m}", "/detect_only/{m}"]) {
      expect(doc.paths[path]?.post?.parameters?.map((p) => p.name)).toContain("explain");
    }
    // The feedback routes too (server/anomaly/feedback.ts).
    expect(Object.keys(doc.paths[`/api/dynamic/{m}/feedback`] ?? {}).sort()).toEqual(["get", "post"]);
    expect(doc.paths["/api/dynamic/{m}/maintenance"]).toHaveProperty("post");
    expect(doc.paths["/api/dynamic/{m}/feedback/{id}"]).toHaveProperty("delete");
    const verdict = JSON.stringify(doc.components.schemas.Verdict);
    for (const field of ["explanation", "baseline_score", "typical", "contribution", "share"]) {
      expect(verdict).toContain(`"${field}"`);
    }
  });
});
