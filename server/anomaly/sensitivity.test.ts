// Calibrated sensitivity through the real server and CLI: the false-alarm
// rate route re-derives margins at once, severity rides on every verdict,
// `?expected=1` adds the per-column band (and only then), the CLI sets a
// version's rate on the same store, and the alert quiet period decides which
// flags open an alert.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, postJson, REPO_ROOT, type ServerProcess, spawnServer } from "./testing";

let store: string;
let server: ServerProcess;

beforeAll(async () => {
  store = await mkdtemp(join(tmpdir(), "anomaly-sens-"));
  server = await spawnServer(store);
});
afterAll(async () => {
  server.child.kill("SIGTERM");
  await new Promise((r) => server.child.once("exit", r));
  await rm(store, { recursive: true, force: true });
});

const call = async (path: string, init?: RequestInit) => {
  const res = await fetch(server.url + path, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("false-alarm rate, severity and expected band over HTTP", () => {
  it("sets the rate, moves the margins, and answers the band only on request", async () => {
    for (let i = 0; i < 60; i++) {
      await call("/detect/cpu", postJson({ load: 50 + 5 * Math.sin(i / 4) + (i % 3), site: i % 2 ? "a" : "b" }));
    }
    const plain = await call("/detect/cpu", postJson({ load: 51, site: "a" }));
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty("expected");
    expect(typeof plain.body.severity).toBe("number");
    const spike = await call("/detect_only/cpu?expected=1", postJson({ load: 500, site: "a" }));
    const band = (spike.body.expected as Record<string, Record<string, number | boolean>>).load;
    expect(band.anomaly).toBe(true);
    expect(band.value).toBe(500);
    expect(band.upper as number).toBeLessThan(500);
    expect(spike.body.anomaly).toBe(true);
    expect(spike.body.severity as number).toBeGreaterThan(plain.body.severity as number);

    const loose = await call("/api/dynamic/cpu/false_alarm_rate", postJson({ false_alarm_rate: 0.2 }, "PUT"));
    const strict = await call("/api/dynamic/cpu/false_alarm_rate", postJson({ false_alarm_rate: 0.0001 }, "PUT"));
    expect(loose.status).toBe(200);
    const m1 = loose.body.margins as Record<string, number>;
    const m2 = strict.body.margins as Record<string, number>;
    // A rarer target needs a point further out: every calibrated margin grows.
    for (const v of Object.keys(m1)) if (v !== "timevector") expect(m2[v]).toBeGreaterThan(m1[v]);
    const meta = (await call("/models/dynamic/cpu/metadata")).body;
    expect(meta).toMatchObject({ false_alarm_rate: 0.0001 });

    const bad = await call("/api/dynamic/cpu/false_alarm_rate", postJson({ false_alarm_rate: 2 }, "PUT"));
    expect(bad.status).toBe(400);
    const missing = await call(
      "/api/dynamic/cpu/false_alarm_rate",
      postJson({ false_alarm_rate: 0.01, version: "hourly" }, "PUT"),
    );
    expect(missing.status).toBe(404);
  }, 120_000);

  it("the CLI sets one version's rate on a store", async () => {
    const cliStore = await mkdtemp(join(tmpdir(), "anomaly-sens-cli-"));
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, [...CLI, "--store", cliStore, ...args], { cwd: REPO_ROOT });
    try {
      await run(["detect", "m", "x=1"]);
      const out = await run(["false-alarm-rate", "m", "0.02", "--vname", "daily"]);
      expect(JSON.parse(out.stdout)).toMatchObject({ status: "success", version: "daily", false_alarm_rate: 0.02 });
      await expect(run(["false-alarm-rate", "m", "7"])).rejects.toThrow(/false_alarm_rate must be/);
    } finally {
      await rm(cliStore, { recursive: true, force: true });
    }
  }, 300_000);

  it("the quiet period: a run of flags opens one alert, 0 makes every flag one; bad values are refused", async () => {
    const ts = (i: number) => new Date(Date.UTC(2026, 0, 1) + 300_000 * i).toISOString();
    const point = (i: number, load: number) => postJson({ timestamp: ts(i), load: load + (i % 4) });
    await call("/detect/q", point(0, 50));
    // Ten hours of points: no warm-up, so they can open alerts (the warm-up has its own tests).
    expect((await call("/api/dynamic/q/alert_quiet", postJson({ warmup_min: 0 }, "PUT"))).status).toBe(200);
    for (let i = 1; i < 120; i++) await call("/detect/q", point(i, 50));
    const run = [];
    for (let i = 120; i < 126; i++) run.push((await call("/detect/q", point(i, 900))).body);
    expect(run.every((b) => b.anomaly === true)).toBe(true);
    expect(run.map((b) => b.alert)).toEqual([true, false, false, false, false, false]);
    // detect_only answers whether a point would open an alert, and changes nothing.
    expect((await call("/detect_only/q", point(127, 900))).body).toMatchObject({ anomaly: true, alert: false });

    const set = await call("/api/dynamic/q/alert_quiet", postJson({ quiet_min: 0 }, "PUT"));
    expect(set).toMatchObject({ status: 200, body: { status: "success", quiet_min: 0 } });
    expect((await call("/detect/q", point(128, 900))).body).toMatchObject({ anomaly: true, alert: true });
    expect((await call("/models/dynamic/q/metadata")).body).toMatchObject({ alerting: { quiet_min: 0 } });

    for (const bad of [{ quiet_min: -1 }, { quiet_min: "4h" }, {}]) {
      const res = await call("/api/dynamic/q/alert_quiet", postJson(bad, "PUT"));
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/quiet_min/);
    }
    expect((await call("/api/dynamic/nosuch/alert_quiet", postJson({ quiet_min: 5 }, "PUT"))).status).toBe(404);

    const cliStore = await mkdtemp(join(tmpdir(), "anomaly-quiet-cli-"));
    const cli = (args: string[]) =>
      promisify(execFile)(process.execPath, [...CLI, "--store", cliStore, ...args], { cwd: REPO_ROOT });
    try {
      await cli(["detect", "m", "x=1"]);
      expect(JSON.parse((await cli(["alert-quiet", "m", "30"])).stdout)).toMatchObject({ quiet_min: 30 });
      await expect(cli(["alert-quiet", "m", "4h"])).rejects.toThrow(/quiet_min must be/);
    } finally {
      await rm(cliStore, { recursive: true, force: true });
    }
  }, 300_000);
});
