// Feedback and maintenance windows through a real `anomaly serve` process on
// loopback, across a SIGKILL and a restart, and through the CLI on the same
// store: false positives and maintenance windows leave training (seen in
// points_used and in the scaler the training fits), margins adapt to the
// marks (a false positive stops being flagged, a true positive never is
// silenced), bad input changes nothing, and everything survives a restart.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Explanation, parseBundle } from "../../anomaly";
import { explainRingPoint } from "../../client/anomaly/engine/ringScores";
import type { FeedbackBody } from "../../protocol/anomaly/feedback";
import type { VerdictBody } from "../../protocol/anomaly/schemas";
import { bundleCli, postJson, REPO_ROOT, type ServerProcess, spawnServer } from "./testing";

const MODEL = "checkout";
const POINTS = 300;
// Two seconds apart, ending ten minutes ago: every training window (on the
// wall clock or the data's own) holds every point.
const T0 = Math.floor(Date.now() / 1000) - 1200;
const at = (i: number) => T0 + 2 * i;
const iso = (i: number) => new Date(at(i) * 1000).toISOString();

const MAINTENANCE = [100, 119] as const; // latency ~200 while a database was upgraded
const DEPLOY = [200, 204] as const; // a deploy's request burst: a false positive
const INCIDENT = 250; // a real incident, far worse than the deploy

function noise(i: number, k: number): number {
  let s = (Math.imul(i + 1, 2654435761) ^ Math.imul(k + 7, 40503)) >>> 0;
  s = Math.imul(s ^ (s >>> 15), 2246822507) >>> 0;
  s = Math.imul(s ^ (s >>> 13), 3266489909) >>> 0;
  return ((s ^ (s >>> 16)) >>> 0) / 2 ** 32;
}

function point(i: number): Record<string, unknown> {
  const p: Record<string, unknown> = {
    timestamp: at(i),
    requests: 100 + 20 * noise(i, 1),
    latency: 50 + 10 * noise(i, 2),
  };
  if (i >= MAINTENANCE[0] && i <= MAINTENANCE[1]) p.latency = 200 + 10 * noise(i, 3);
  if (i >= DEPLOY[0] && i <= DEPLOY[1]) p.requests = 300 + 10 * noise(i, 4);
  if (i === INCIDENT) Object.assign(p, { requests: 5, latency: 400 }); // far out in both columns
  return p;
}

type Json = Record<string, unknown>;

let root: string;
let store: string;
let cli: string[];
let server: ServerProcess;
/** The explanation /detect?explain=1 gave for the newest point. */
let lastExplanation: unknown = null;

/** One request; `T` names the body the route answers (the wire's type), unchecked like any parse. */
async function call<T = Json>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const init = body === undefined ? { method } : postJson(body, method);
  const res = await fetch(`${server.url}${path}`, init);
  return { status: res.status, body: (await res.json()) as T };
}
const api = `/api/dynamic/${MODEL}`;
const feedback = async () => (await call<FeedbackBody>("GET", `${api}/feedback`)).body;
const verdict = async (i: number) => (await call<VerdictBody>("POST", `/detect_only/${MODEL}`, point(i))).body;
const train = async () => (await call("POST", `/force_train/${MODEL}`)).body.points_used as number;
async function scaler(column: string): Promise<{ mean: number; std: number }> {
  const meta = (await call("GET", `/models/dynamic/${MODEL}/metadata`)).body as {
    feats: string[];
    sc_mean: number[];
    sc_std: number[];
  };
  const c = meta.feats.indexOf(column);
  return { mean: meta.sc_mean[c] as number, std: meta.sc_std[c] as number };
}

/** The mean of a column over the points `keep` accepts: what a scaler fitted on them holds. */
function meanOf(column: string, keep: (i: number) => boolean): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < POINTS; i++) {
    if (!keep(i)) continue;
    sum += point(i)[column] as number;
    n++;
  }
  return sum / n;
}
const kept = (i: number) => (i < MAINTENANCE[0] || i > MAINTENANCE[1]) && (i < DEPLOY[0] || i > DEPLOY[1]);

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...cli, "--store", store, ...args], { cwd: REPO_ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "anomaly-feedback-"));
  store = join(root, "store");
  cli = await bundleCli();
  server = await spawnServer(store, cli);
  for (let i = 0; i < POINTS; i++) {
    const { status } = await call("POST", `/detect/${MODEL}`, point(i));
    expect(status === 200 || status === 202).toBe(true);
  }
  // The deploy's five bursts are 1.7 % of the stream: a model at the default
  // 0.5 % target learns them as normal. An operator who wants more alerts
  // (10 %) gets them flagged, the false positives feedback is for.
  const rate = await call("PUT", `${api}/false_alarm_rate`, { false_alarm_rate: 0.1 });
  expect(rate.status).toBe(200);
}, 300_000);

afterAll(async () => {
  server?.child.kill("SIGKILL");
  await rm(root, { recursive: true, force: true });
  if (cli) await rm(cli[0] as string, { force: true });
});

describe("feedback and maintenance windows", () => {
  it("starts empty, with every margin as stored", async () => {
    expect(await train()).toBe(POINTS);
    const fb = await feedback();
    expect(fb).toMatchObject({
      status: "success",
      model_name: MODEL,
      marks: [],
      maintenance: [],
      excluded_from_training: 0,
    });
    for (const m of Object.values(fb.margins)) expect(m.adapted).toBe(m.base);
    expect(Object.keys(fb.margins).length).toBeGreaterThan(0);
  });

  it("leaves a maintenance window out of training", async () => {
    const before = await scaler("latency");
    expect(before.mean).toBeCloseTo(
      meanOf("latency", () => true),
      9,
    );
    const { status, body } = await call("POST", `${api}/maintenance`, {
      from: iso(MAINTENANCE[0]),
      to: at(MAINTENANCE[1]),
      note: "database upgrade",
    });
    expect(status).toBe(200);
    expect(body.maintenance).toMatchObject({
      from: at(MAINTENANCE[0]),
      to: at(MAINTENANCE[1]),
      note: "database upgrade",
    });
    expect((await feedback()).excluded_from_training).toBe(20);
    expect(await train()).toBe(POINTS - 20);
    // The scaler was fitted without the ~200 ms latencies.
    const after = await scaler("latency");
    expect(after.mean).toBeCloseTo(
      meanOf("latency", (i) => i < MAINTENANCE[0] || i > MAINTENANCE[1]),
      9,
    );
    expect(after.std).toBeLessThan(before.std);
  });

  it("leaves false positives out of training and raises the margins that flagged them", async () => {
    const flagged = await verdict(DEPLOY[0] + 2);
    expect(flagged.anomaly).toBe(true);
    const requestsBefore = await scaler("requests");
    const { status, body } = await call("POST", `${api}/feedback`, {
      label: "false_positive",
      from: iso(DEPLOY[0]),
      to: at(DEPLOY[1]),
      note: "deploy",
    });
    expect(status).toBe(200);
    expect(body.mark).toMatchObject({ label: "false_positive", from: at(DEPLOY[0]), to: at(DEPLOY[1]) });
    const margins = body.margins as FeedbackBody["margins"];
    // Each version that flagged the burst now has a margin just past it.
    for (const [version, v] of Object.entries(flagged.versions)) {
      if (!(version in margins)) continue;
      const m = margins[version] as { base: number; adapted: number };
      if (v.anomaly) expect(m.adapted).toBeGreaterThan(-v.score);
      else expect(m.adapted).toBe(m.base);
    }
    const now = await verdict(DEPLOY[0] + 2);
    expect(now.anomaly).toBe(false);
    for (const [version, v] of Object.entries(now.versions)) {
      if (version in margins) expect(v.threshold_info.margin).toBe(margins[version]?.adapted);
    }
    // A worse incident is still flagged.
    expect((await verdict(INCIDENT)).anomaly).toBe(true);

    expect(await train()).toBe(POINTS - 20 - 5);
    expect((await scaler("requests")).mean).toBeCloseTo(meanOf("requests", kept), 9);
    expect((await scaler("requests")).std).toBeLessThan(requestsBefore.std);
    // The margins follow the new forests: the burst stays silenced.
    expect((await verdict(DEPLOY[0] + 2)).anomaly).toBe(false);
    expect((await verdict(INCIDENT)).anomaly).toBe(true);
  });

  it("never silences a true positive: it caps the raise a false positive asked for", async () => {
    // The operator finds that the burst's last point was a real incident.
    const last = DEPLOY[1];
    expect((await verdict(last)).anomaly).toBe(false); // silenced by the deploy's raise
    const { status, body } = await call("POST", `${api}/feedback`, { label: "true_positive", timestamp: iso(last) });
    expect(status).toBe(200);
    const margins = body.margins as FeedbackBody["margins"];
    const now = await verdict(last);
    // Flagged by every version whose stored margin flags it: the raise stops at its score.
    for (const [version, v] of Object.entries(now.versions)) {
      const m = margins[version];
      if (m === undefined) continue;
      expect(v.threshold_info.margin).toBe(m.adapted);
      expect(v.anomaly).toBe(v.score <= -m.base);
    }
    expect(now.anomaly).toBe(true);
    expect((await verdict(INCIDENT)).anomaly).toBe(true);
    // A true positive stays in training: the maintenance window and four deploy points are left out.
    expect((await feedback()).excluded_from_training).toBe(24);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const before = await feedback();
    const cases: [string, unknown, RegExp][] = [
      [`${api}/feedback`, { label: "maybe", timestamp: at(1) }, /label/],
      [`${api}/feedback`, { label: "false_positive" }, /timestamp|from/],
      [`${api}/feedback`, { label: "false_positive", from: at(5), to: at(1) }, /from/],
      [`${api}/feedback`, { label: "false_positive", timestamp: "yesterday" }, /timestamp/],
      [`${api}/maintenance`, { from: at(1) }, /to/],
    ];
    for (const [path, body, message] of cases) {
      const res = await call("POST", path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe("error");
      expect(res.body.message).toMatch(message);
    }
    expect((await call("DELETE", `${api}/feedback/999`)).status).toBe(404);
    expect(await feedback()).toEqual(before);
  });

  it("survives a killed server: the same marks, windows, margins and verdicts after a restart", async () => {
    const before = await feedback();
    const verdicts = [await verdict(DEPLOY[0] + 2), await verdict(DEPLOY[1]), await verdict(INCIDENT)];
    server.child.kill("SIGKILL");
    await new Promise((resolve) => server.child.once("exit", resolve));
    expect(existsSync(join(store, MODEL, "feedback.json"))).toBe(true);
    server = await spawnServer(store, cli);
    expect(await feedback()).toEqual(before);
    expect([await verdict(DEPLOY[0] + 2), await verdict(DEPLOY[1]), await verdict(INCIDENT)]).toEqual(verdicts);
    expect(await train()).toBe(POINTS - 24);
  });

  it("gives the stored margins back when the marks are removed", async () => {
    const fb = await feedback();
    for (const mark of fb.marks) {
      const res = await call("DELETE", `${api}/feedback/${mark.id}`);
      expect(res.status).toBe(200);
    }
    const after = await feedback();
    expect(after.marks).toEqual([]);
    expect(after.maintenance).toHaveLength(1);
    for (const m of Object.values(after.margins)) expect(m.adapted).toBe(m.base);
    expect((await verdict(DEPLOY[0] + 2)).anomaly).toBe(true);
  });

  it("is driven from the CLI on the same store", async () => {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    const mark = await runCli(["feedback", MODEL, "false_positive", "--at", String(at(DEPLOY[0])), "--note", "deploy"]);
    expect(mark.code, mark.stderr).toBe(0);
    expect(JSON.parse(mark.stdout).mark).toMatchObject({
      label: "false_positive",
      from: at(DEPLOY[0]),
      note: "deploy",
    });
    const window = await runCli(["maintenance", MODEL, "--from", iso(10), "--to", iso(12)]);
    expect(window.code, window.stderr).toBe(0);
    const id = JSON.parse(window.stdout).maintenance.id as number;
    const bad = await runCli(["feedback", MODEL, "false_positive"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--at/);
    const removed = await runCli(["unmark", MODEL, String(id)]);
    expect(removed.code, removed.stderr).toBe(0);
    const list = await runCli(["feedback", MODEL]);
    expect(list.code, list.stderr).toBe(0);
    const listed = JSON.parse(list.stdout) as FeedbackBody;
    expect(listed.marks.map((m) => m.label)).toEqual(["false_positive"]);
    expect(listed.maintenance).toHaveLength(1);
    // What the CLI wrote is the model's feedback file.
    const onDisk = JSON.parse(await readFile(join(store, MODEL, "feedback.json"), "utf8"));
    expect(onDisk.marks).toEqual(listed.marks);
    // A damaged feedback file is reported by name and left as it is.
    const file = join(store, MODEL, "feedback.json");
    const good = await readFile(file, "utf8");
    await writeFile(file, "{ not json");
    const damaged = await runCli(["feedback", MODEL]);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/feedback\.json/);
    expect(await readFile(file, "utf8")).toBe("{ not json");
    await writeFile(file, good);
    expect((await runCli(["feedback", MODEL])).code).toBe(0);
    // The server comes back up on it for the next tests' cleanup.
    server = await spawnServer(store, cli);
  });

  it("silences points that arrive inside a false-positive range declared ahead of them", async () => {
    for (const old of (await feedback()).marks) await call("DELETE", `${api}/feedback/${old.id}`);
    const next = POINTS + 1;
    const burst = { timestamp: at(next), requests: 320, latency: 55 };
    expect((await call<VerdictBody>("POST", `/detect_only/${MODEL}`, burst)).body.anomaly).toBe(true);
    // A known false alarm under way: the operator marks the next minute.
    const mark = await call("POST", `${api}/feedback`, { label: "false_positive", from: at(next), to: at(next + 30) });
    expect(mark.status).toBe(200);
    // The point counts among the marked ones as it arrives, so it is scored with margins past it.
    const first = (await call<VerdictBody>("POST", `/detect/${MODEL}?explain=1`, burst)).body;
    lastExplanation = first.explanation;
    expect(first.anomaly).toBe(false);
    const listed = await feedback();
    for (const [version, v] of Object.entries(first.versions)) {
      if (listed.margins[version] !== undefined) expect(v.threshold_info.margin).toBe(listed.margins[version]?.adapted);
    }
  });

  it("travels in export bundles, and the dashboards explain with the same exclusions as the server", async () => {
    const exported = (await call("GET", `${api}/export`)).body;
    const bundle = parseBundle(exported);
    if (typeof bundle === "string") throw new Error(bundle);
    const listed = await feedback();
    expect(bundle.feedback?.marks).toEqual(listed.marks);
    expect(bundle.feedback?.maintenance).toEqual(listed.maintenance);
    // The last point was ingested with ?explain=1 (previous test). Explained
    // by a version, the worker's engine function gives the same explanation;
    // explained by the bands (an unflagged point's strongest check), the
    // worker's per-version view of that point reads the same training data:
    // each column's typical value, computed with the feedback exclusions, agrees.
    const last = bundle.ring.length - 1;
    const served = lastExplanation as Explanation | null;
    if (served === null) throw new Error("the previous test's point was served without an explanation");
    const local = explainRingPoint(bundle, served.version ?? (bundle.forests[0]?.name as string), last);
    if (served.version !== null) expect(local).toEqual(served);
    const typicalOf = (e: Explanation | null) =>
      Object.fromEntries((e?.columns ?? []).map((c) => [c.column, c.typical]));
    expect(typicalOf(local)).toEqual(typicalOf(served));
    // Import under another name: the copy has the same feedback.
    const copy = await call("PUT", `/api/dynamic/${MODEL}_copy/import`, exported);
    expect(copy.status).toBe(200);
    const copied = (await call<FeedbackBody>("GET", `/api/dynamic/${MODEL}_copy/feedback`)).body;
    expect(copied.marks).toEqual(listed.marks);
    expect(copied.maintenance).toEqual(listed.maintenance);
    expect(copied.margins).toEqual(listed.margins);
  });
});
