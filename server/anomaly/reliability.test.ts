// Crash safety: real `anomaly serve` processes are killed with SIGKILL at
// random moments while a client streams ingests and fine-tunes. After every
// kill the model must load and hold either every acknowledged point or one
// more (the request in flight when the process died), and its stored data
// must hold exactly n_seen points.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { bundleCli, spawnServer } from "./testing";

const LANES = Number(process.env.KILL_LANES ?? 4);
// As many kill cycles as fit the budget, and at least the minimum however
// slow the machine: a fixed count under a fixed time limit failed on a
// busy machine, proving nothing about crash safety.
const BUDGET_MS = Number(process.env.KILL_BUDGET_S ?? 90) * 1000;
const MIN_KILLS_PER_LANE = Number(process.env.MIN_KILLS_PER_LANE ?? 5);
// Well above the budget: the minimum may outrun it, and the last cycle of each lane starts before it ends.
const TEST_TIMEOUT_MS = BUDGET_MS + 600_000;
const MODEL = "crashy";

interface LaneReport {
  kills: number;
  exact: number;
  plusOne: number;
  violations: string[];
  points: number;
  finetunes: number;
  ringExtra: number;
}

let root: string;
let cli: string[];
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "anomaly-kill-"));
  cli = await bundleCli();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(cli[0] as string, { force: true });
});

// Deterministic per lane, so a failure can be replayed.
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function post(url: string, body?: unknown) {
  const res = await fetch(url, {
    method: "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  return { status: res.status, json };
}

async function runLane(lane: number, deadline: number): Promise<LaneReport> {
  const store = join(root, `lane${lane}`);
  const random = lcg(1234 + lane);
  const report: LaneReport = { kills: 0, exact: 0, plusOne: 0, violations: [], points: 0, finetunes: 0, ringExtra: 0 };
  let acked = 0;
  let seq = 0;
  for (let k = 0; k < MIN_KILLS_PER_LANE || performance.now() < deadline; k++) {
    const server = await spawnServer(store, cli);
    const exited = new Promise((r) => server.child.once("exit", r));
    if (k > 0) {
      const meta = await fetch(`${server.url}/models/dynamic/${MODEL}/metadata`);
      const seen = meta.status === 200 ? ((await meta.json()) as { n_seen: number }).n_seen : 0;
      if (meta.status === 200) {
        const data = await fetch(`${server.url}/models/dynamic/${MODEL}/data?limit=all`);
        const count = ((await data.json()) as { data_points_count: number }).data_points_count;
        if (count !== seen) report.violations.push(`kill ${k}: data holds ${count} points, n_seen ${seen}`);
      }
      if (seen === acked) report.exact++;
      else if (seen === acked + 1) report.plusOne++;
      else report.violations.push(`kill ${k}: n_seen ${seen}, last acknowledged ${acked}`);
      acked = seen;
    }
    // The kill is armed when the n-th request of this run goes out and fires
    // 0-6 ms later: before, during or just after that request, which is now
    // and then the one that retrains (every 50 points) or fine-tunes (every
    // 25th request once trained). Counting requests rather than wall time
    // keeps the models growing however slow the machine is.
    const armAt = 1 + Math.floor(random() * 12);
    let timer: NodeJS.Timeout | undefined;
    for (let sent = 1; ; sent++) {
      seq++;
      if (sent === armAt) timer = setTimeout(() => server.child.kill("SIGKILL"), random() * 6);
      try {
        if (seq % 25 === 0 && acked >= 50) {
          const { status } = await post(`${server.url}/api/dynamic/${MODEL}/finetune`);
          if (status === 200) report.finetunes++;
        } else {
          const record = {
            temperature: 20 + 3 * Math.sin(seq / 10) + random(),
            load: Math.floor(random() * 10),
            site: seq % 3 ? "a" : "b",
          };
          const { status, json } = await post(`${server.url}/detect/${MODEL}`, record);
          if (status !== 200 && status !== 202)
            report.violations.push(`ingest answered ${status}: ${JSON.stringify(json)}`);
          else {
            acked = json.data_points as number;
            report.points++;
          }
        }
      } catch {
        break; // the process died under the request
      }
    }
    clearTimeout(timer);
    await exited;
    report.kills++;
  }
  // The last kill's outcome, checked in-process: the store must open as is.
  const service = new AnomalyService(new FileStore(store));
  try {
    const meta = await service.metadata(MODEL);
    if (meta.n_seen === acked) report.exact++;
    else if (meta.n_seen === acked + 1) report.plusOne++;
    else report.violations.push(`final: n_seen ${meta.n_seen}, last acknowledged ${acked}`);
    const data = await service.data(MODEL, "all");
    // n_seen is derived from the stored data, so the two agree exactly: no
    // stored point is left uncounted (the old design could leave one).
    report.ringExtra = data.data.length - meta.n_seen;
    if (report.ringExtra !== 0) report.violations.push(`final: ring holds ${data.data.length}, n_seen ${meta.n_seen}`);
    // A short budget may end before the first training (50 points): then there is nothing to score with yet.
    if (meta.feats.length > 0) {
      const verdict = await service.detectOnly(MODEL, { temperature: 21, load: 3, site: "a" });
      if (verdict.status !== "success") report.violations.push(`final: detect_only answered ${verdict.status}`);
    }
  } catch (err) {
    report.violations.push(`lane ${lane} final check: ${(err as Error).message}`);
  } finally {
    await service.close();
  }
  return report;
}

describe("kill -9 during ingest and fine-tune", () => {
  it(
    `at least ${LANES * MIN_KILLS_PER_LANE} kills in about ${BUDGET_MS / 1000} s: every model loads and keeps its acknowledged points (or one more)`,
    async () => {
      const started = performance.now();
      const deadline = started + BUDGET_MS;
      const reports = await Promise.all(Array.from({ length: LANES }, (_, lane) => runLane(lane, deadline)));
      const total = reports.reduce(
        (a, r) => ({
          kills: a.kills + r.kills,
          exact: a.exact + r.exact,
          plusOne: a.plusOne + r.plusOne,
          points: a.points + r.points,
          finetunes: a.finetunes + r.finetunes,
          ringExtra: a.ringExtra + r.ringExtra,
        }),
        { kills: 0, exact: 0, plusOne: 0, points: 0, finetunes: 0, ringExtra: 0 },
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `kill -9 reliability: ${total.kills} kills in ${seconds} s, ${total.points} acknowledged points, ${total.finetunes} fine-tunes; ` +
          `after each kill n_seen = acknowledged ${total.exact}×, acknowledged + 1 ${total.plusOne}×; ` +
          `stored points beyond n_seen: ${total.ringExtra}`,
      );
      expect(reports.flatMap((r) => r.violations)).toEqual([]);
      expect(total.kills).toBeGreaterThanOrEqual(LANES * MIN_KILLS_PER_LANE);
      // Every kill is checked on the next start, and the last one in-process.
      expect(total.exact + total.plusOne).toBe(total.kills);
    },
    TEST_TIMEOUT_MS,
  );
});
