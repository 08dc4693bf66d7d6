// Webhook alerts end to end: a real anomaly server on loopback, real model
// files in a temporary folder, real verdicts from the engine, and real HTTP
// receivers in the test. Proves onset and recovery are sent once each under
// debouncing, a dead receiver is retried and logged, a hanging one never
// holds up ingest, and rules, incident state and the log survive a restart.
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AnomalyService, MemoryStore } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { createApp } from "../app";
import { MemoryAlertStore } from "./alertStore";
import { AlertCenter } from "./alerts";
import { type AnomalyServerHandle, startAnomalyServer } from "./serve";
import { JSON_HEADERS, postJson } from "./testing";

// The receivers here listen on loopback, which webhook targets may reach only when allowed.
process.env.ANOMALY_WEBHOOK_ALLOW = "127.0.0.1/32";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempStore(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "anomaly-alerts-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function startServer(dir: string): Promise<AnomalyServerHandle> {
  const handle = await startAnomalyServer({ port: 0, store: new FileStore(dir, { durable: false }), log: () => {} });
  cleanups.push(() => handle.close());
  return handle;
}

interface Receiver {
  url: string;
  bodies: unknown[];
  /** Requests that arrived (answered or not). */
  arrivals: number;
  server: Server;
}

/** A webhook receiver on loopback; `answer` decides each response (or never responds). */
async function receiver(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<Receiver> {
  const r: Receiver = { url: "", bodies: [], arrivals: 0, server: createServer() };
  r.server.on("request", (req, res) => {
    r.arrivals++;
    let text = "";
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => {
      r.bodies.push(JSON.parse(text));
      answer(req, res);
    });
  });
  r.server.listen(0, "127.0.0.1");
  await once(r.server, "listening");
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/hook`;
  cleanups.push(async () => {
    r.server.closeAllConnections();
    await new Promise((resolve) => r.server.close(resolve));
  });
  return r;
}

const ok = (_req: IncomingMessage, res: ServerResponse) => res.end("ok");

// A deterministic stream: noise around 10, then a burst of four points at
// 1000 from index 100, and single stray spikes at the indices in `strays`
// (the engine's calibrated defaults flag hardly any noise point, so strays
// are what an undebounced rule would page on).
function value(i: number, burstAt = 100, strays: readonly number[] = []): number {
  let seed = 1;
  for (let j = 0; j <= i; j++) seed = (seed * 1103515245 + 12345) % 2147483648;
  if (strays.includes(i)) return 1000;
  return i >= burstAt && i < burstAt + 4 ? 1000 : 10 + seed / 2147483648;
}

async function ingest(url: string, from: number, to: number, burstAt?: number, strays?: number[]): Promise<boolean[]> {
  const flags: boolean[] = [];
  for (let i = from; i < to; i++) {
    const res = await fetch(`${url}/detect/m`, postJson({ value: value(i, burstAt, strays) }));
    const body = await res.json();
    expect([200, 202]).toContain(res.status);
    flags.push(body.anomaly === true);
  }
  return flags;
}

/**
 * Sets the rules, after taking the model out of its warm-up and making each
 * rule recover at its first calm point: these points come milliseconds
 * apart on the wall clock, and what is tested here is debouncing and
 * delivery (the warm-up, recovery time and muting are lifecycle.test.ts's).
 */
async function putRules(url: string, rules: unknown[]): Promise<Response> {
  const warm = await fetch(`${url}/api/dynamic/m/alert_quiet`, postJson({ warmup_min: 0 }, "PUT"));
  expect(warm.status).toBe(200);
  const immediate = rules.map((r) => (r !== null && typeof r === "object" ? { recovery_s: 0, ...r } : r));
  return fetch(`${url}/api/dynamic/m/alerts`, {
    method: "PUT",
    headers: JSON_HEADERS,
    body: JSON.stringify({ rules: immediate }),
  });
}

async function until(what: () => boolean | Promise<boolean>, label: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function deliveryLog(url: string) {
  const res = await fetch(`${url}/api/dynamic/m/alert_log?limit=1000`);
  expect(res.status).toBe(200);
  return (await res.json()).deliveries as {
    rule: string;
    event: string;
    attempt: number;
    ok: boolean;
    final: boolean;
    error?: string;
  }[];
}

describe("webhook alerts", { timeout: 120_000 }, () => {
  it("sends one onset and one recovery per incident under k-of-n debouncing, in all three formats", async () => {
    const handle = await startServer(await tempStore());
    const json = await receiver(ok);
    const am = await receiver(ok);
    const slack = await receiver(ok);
    const eager = await receiver(ok);
    await ingest(handle.url, 0, 60);
    const res = await putRules(handle.url, [
      { id: "generic", url: json.url, k: 3, n: 3 },
      // No re-sends while it fires: this test counts exactly one onset and one recovery.
      { id: "am", url: am.url, format: "alertmanager", k: 3, n: 3, repeat_s: 0 },
      { id: "chat", url: slack.url, format: "slack", k: 3, n: 3 },
      // Without debouncing every stray flag pages: the contrast the rule exists for.
      { id: "eager", url: eager.url },
    ]);
    expect(res.status).toBe(200);
    expect((await res.json()).rules[0]).toMatchObject({ id: "generic", format: "json", k: 3, n: 3, retries: 3 });

    const flags = await ingest(handle.url, 60, 130, undefined, [80, 120]);
    const burst = flags.slice(40, 44);
    expect(burst).toEqual([true, true, true, true]);
    // With k = n = 1 every flag edge is an event: what the debounced rules are spared.
    const edges = flags.filter((f, i) => f !== (i > 0 && flags[i - 1])).length;
    expect(edges).toBeGreaterThan(2);
    await until(() => json.bodies.length >= 2 && am.bodies.length >= 2 && slack.bodies.length >= 2, "deliveries");
    await until(() => eager.bodies.length >= edges, "the undebounced rule's deliveries");
    // Give any extra (wrong) delivery the chance to arrive before counting.
    await until(async () => (await deliveryLog(handle.url)).filter((e) => e.final).length >= 6 + edges, "log");

    expect(json.bodies.map((b) => (b as { event: string }).event)).toEqual(["onset", "recovery"]);
    const [onset, recovery] = json.bodies as Record<string, unknown>[];
    expect(onset).toMatchObject({ model: "m", rule: "generic", event: "onset", data_point: { value: 1000 } });
    expect(recovery).toMatchObject({ event: "recovery", started_at: onset.started_at });
    expect(typeof onset.score).toBe("number");
    // Every payload names the column: the onset's from the rule that flagged it, the recovery's from its bands.
    expect(onset.top_feature).toBe("value");
    expect(recovery.top_feature).toBe("value");

    const [amOnset, amRecovery] = am.bodies as {
      labels: Record<string, string>;
      endsAt?: string;
      startsAt: string;
    }[][];
    expect(amOnset).toHaveLength(1);
    expect(amOnset[0].labels).toEqual({ alertname: "AnomalyDetected", model: "m", rule: "am" });
    expect(amOnset[0].endsAt).toBeUndefined();
    expect((amOnset[0] as unknown as { annotations: Record<string, string> }).annotations.top_feature).toBe("value");
    expect(amRecovery[0].endsAt).toBeDefined();
    expect(amRecovery[0].startsAt).toBe(amOnset[0].startsAt);

    expect(slack.bodies).toHaveLength(2);
    expect((slack.bodies[0] as { text: string }).text).toMatch(/ANOMALY.*model m/);
    expect((slack.bodies[1] as { text: string }).text).toMatch(/RECOVERED/);

    expect(eager.bodies.length).toBe(edges);
  });

  it("retries a dead receiver with backoff and logs every attempt; a hanging receiver never holds up ingest", async () => {
    const dir = await tempStore();
    const handle = await startServer(dir);
    // A port that was listening and is now closed: connections are refused.
    const gone = await receiver(ok);
    const deadUrl = gone.url;
    gone.server.close();
    await once(gone.server, "close");
    const hanging = await receiver(() => {});
    await ingest(handle.url, 0, 60);
    expect(
      (
        await putRules(handle.url, [
          { id: "dead", url: deadUrl, k: 3, n: 3, retries: 2, backoff_ms: 10 },
          { id: "stuck", url: hanging.url, k: 3, n: 3, retries: 0, timeout_ms: 120_000 },
        ])
      ).status,
    ).toBe(200);

    await ingest(handle.url, 60, 104);
    await until(() => hanging.arrivals === 1, "the hanging receiver to get the onset");
    // Ingest goes on while that request is still open: 40 more verdicts,
    // all answered and stored.
    const more = await ingest(handle.url, 104, 144);
    expect(more).toHaveLength(40);
    expect(hanging.bodies).toHaveLength(1);
    const data = await (await fetch(`${handle.url}/models/dynamic/m/data?limit=1000`)).json();
    expect(data.data ?? data).toHaveLength(144);

    await until(
      async () => (await deliveryLog(handle.url)).filter((e) => e.rule === "dead" && e.final).length >= 2,
      "dead rule to give up twice",
    );
    const dead = (await deliveryLog(handle.url)).filter((e) => e.rule === "dead");
    // Onset: three attempts (the first and two retries), the last one final; then the same for recovery.
    expect(dead.map((e) => [e.event, e.attempt, e.ok, e.final])).toEqual([
      ["onset", 1, false, false],
      ["onset", 2, false, false],
      ["onset", 3, false, true],
      ["recovery", 1, false, false],
      ["recovery", 2, false, false],
      ["recovery", 3, false, true],
    ]);
    expect(dead[0].error).toMatch(/ECONNREFUSED/);
  });

  it("a retry after a lost answer carries the same delivery id, so the receiver can tell it is not a second page", async () => {
    const handle = await startServer(await tempStore());
    const keys: (string | undefined)[] = [];
    // The first attempt arrives but its answer never comes back (the
    // receiver acted on it); the retry is answered.
    const flaky = await receiver((req, res) => {
      keys.push(req.headers["idempotency-key"] as string | undefined);
      if (keys.length > 1) res.end("ok");
    });
    await ingest(handle.url, 0, 60);
    expect(
      (await putRules(handle.url, [{ id: "flaky", url: flaky.url, k: 3, n: 3, timeout_ms: 300, backoff_ms: 10 }]))
        .status,
    ).toBe(200);
    await ingest(handle.url, 60, 110);
    await until(() => flaky.bodies.length >= 2, "the onset and its retry");
    const [first, retry] = flaky.bodies as { event: string; delivery_id: string }[];
    expect(first.event).toBe("onset");
    expect(retry).toEqual(first);
    expect(first.delivery_id).toMatch(/\S/);
    expect(keys.slice(0, 2)).toEqual([first.delivery_id, first.delivery_id]);
    // The recovery is another notification: another id.
    await until(() => flaky.bodies.length >= 3, "the recovery");
    const recovery = flaky.bodies[2] as { event: string; delivery_id: string };
    expect(recovery.event).toBe("recovery");
    expect(recovery.delivery_id).not.toBe(first.delivery_id);
    expect(keys[2]).toBe(recovery.delivery_id);
  });

  it("rules, the open incident and the delivery log survive a restart; bad rules are refused and change nothing", async () => {
    const dir = await tempStore();
    const first = await startServer(dir);
    const hook = await receiver(ok);
    await ingest(first.url, 0, 60);
    const rules = [{ id: "pager", url: hook.url, format: "json", k: 3, n: 3, cooldown_s: 0 }];
    expect((await putRules(first.url, rules)).status).toBe(200);

    for (const bad of [
      [{ id: "x", url: "ftp://example.com/" }],
      [{ id: "x", url: hook.url, k: 4, n: 3 }],
      [
        { id: "x", url: hook.url },
        { id: "x", url: hook.url },
      ],
      [{ id: "x", url: hook.url, surprise: 1 }],
    ]) {
      const res = await putRules(first.url, bad);
      expect(res.status).toBe(400);
      expect((await res.json()).status).toBe("error");
    }
    expect((await putRules(first.url, rules)).status).toBe(200);
    expect((await fetch(`${first.url}/api/dynamic/nobody/alerts`)).status).toBe(404);

    // The incident opens, then the server stops before it recovers.
    await ingest(first.url, 60, 103);
    await until(() => hook.bodies.length === 1, "onset");
    await until(async () => (await deliveryLog(first.url)).length === 1, "onset logged");
    await first.close();

    const second = await startServer(dir);
    const after = await (await fetch(`${second.url}/api/dynamic/m/alerts`)).json();
    expect(after.rules).toEqual([expect.objectContaining(rules[0])]);
    expect(after.state.pager).toMatchObject({ firing: true, notified: true });
    expect((await deliveryLog(second.url)).map((e) => e.event)).toEqual(["onset"]);

    // The restarted server closes the same incident: one recovery, no second onset.
    await ingest(second.url, 103, 112);
    await until(() => hook.bodies.length >= 2, "recovery");
    await until(async () => (await deliveryLog(second.url)).length === 2, "recovery logged");
    expect(hook.bodies.map((b) => (b as { event: string }).event)).toEqual(["onset", "recovery"]);
  });

  it("the main server (npm start) serves the same alert routes", async () => {
    const anomaly = new AnomalyService(new MemoryStore());
    const alerts = new AlertCenter(new MemoryAlertStore());
    cleanups.push(async () => {
      await alerts.close();
      await anomaly.close();
    });
    const app = createApp({ anomaly, anomalyAlerts: alerts });
    expect((await app.request("/api/dynamic/m/alerts")).status).toBe(404);
    expect((await app.request("/detect/m", postJson({ value: 1 }))).status).toBe(202);
    const res = await app.request("/api/dynamic/m/alerts", {
      method: "PUT",
      headers: JSON_HEADERS,
      body: JSON.stringify({ rules: [{ id: "a", url: "http://127.0.0.1:9/" }] }),
    });
    expect(res.status).toBe(200);
    expect((await (await app.request("/api/dynamic/m/alerts")).json()).rules).toHaveLength(1);
    expect((await (await app.request("/api/dynamic/m/alert_log")).json()).deliveries).toEqual([]);
    const doc = await (await app.request("/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/dynamic/{m}/alerts", "/api/dynamic/{m}/alert_log"]),
    );
  });
});

describe("the delivery log file", () => {
  it("keeps the newest half once it reaches its bound, and skips a torn last line", async () => {
    const { FileAlertStore, LOG_KEEP } = await import("./alertStore");
    const { mkdir, appendFile } = await import("node:fs/promises");
    const dir = await tempStore();
    await mkdir(join(dir, "m"));
    const log = new FileAlertStore(dir, false);
    const entry = (attempt: number) => ({
      delivery: "d",
      rule: "r",
      event: "onset" as const,
      url: "http://127.0.0.1/",
      attempt,
      at: "2026-01-01T00:00:00.000Z",
      ok: true,
      final: true,
    });
    await Promise.all(Array.from({ length: LOG_KEEP + 1 }, (_, i) => log.appendLog("m", entry(i + 1))));
    const kept = await log.readLog("m", Number.POSITIVE_INFINITY);
    expect(kept).toHaveLength(LOG_KEEP / 2 + 1);
    expect(kept[kept.length - 1].attempt).toBe(LOG_KEEP + 1);
    expect(kept[0].attempt).toBe(LOG_KEEP / 2 + 1);
    await appendFile(join(dir, "m", "alert_log.jsonl"), '{"delivery":"torn');
    expect(await log.readLog("m", 3)).toHaveLength(3);
    // A fresh process appending after the torn line keeps its entry whole.
    await new FileAlertStore(dir, false).appendLog("m", entry(0));
    expect((await log.readLog("m", 1))[0].attempt).toBe(0);
  });
});
