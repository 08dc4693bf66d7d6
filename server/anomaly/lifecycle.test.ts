// The alert lifecycle an on-call engineer expects, end to end: a real
// anomaly server on loopback, real model files, and real webhook receivers
// in three formats. A fresh model on a clean daily wave (5-minute points)
// pages no one while it learns; a sustained level shift pages once and does
// not recover while it lasts, though the model soon takes the shift as
// normal; recovery comes only once the stream has been back inside its band
// for the rule's recovery time (4 h by default, 300 s set); an incident inside a maintenance window or
// a silence is muted, the verdict still saying it would have paged and the
// delivery log saying why nothing was sent. Alertmanager hears the incident
// again while it fires, then once with endsAt; every payload links to the
// model's dashboard.
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileStore } from "../../anomaly/node";
import { type AnomalyServerHandle, startAnomalyServer } from "./serve";
import { postJson } from "./testing";

// The receivers here listen on loopback, which webhook targets may reach only when allowed.
process.env.ANOMALY_WEBHOOK_ALLOW = "127.0.0.1/32";

const T0 = Date.UTC(2026, 0, 5) / 1000;
const STEP = 300;
/** Two days of 5-minute points: the default warm-up. */
const WARMUP = 576;
/** A +40 level shift (eight times the wave's swing) over points [SHIFT, SHIFT_END). */
const SHIFT = 600;
const SHIFT_END = 658;
/** A second shift (+400) inside a declared maintenance window. */
const MAINT = 760;
const MAINT_END = 781;
/** A third one (+400) inside a silence of every rule. */
const SILENCED = 880;
const SILENCED_END = 890;
const N = 960;

const time = (i: number) => T0 + STEP * i;
const iso = (i: number) => new Date(time(i) * 1000).toISOString();

/** A clean daily wave around 50 (±5) with a little deterministic noise, and the incidents. */
function value(i: number): number {
  const day = (time(i) % 86_400) / 86_400;
  const base = 50 + 5 * Math.sin(2 * Math.PI * day) + (((i * 7919) % 13) / 13 - 0.5);
  if (i >= SHIFT && i < SHIFT_END) return base + 40;
  // Far larger: within a day of the first shift the model's band has widened to take a +40 as normal.
  if ((i >= MAINT && i < MAINT_END) || (i >= SILENCED && i < SILENCED_END)) return base + 400;
  return base;
}

interface Receiver {
  url: string;
  bodies: unknown[];
  server: Server;
}

async function receiver(): Promise<Receiver> {
  const r: Receiver = { url: "", bodies: [], server: createServer() };
  r.server.on("request", (req, res) => {
    let text = "";
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => {
      r.bodies.push(JSON.parse(text));
      res.end("ok");
    });
  });
  r.server.listen(0, "127.0.0.1");
  await once(r.server, "listening");
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/hook`;
  return r;
}

interface Verdict {
  status: string;
  anomaly: boolean;
  alert: boolean;
  learning: boolean;
  maintenance: boolean;
  expected?: unknown;
}

interface Delivery {
  rule: string;
  event: string;
  ok: boolean;
  final: boolean;
  muted?: string;
}

let dir: string;
let server: AnomalyServerHandle;
let json: Receiver;
let am: Receiver;
let slack: Receiver;
const verdicts: Verdict[] = [];
/** The model's learning state as GET .../metadata answered it halfway through the warm-up. */
let readyAtMidWarmup: unknown;
let log: Delivery[] = [];

async function detect(i: number): Promise<Verdict> {
  const res = await fetch(`${server.url}/detect/wave`, postJson({ timestamp: iso(i), value: value(i) }));
  expect([200, 202]).toContain(res.status);
  return (await res.json()) as Verdict;
}

async function call(path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}${path}`, init);
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "anomaly-lifecycle-"));
  server = await startAnomalyServer({ port: 0, store: new FileStore(dir, { durable: false }), log: () => {} });
  [json, am, slack] = await Promise.all([receiver(), receiver(), receiver()]);
  verdicts.push(await detect(0));
  // Rules with the defaults (recovery after 4 h back in band; Alertmanager re-sent every 60 s), one recovering sooner.
  const rules = await call(
    "/api/dynamic/wave/alerts",
    postJson(
      {
        rules: [
          { id: "generic", url: json.url },
          { id: "am", url: am.url, format: "alertmanager", recovery_s: 300 },
          { id: "chat", url: slack.url, format: "slack" },
        ],
        silences: [{ id: "quiet-hours", from: iso(SILENCED - 2), to: iso(SILENCED_END + 30), comment: "planned" }],
      },
      "PUT",
    ),
  );
  expect(rules.status).toBe(200);
  const maintenance = await call(
    "/api/dynamic/wave/maintenance",
    postJson({ from: time(MAINT - 2), to: time(MAINT_END + 30), note: "database upgrade" }),
  );
  expect(maintenance.status).toBe(200);
  for (let i = 1; i < N; i++) {
    verdicts.push(await detect(i));
    if (i === WARMUP / 2) {
      readyAtMidWarmup = ((await call("/models/dynamic/wave/metadata")).body as { alerting: unknown }).alerting;
    }
  }
  // Every event has gone out (or been logged as muted) once the log stops growing with non-final attempts.
  const end = Date.now() + 60_000;
  for (;;) {
    const body = (await call("/api/dynamic/wave/alert_log?limit=1000")).body as { deliveries: Delivery[] };
    log = body.deliveries;
    const sent = json.bodies.length + am.bodies.length + slack.bodies.length;
    if (sent === log.filter((e) => e.ok).length && log.every((e) => e.final) && sent > 0) break;
    if (Date.now() > end) throw new Error(`deliveries did not settle: ${JSON.stringify(log.slice(-5))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}, 600_000);

afterAll(async () => {
  await server?.close();
  for (const r of [json, am, slack]) {
    r?.server.closeAllConnections();
    r?.server.close();
  }
  await rm(dir, { recursive: true, force: true });
});

const at = (body: unknown) => Date.parse((body as { at: string }).at) / 1000;
const index = (seconds: number) => (seconds - T0) / STEP;

describe("alert lifecycle on a daily wave", () => {
  it("learns for two days of the stream's clock: verdicts say learning, nothing pages, metadata shows it", () => {
    const learning = verdicts.flatMap((v, i) => (v.learning ? [i] : []));
    // Scoring starts at the 50th point; learning ends two days after the first.
    expect(learning[0]).toBe(49);
    expect(learning[learning.length - 1]).toBe(WARMUP - 1);
    expect(learning).toHaveLength(WARMUP - 49);
    expect(verdicts.slice(0, WARMUP).some((v) => v.alert)).toBe(false);
    expect(readyAtMidWarmup).toMatchObject({ warmup_min: 2880, ready_at: null });
    // Nothing was sent or logged for any point before the shift.
    const first = json.bodies[0];
    expect(index(at(first))).toBe(SHIFT);
    // The answer leaves out the bands the rules read, as the client did not ask for them.
    expect(verdicts[SHIFT].expected).toBeUndefined();
  });

  it("a sustained shift pages once and recovers only after the stream is back in its band for recovery_s", () => {
    const events = json.bodies.map((b) => [(b as { event: string }).event, index(at(b))]);
    // Onset at the shift; its recovery the default 4 h (48 points) after the first point back in band.
    expect(events.slice(0, 2)).toEqual([
      ["onset", SHIFT],
      ["recovery", SHIFT_END + 48],
    ]);
    expect(verdicts[SHIFT]).toMatchObject({ anomaly: true, alert: true, learning: false });
  });

  it("Alertmanager hears the incident every minute of the stream while it fires, then once with endsAt (recovery_s 300)", () => {
    const alerts = am.bodies.map(
      (b) => (b as { startsAt: string; endsAt?: string; generatorURL?: string; labels: object }[])[0],
    );
    const incident = alerts.filter((a) => a.startsAt === iso(SHIFT));
    // One per point from the shift to the last point before recovery (points are 5 minutes apart), then the recovery.
    expect(incident).toHaveLength(SHIFT_END + 1 - SHIFT + 1);
    expect(incident.slice(0, -1).every((a) => a.endsAt === undefined)).toBe(true);
    expect(incident[incident.length - 1].endsAt).toBe(iso(SHIFT_END + 1));
    expect(incident.every((a) => a.generatorURL === `${server.url}/anomalies.html?model=wave`)).toBe(true);
    expect(new Set(incident.map((a) => JSON.stringify(a.labels))).size).toBe(1);
  });

  it("Slack text rounds its numbers and links to the dashboard", () => {
    const [onset] = slack.bodies as { text: string }[];
    expect(onset.text).toMatch(/^:rotating_light: ANOMALY Anomaly on model wave since /);
    expect(onset.text).toMatch(/severity \d+(,|\))/);
    expect(onset.text).toMatch(/score -?\d+(\.\d{1,3})?(,|\))/);
    expect(onset.text).toContain(`<${server.url}/anomalies.html?model=wave|Open dashboard>`);
  });

  it("a maintenance window and a silence mute the incident: the verdict would have paged, the log says why", () => {
    expect(verdicts[MAINT]).toMatchObject({ anomaly: true, alert: true, maintenance: true });
    expect(verdicts[SILENCED]).toMatchObject({ anomaly: true, maintenance: false });
    // No receiver heard of anything but the first incident.
    expect(am.bodies.every((b) => (b as { startsAt: string }[])[0].startsAt === iso(SHIFT))).toBe(true);
    expect(slack.bodies).toHaveLength(2);
    const muted = log.filter((e) => e.muted !== undefined);
    // For the rules recovering after 4 h the maintenance incident comes 4.5 h after the
    // first one recovered, within the default reopen_s (8 h): it would have re-opened
    // it. Alertmanager's rule recovered 8.4 h before it, and every silenced incident
    // comes later still: those would have been new onsets. Muted either way.
    expect(muted.map((e) => [e.rule, e.event, e.muted])).toEqual([
      ["generic", "reopen", "maintenance window"],
      ["am", "onset", "maintenance window"],
      ["chat", "reopen", "maintenance window"],
      ["generic", "onset", "silence quiet-hours"],
      ["am", "onset", "silence quiet-hours"],
      ["chat", "onset", "silence quiet-hours"],
    ]);
    expect(muted.every((e) => !e.ok && e.final)).toBe(true);
    // Muted incidents end quietly too: exactly one onset and one recovery reached the JSON receiver.
    expect(json.bodies.map((b) => (b as { event: string }).event)).toEqual(["onset", "recovery"]);
  });

  it("prints the scenario's paging table", () => {
    const flaggedLearning = verdicts.filter((v) => v.learning && v.anomaly).length;
    const learning = verdicts.filter((v) => v.learning).length;
    const shiftFlags = verdicts.slice(SHIFT, SHIFT_END).filter((v) => v.anomaly).length;
    const events = (r: Receiver) =>
      r.bodies.map((b) =>
        Array.isArray(b) ? (b[0].endsAt ? "recovery" : "onset/firing") : (b as { event: string }).event,
      );
    const lines = [
      "alert lifecycle scenario (daily wave, 5-minute points):",
      `  warm-up: ${learning} verdicts learning, ${flaggedLearning} of them flagged, ${verdicts.slice(0, WARMUP).filter((v) => v.alert).length} alerts, 0 deliveries before point ${SHIFT}`,
      `  +40 shift over points ${SHIFT}-${SHIFT_END - 1}: ${shiftFlags} of ${SHIFT_END - SHIFT} flagged; json rule: ${events(json).join(", ")}`,
      `  alertmanager (recovery_s 300): ${am.bodies.length} posts (${events(am).filter((e) => e === "recovery").length} with endsAt); slack: ${slack.bodies.length} posts`,
      `  muted: ${log.filter((e) => e.muted !== undefined).length} log lines (${[...new Set(log.flatMap((e) => (e.muted === undefined ? [] : [e.muted])))].join(", ")})`,
    ];
    console.log(lines.join("\n"));
    expect(learning).toBe(WARMUP - 49);
  });
});
