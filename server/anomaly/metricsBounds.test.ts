// /metrics stays bounded whatever is requested: a real anomaly server on
// loopback, real model files, and thousands of unauthenticated requests
// naming models that do not exist (bad names, NUL bytes, unicode, endless
// fresh names, unknown sub-paths) add no series; per-model series are
// capped by ANOMALY_METRICS_MAX_MODELS; the scrape always parses.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterEach, describe, expect, it } from "vitest";
import { FileStore } from "../../anomaly/node";
import { type AnomalyServerHandle, startAnomalyServer } from "./serve";
import { postJson } from "./testing";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(): Promise<AnomalyServerHandle> {
  const dir = await mkdtemp(join(tmpdir(), "anomaly-metrics-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const handle = await startAnomalyServer({ port: 0, store: new FileStore(dir, { durable: false }), log: () => {} });
  cleanups.push(() => handle.close());
  return handle;
}

/** Every series in a scrape as `name{labels}` (values left out), and the text's size. */
async function scrape(url: string): Promise<{ series: Set<string>; bytes: number; text: string }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const series = new Set<string>();
  for (const family of parsePrometheusTextFormat(text)) {
    for (const sample of family.metrics) series.add(`${family.name}${JSON.stringify(sample.labels ?? {})}`);
  }
  return { series, bytes: Buffer.byteLength(text), text };
}

/** The i-th hostile request: a path naming no existing model. */
function hostile(i: number): string {
  const names = [
    `ghost${i}`,
    encodeURIComponent(`bad\u0000name${i}`),
    encodeURIComponent(`模型${i}🙂`),
    encodeURIComponent(`a b"c\\d\n${i}`),
    "x".repeat(200 + (i % 50)),
  ];
  const name = names[i % names.length];
  const paths = [
    `/api/dynamic/${name}/health`,
    `/models/dynamic/${name}/metadata`,
    `/api/dynamic/${name}/alerts`,
    `/api/dynamic/${name}/no-such-route-${i}`,
    `/models/dynamic/${name}`,
    `/detect_only/${name}`,
  ];
  return paths[Math.floor(i / names.length) % paths.length];
}

describe("/metrics under hostile requests", { timeout: 300_000 }, () => {
  it("3,000 requests naming no existing model leave the series and the size as they were", async () => {
    const handle = await server();
    for (let i = 0; i < 60; i++) await fetch(`${handle.url}/detect/real`, postJson({ value: i % 7 }));
    // One of each kind first, so the per-route error counters exist before the baseline.
    for (let i = 0; i < 30; i++) await (await fetch(`${handle.url}${hostile(i)}`)).arrayBuffer();
    const before = await scrape(handle.url);
    expect([...before.series].some((s) => s.startsWith('anomaly_queue_depth{"model":"real"}'))).toBe(true);

    for (let i = 30; i < 3030; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, j) => {
          const res = await fetch(`${handle.url}${hostile(i + j)}`);
          await res.arrayBuffer();
          expect(res.status).toBeGreaterThanOrEqual(400);
        }),
      );
    }
    const after = await scrape(handle.url);
    console.log(
      `/metrics after 3,000 requests naming no model: ${before.series.size} → ${after.series.size} series, ${before.bytes} → ${after.bytes} bytes`,
    );
    expect([...after.series].filter((s) => !before.series.has(s))).toEqual([]);
    // Only counts grew (a few digits each), not the number of series.
    expect(Math.abs(after.bytes - before.bytes)).toBeLessThan(4096);
    expect(after.text).not.toContain("\u0000");
    expect(after.text).not.toMatch(/ghost|模型|xxxxxxxx|no-such-route/);
    const modelLabels = new Set(
      parsePrometheusTextFormat(after.text).flatMap((f) => f.metrics.map((m) => m.labels?.model).filter(Boolean)),
    );
    expect([...modelLabels]).toEqual(["real"]);
  });

  it("gives per-model series to at most ANOMALY_METRICS_MAX_MODELS models", async () => {
    const previous = process.env.ANOMALY_METRICS_MAX_MODELS;
    process.env.ANOMALY_METRICS_MAX_MODELS = "2";
    let handle: AnomalyServerHandle;
    try {
      handle = await server();
    } finally {
      if (previous === undefined) delete process.env.ANOMALY_METRICS_MAX_MODELS;
      else process.env.ANOMALY_METRICS_MAX_MODELS = previous;
    }
    for (const model of ["m1", "m2", "m3", "m4"]) await fetch(`${handle.url}/detect/${model}`, postJson({ value: 1 }));
    const text = await (await fetch(`${handle.url}/metrics`)).text();
    const ingested = parsePrometheusTextFormat(text).find((f) => f.name === "anomaly_ingested_points_total");
    expect(ingested?.metrics.map((m) => m.labels?.model).sort()).toEqual(["m1", "m2"]);
    // The route totals still count every request.
    expect(text).toMatch(
      /^anomaly_http_request_duration_seconds_count\{route="\/detect\/\{m\}",method="POST",status="20[02]"\} 4$/m,
    );
  });
});
