// Security options, /metrics and the SIGTERM drain (issue 30) on real
// `anomaly serve` processes on loopback.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { steadyRecord } from "../../anomaly/testing";
import { bundleCli, type ServerProcess, spawnServer } from "./testing";

let root: string;
let cli: string[];
const servers: ServerProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "anomaly-ops-"));
  cli = await bundleCli();
});
afterAll(async () => {
  for (const s of servers) s.child.kill("SIGKILL");
  await rm(root, { recursive: true, force: true });
  await rm(cli[0] as string, { force: true });
});

async function start(env?: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const s = await spawnServer(root, cli, env);
  servers.push(s);
  return s;
}

async function stop(s: ServerProcess): Promise<number | null> {
  if (s.child.exitCode !== null) return s.child.exitCode;
  const exited = new Promise<number | null>((resolve) => s.child.once("exit", (code) => resolve(code)));
  s.child.kill("SIGTERM");
  return exited;
}

const point = (i: number) => ({ ...steadyRecord(i), timestamp: 1_700_000_000 + i * 60 });

async function send(
  s: ServerProcess,
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${s.url}${path}`, { method, body: init.body, headers: init.headers });
  return { status: res.status, text: await res.text(), headers: res.headers };
}
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { "content-type": "application/json" } });
const withToken = (token: string, init: { body?: string; headers?: Record<string, string> } = {}) => ({
  ...init,
  headers: { ...init.headers, authorization: `Bearer ${token}` },
});

describe("security options", () => {
  it("with tokens set: state changes need the full token (401 without, 403 read-only); reads stay open", async () => {
    const s = await start({ ANOMALY_API_TOKENS: "s3cret", ANOMALY_READ_TOKENS: "viewer", ANOMALY_STATE_GETS: "0" });
    const none = await send(s, "POST", "/detect/guarded", json(point(0)));
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await send(s, "POST", "/detect/guarded", withToken("wrong", json(point(0))))).status).toBe(401);
    expect((await send(s, "POST", "/detect/guarded", withToken("viewer", json(point(0))))).status).toBe(403);
    expect((await send(s, "GET", "/models/dynamic")).text).not.toContain("guarded");
    expect((await send(s, "POST", "/detect/guarded", withToken("s3cret", json(point(0))))).status).toBe(202);
    expect((await send(s, "GET", "/models/dynamic/guarded/metadata")).status).toBe(200);
    expect((await send(s, "GET", "/models/dynamic/guarded/metadata", withToken("viewer"))).status).toBe(200);
    // The reference service's state-changing GETs are off: 405 naming what to use.
    const get = await send(s, "GET", "/delete_model/guarded", withToken("s3cret"));
    expect(get.status).toBe(405);
    expect(JSON.parse(get.text).message).toMatch(/use DELETE/);
    expect((await send(s, "DELETE", "/delete_model/guarded", withToken("viewer"))).status).toBe(403);
    expect((await send(s, "DELETE", "/delete_model/guarded", withToken("s3cret"))).status).toBe(200);
    await stop(s);
  }, 120_000);

  it("by default: a body not sent as application/json is refused, curl's included; cross-site state changes are refused; nothing changes", async () => {
    const s = await start({ ANOMALY_CORS_ORIGINS: "http://dash.example" });
    const record = JSON.stringify(point(0));
    expect((await send(s, "POST", "/detect/site", json(point(0)))).status).toBe(202);
    // curl -d: no Origin, form type: refused unless a compatibility switch is on.
    const curl = await send(s, "POST", "/detect/site", {
      body: record,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(curl.status).toBe(415);
    expect(JSON.parse(curl.text).message).toMatch(/ANOMALY_BODY_TYPES/);
    const host = new URL(s.url).host;
    const plain = await send(s, "POST", "/detect/site", {
      body: record,
      headers: { "content-type": "text/plain", origin: `http://${host}` },
    });
    expect(plain.status).toBe(415);
    const crossSite = await send(s, "POST", "/models/dynamic/site/reset", {
      headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    // Behind a proxy that rewrites Host, the browser's same-origin verdict is trusted.
    const proxied = await send(s, "POST", "/detect/site", {
      body: record,
      headers: {
        "content-type": "application/json",
        origin: "https://public.example",
        "sec-fetch-site": "same-origin",
      },
    });
    expect(proxied.status).toBe(202);
    const imgTag = await send(s, "GET", "/delete_model/site", { headers: { "sec-fetch-site": "cross-site" } });
    expect(imgTag.status).toBe(403);
    const meta = JSON.parse((await send(s, "GET", "/models/dynamic/site/metadata")).text);
    expect(meta.n_seen).toBe(2);
    // An allowed origin gets CORS headers and may change state with JSON.
    const allowed = await send(s, "POST", "/detect/site", {
      body: record,
      headers: { "content-type": "application/json", origin: "http://dash.example", "sec-fetch-site": "cross-site" },
    });
    expect(allowed.status).toBe(202);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://dash.example");
    await stop(s);
  }, 120_000);

  it("ANOMALY_BODY_TYPES=browser (compatibility): curl -d works, a browser's text/plain is still refused", async () => {
    const s = await start({ ANOMALY_BODY_TYPES: "browser" });
    const record = JSON.stringify(point(0));
    const form = { body: record, headers: { "content-type": "application/x-www-form-urlencoded" } };
    expect((await send(s, "POST", "/detect/compat", form)).status).toBe(202);
    const host = new URL(s.url).host;
    const plain = await send(s, "POST", "/detect/compat", {
      body: record,
      headers: { "content-type": "text/plain", origin: `http://${host}` },
    });
    expect(plain.status).toBe(415);
    expect(JSON.parse((await send(s, "GET", "/models/dynamic/compat/metadata")).text).n_seen).toBe(1);
    await stop(s);
  }, 120_000);
});

interface Family {
  name: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string }[];
}

describe("/metrics", () => {
  it("parses as Prometheus text and its counters move as traffic flows", async () => {
    const s = await start();
    const scrape = async (): Promise<Map<string, Family>> => {
      const res = await send(s, "GET", "/metrics");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      const families = parsePrometheusTextFormat(res.text) as Family[];
      return new Map(families.map((f) => [f.name, f]));
    };
    const value = (m: Map<string, Family>, name: string, model: string) =>
      Number(m.get(name)?.metrics.find((x) => x.labels?.model === model)?.value ?? 0);
    const before = await scrape();
    for (let i = 0; i < 60; i++) await send(s, "POST", "/detect/metered", json(point(i)));
    await send(s, "POST", "/detect/metered", json({ ...point(60), cpu: 1e6 }));
    const retrains = (m: Map<string, Family>) =>
      Number(m.get("anomaly_retrain_duration_seconds")?.metrics[0]?.buckets?.["+Inf"] ?? 0);
    // The first training (at point 50) is the schedule's, made inside a /detect request.
    const scheduled = retrains(await scrape());
    expect(scheduled).toBeGreaterThanOrEqual(1);
    await send(s, "POST", "/force_train/metered");
    const after = await scrape();
    expect(retrains(after)).toBe(scheduled + 1);
    expect(value(before, "anomaly_ingested_points_total", "metered")).toBe(0);
    expect(value(after, "anomaly_ingested_points_total", "metered")).toBe(61);
    expect(value(after, "anomaly_flagged_points_total", "metered")).toBeGreaterThanOrEqual(1);
    // This parser keeps only the buckets of a histogram series (not its
    // labels); this server has seen one model, so there is one series.
    const ingest = after.get("anomaly_ingest_duration_seconds")?.metrics ?? [];
    expect(ingest.length).toBe(1);
    expect(Number(ingest[0]?.buckets?.["+Inf"])).toBe(61);
    const retrain = after.get("anomaly_retrain_duration_seconds")?.metrics ?? [];
    expect(Number(retrain[0]?.buckets?.["+Inf"])).toBeGreaterThanOrEqual(1);
    expect(value(after, "anomaly_model_damaged", "metered")).toBe(0);
    expect(Number(after.get("anomaly_damaged_models")?.metrics[0]?.value)).toBe(0);
    expect(Number(after.get("anomaly_store_bytes")?.metrics[0]?.value)).toBeGreaterThan(1000);
    expect(after.has("anomaly_queue_depth")).toBe(true);
    const sample = (await send(s, "GET", "/metrics")).text
      .split("\n")
      .filter((l) =>
        /^anomaly_(ingested|flagged|damaged|store|model_damaged)|^anomaly_ingest_duration_seconds_(count|sum)/.test(l),
      )
      .join("\n");
    console.log(sample);
    await stop(s);
  }, 180_000);
});

describe("graceful drain", () => {
  it("SIGTERM while 8 clients ingest: the process exits 0 and every acknowledged point is stored", async () => {
    let s = await start();
    const acked = new Map<string, number>();
    let stopping = false;
    const client = async (c: number) => {
      const model = `drain${c}`;
      acked.set(model, 0);
      for (let i = 0; !stopping || i < 3; i++) {
        try {
          const res = await send(s, "POST", `/detect/${model}`, json(point(i)));
          if (res.status < 300) acked.set(model, (acked.get(model) ?? 0) + 1);
          else expect(res.status).toBeLessThan(500);
        } catch {
          return; // The listener closed: this request was never accepted.
        }
        if (stopping) return;
      }
    };
    const clients = Array.from({ length: 8 }, (_, c) => client(c));
    await new Promise((r) => setTimeout(r, 1500));
    stopping = true;
    const code = await stop(s);
    await Promise.all(clients);
    expect(code).toBe(0);
    expect(s.stderr()).toMatch(/"level":"info","msg":"SIGTERM received/);
    s = await start();
    for (const [model, n] of acked) {
      if (n === 0) continue;
      const meta = JSON.parse((await send(s, "GET", `/models/dynamic/${model}/metadata`)).text);
      expect(meta.n_seen, model).toBeGreaterThanOrEqual(n);
    }
    await stop(s);
  }, 180_000);
});
