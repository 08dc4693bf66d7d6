// The "big export under load" scenario of issue 30, shared by its test
// (server/anomaly/export.test.ts: nothing reset, the export intact) and its
// benchmark (bench/anomaly-http.bench.ts --export: the p99 of the clients'
// /detect latency against 50 ms). A model of `points` records is made by
// importing a bundle, then `clients` keep-alive clients ingest into their
// own models while the whole model is exported once.
import { steadyRecord } from "../../anomaly/testing";

export interface ExportLoadResult {
  /** Bytes of the export and the records in its ring. */
  exportBytes: number;
  exportRing: number;
  exportMs: number;
  /** Every /detect latency measured while the export ran, in ms. */
  latencies: number[];
  /** The same clients' latencies over as long without an export, for comparison. */
  baseline: number[];
  /** Network errors (a reset connection) and 5xx answers, as text. */
  failures: string[];
}

const record = (i: number) => ({ ...steadyRecord(i), timestamp: 1_700_000_000 + i * 60 });

async function json(url: string, method: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Creates `model` with `points` records: a trained seed model's bundle with a long ring, imported. */
export async function makeBigModel(
  base: string,
  model: string,
  points: number,
  /** Runs right before the import (the bench starts its stall window there). */
  beforeImport: () => Promise<unknown> = async () => {},
): Promise<void> {
  const seed = `${model}_seed`;
  for (let i = 0; i < 60; i++) await json(`${base}/detect/${seed}`, "POST", record(i));
  const bundle = (await json(`${base}/api/dynamic/${seed}/export`, "GET")).body as { ring: unknown[] };
  bundle.ring = Array.from({ length: points }, (_, i) => record(i));
  await beforeImport();
  const imported = await json(`${base}/api/dynamic/${model}/import`, "PUT", bundle);
  if (imported.status !== 200) throw new Error(`import failed: ${JSON.stringify(imported.body)}`);
}

/** Loads a model into the server's memory (an import leaves it to load at its next use). */
export async function loadModel(base: string, model: string): Promise<void> {
  const meta = await json(`${base}/models/dynamic/${model}/metadata`, "GET");
  if (meta.status !== 200) throw new Error(`loading ${model} failed: ${JSON.stringify(meta.body)}`);
}

export async function exportUnderLoad(base: string, model: string, clients = 8): Promise<ExportLoadResult> {
  const latencies: number[] = [];
  const failures: string[] = [];
  let done = false;
  const client = async (c: number) => {
    for (let i = 0; !done; i++) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/detect/load${c}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(record(i)),
        });
        await res.arrayBuffer();
        if (res.status >= 500) failures.push(`client ${c}: HTTP ${res.status}`);
      } catch (e) {
        failures.push(`client ${c}: ${(e as Error).message} (${String((e as { cause?: unknown }).cause)})`);
      }
      latencies.push(performance.now() - started);
    }
  };
  // Train the clients' models first, and on a schedule that retrains them
  // no more, so no retrain falls into the window: below the ring's capacity
  // the default retrains every 50 points, which at these rates is every few
  // hundred ms, and a request queued behind its own model's training (about
  // 170 ms) is not what this measures.
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      await json(`${base}/detect/load${c}`, "POST", record(0));
      const schedule = { below_max_retrain_frequency: 1_000_000, at_max_retrain_frequency: 1_000_000 };
      const set = await json(`${base}/api/dynamic/load${c}/schedule`, "PUT", schedule);
      if (set.status !== 200) throw new Error(`schedule of load${c}: ${JSON.stringify(set.body)}`);
      for (let i = 1; i < 60; i++) await json(`${base}/detect/load${c}`, "POST", record(i));
    }),
  );
  const running = Array.from({ length: clients }, (_, c) => client(c));
  // Let the clients reach a steady state before the export starts.
  await new Promise((r) => setTimeout(r, 500));
  latencies.length = 0;
  const started = performance.now();
  let bytes = Buffer.alloc(0);
  try {
    const res = await fetch(`${base}/api/dynamic/${model}/export`);
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (e) {
    failures.push(`export: ${(e as Error).message}`);
  }
  const exportMs = performance.now() - started;
  const during = latencies.splice(0);
  await new Promise((r) => setTimeout(r, exportMs));
  const baseline = latencies.splice(0);
  done = true;
  await Promise.all(running);
  // Parsed only now: a 15 MB JSON.parse here would stall the clients'
  // own event loop and show up in their latencies.
  let exportRing = 0;
  try {
    exportRing = (JSON.parse(bytes.toString("utf8")) as { ring: unknown[] }).ring.length;
  } catch (e) {
    failures.push(`export is not JSON: ${(e as Error).message}`);
  }
  const exportBytes = bytes.length;
  return { exportBytes, exportRing, exportMs, latencies: during, baseline, failures };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
