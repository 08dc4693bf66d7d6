// A restarted model gives exactly the verdicts of one that never stopped.
// Seeded generated streams go through the server's ingest path (Idempotency-
// Key journal, service, file store, training thread) in a real child process
// (restartEquivalence.child.ts) that is killed with SIGKILL at random points:
// before, in the middle of (a torn line) and after an append, after each
// forest file of a training (a training's files are written beside later
// appends), after a metadata checkpoint, after a key's journal entry (its
// pending entry before the point is stored, its answer after), or at a random
// moment (often during a training on the thread). After each kill the store
// is reopened by a new process and the client retries every row it has no
// answer for, with the same key; now and then it also drops the last answer
// it got (an acknowledgement lost on the wire) and retries that row too.
// Every answer, every verdict record stored in the log and the metadata the
// model is left with must equal those of a run over the same stream that was
// never killed.
//
// As many kill cycles as fit ANOMALY_RESTART_BUDGET_S (server/config/
// environment.ts) run, and at least MIN_KILLS however slow the machine: the
// short default suits CI; a long budget hunts rarer interleavings.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { seededUniform } from "../../anomaly/testing";
import { integerVariable } from "../config/environment";
import { REPO_ROOT } from "./testing";

const BUDGET_MS = integerVariable(process.env, "ANOMALY_RESTART_BUDGET_S") * 1000;
const MIN_KILLS = 12;
const CHILD = join(REPO_ROOT, "server/anomaly/restartEquivalence.child.ts");

type Row = Record<string, unknown>;
interface Answer {
  key: string;
  httpStatus: number;
  body: Record<string, unknown>;
  replayed: boolean;
}

/**
 * A stream from a seed: 1 to 3 numeric columns (a daily wave, noise, a
 * slow trend) and maybe a categorical one, points 0.5 s to 5 min apart
 * (dense streams reach a training's switch by its clock, sparse ones by its
 * count), with spikes, drops to zero and a level shift now and then.
 */
function generatedStream(seed: number, length: number): Row[] {
  const u = seededUniform(seed);
  const step = [0.5, 2, 30, 300][Math.floor(u() * 4)];
  const numeric = 1 + Math.floor(u() * 3);
  const categorical = u() < 0.5;
  const shiftAt = Math.floor(length * (0.4 + 0.4 * u()));
  const rows: Row[] = [];
  let t = 1_700_000_000 + Math.floor(u() * 86_400);
  for (let i = 0; i < length; i++) {
    t += step * (0.5 + u());
    const row: Row = { timestamp: Math.round(t * 1000) / 1000 };
    for (let c = 0; c < numeric; c++) {
      let v = 50 + 20 * c + 10 * Math.sin((2 * Math.PI * t) / 86_400 + c) + 3 * u() + i / 200;
      if (u() < 0.02) v *= 4;
      if (u() < 0.01) v = 0;
      if (i >= shiftAt && c === 0) v += 40;
      row[`x${c}`] = Math.round(v * 1000) / 1000;
    }
    if (categorical) row.site = u() < 0.97 ? ["a", "b"][i % 2] : "rare";
    rows.push(row);
  }
  return rows;
}

/** One child process over `store`; answers arrive through `onAnswer`. */
function startChild(store: string, killAt: string | null, onAnswer: (a: Answer) => void) {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, store], {
    cwd: REPO_ROOT,
    env: killAt === null ? process.env : { ...process.env, KILL_AT: killAt },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => onAnswer(JSON.parse(line)));
  const exited = new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, stderr })),
  );
  // A write to a child that just died is expected here.
  child.stdin?.on("error", () => {});
  return { child, exited };
}

/**
 * Row i, or (as row 1, before the stream's second point) the settings every
 * run makes: no warm-up and a short quiet period, so the alert and
 * sustained-run state a restart must carry over is live from the start.
 */
const ALERTING = { warmup_min: 0, quiet_min: 20 };
const send = (child: ChildProcess, i: number, row: Row) =>
  child.stdin?.write(
    `${JSON.stringify(i === 1 ? { key: "settings", alerting: ALERTING } : { key: `row-${i}`, record: row })}\n`,
  );

/** The rows as sent: the settings change goes in as row 1. */
const withSettings = (rows: Row[]): Row[] => [rows[0], {}, ...rows.slice(1)];

/** The run that never stopped: every row in order through one process. */
async function straightRun(store: string, rows: Row[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next: () => void = () => {};
  const { child, exited } = startChild(store, null, (a) => {
    answers.push(a);
    next();
  });
  for (let i = 0; i < rows.length; i++) {
    const got = new Promise<void>((resolve) => {
      next = resolve;
    });
    send(child, i, rows[i]);
    await got;
  }
  child.stdin?.end();
  const end = await exited;
  if (end.code !== 0) throw new Error(`straight run exited ${end.code}: ${end.stderr}`);
  return answers;
}

/** Where a kill cycle dies: at a chosen write, or after a random delay. */
function pickKill(u: () => number): { spec: string | null; delayMs: number | null } {
  const r = u();
  const pick = (at: string, most: number) => ({
    spec: JSON.stringify({ at, nth: 1 + Math.floor(u() * most) }),
    delayMs: null,
  });
  if (r < 0.15) return pick("append-before", 40);
  if (r < 0.3) return pick("append-torn", 40);
  if (r < 0.45) return pick("append-after", 40);
  if (r < 0.65) return pick("forest-after", 12);
  if (r < 0.72) return pick("metadata-after", 3);
  if (r < 0.87) return pick("journal-after", 80);
  return { spec: null, delayMs: 300 + Math.floor(u() * 2500) };
}

interface KilledRun {
  answers: Answer[];
  kills: number;
  kinds: Map<string, number>;
  retriedAcks: number;
  /** Retries of an answered row whose answer was not the first one. */
  retryDiffers: string[];
}

/** The same rows, killed over and over; each restart retries every row without an answer. */
async function killedRun(store: string, rows: Row[], u: () => number, keepKilling: () => boolean): Promise<KilledRun> {
  const answers: Answer[] = [];
  const kinds = new Map<string, number>();
  let kills = 0;
  let retriedAcks = 0;
  const retryDiffers: string[] = [];
  let next = 0;
  while (next < rows.length) {
    const kill = keepKilling() ? pickKill(u) : { spec: null, delayMs: null };
    let waiting: ((a: Answer | null) => void) | null = null;
    const { child, exited } = startChild(store, kill.spec, (a) => waiting?.(a));
    let timer: NodeJS.Timeout | undefined;
    if (kill.delayMs !== null) timer = setTimeout(() => child.kill("SIGKILL"), kill.delayMs);
    let dead = false;
    void exited.then(() => {
      dead = true;
      waiting?.(null);
    });
    while (next < rows.length && !dead) {
      const got = new Promise<Answer | null>((resolve) => {
        waiting = resolve;
      });
      send(child, next, rows[next]);
      const a = await got;
      waiting = null;
      if (a === null) break;
      // A retried row (its first answer was dropped) must get that answer again.
      if (answers[next] !== undefined && JSON.stringify(a.body) !== JSON.stringify(answers[next].body)) {
        retryDiffers.push(
          `row ${next}: retried ${JSON.stringify(a.body)}\n  first ${JSON.stringify(answers[next].body)}`,
        );
      }
      answers[next] ??= a;
      next++;
    }
    clearTimeout(timer);
    if (!dead) child.stdin?.end();
    const end = await exited;
    if (end.signal !== "SIGKILL") {
      if (end.code !== 0) throw new Error(`child exited ${end.code}: ${end.stderr}`);
      continue;
    }
    kills++;
    const kind = kill.spec === null ? "timer" : (JSON.parse(kill.spec) as { at: string }).at;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    // An acknowledgement lost on the wire: the client retries the row.
    if (next > 0 && u() < 0.3) {
      next--;
      retriedAcks++;
    }
  }
  return { answers, kills, kinds, retriedAcks, retryDiffers };
}

/** What an answer says about its point; a replay of a stored point's lost answer carries the stored verdict. */
function verdictOf(a: Answer): Record<string, unknown> {
  const b = a.body;
  if (b.status !== "success") return { httpStatus: a.httpStatus, status: b.status, data_points: b.data_points };
  return {
    httpStatus: a.httpStatus,
    anomaly: b.anomaly,
    score: b.score,
    severity: b.severity,
    voters: b.voters,
    alert: b.alert,
    learning: b.learning,
    top_columns: b.top_columns,
    data_points: b.data_points,
    data_point: b.data_point,
    // Only the verdict record is stored with a point, not each version's verdict.
    ...(b.versions === undefined ? {} : { versions: b.versions }),
  };
}

/** Every stored line (point and verdict record) of the model's log. */
async function storedLines(store: string): Promise<unknown[]> {
  const text = await readFile(join(store, "m", "data.jsonl"), "utf8");
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l));
}

/** The model's metadata as a new process loads it (its creation time, a wall-clock stamp, left out). */
async function loadedMetadata(store: string): Promise<unknown> {
  const service = new AnomalyService(new FileStore(store, { durable: false, log: () => {} }));
  try {
    return { ...(await service.metadata("m")), created: null };
  } finally {
    await service.close();
  }
}

const roots: string[] = [];
afterAll(async () => {
  for (const r of roots) await rm(r, { recursive: true, force: true });
});

describe("a new model killed right after its first point is stored", () => {
  it("answers the retry of that point from the stored point: stored once, the stream not shifted by one", {
    timeout: 300_000,
  }, async () => {
    // Found by the random kills below: the first batch of a new model cleared
    // its folder, idempotency journal included, so the retry stored the point again.
    const root = await mkdtemp(join(tmpdir(), "restart-equivalence-"));
    roots.push(root);
    const row = generatedStream(1, 1)[0];
    const answers: Answer[] = [];
    const first = startChild(root, JSON.stringify({ at: "append-after", nth: 1 }), (a) => answers.push(a));
    send(first.child, 0, row);
    expect((await first.exited).signal).toBe("SIGKILL");
    expect(answers).toEqual([]);
    const second = startChild(root, null, (a) => {
      answers.push(a);
      second.child.stdin?.end();
    });
    send(second.child, 0, row);
    await second.exited;
    expect(answers[0]).toMatchObject({ replayed: true, body: { status: "collecting", data_points: 1 } });
    expect(await storedLines(root)).toHaveLength(1);
  });
});

describe("a model killed at random points", () => {
  it("gives every verdict that a model that never stopped gives, and stores the same verdict records", {
    timeout: BUDGET_MS + 900_000,
  }, async () => {
    const deadline = performance.now() + BUDGET_MS;
    let kills = 0;
    let retried = 0;
    const kinds = new Map<string, number>();
    const table: string[] = [];
    const differ: string[] = [];
    for (let seed = 1; kills < MIN_KILLS || performance.now() < deadline; seed++) {
      const root = await mkdtemp(join(tmpdir(), "restart-equivalence-"));
      roots.push(root);
      const rows = withSettings(generatedStream(seed, 260));
      const straight = await straightRun(join(root, "straight"), rows);
      const killed = await killedRun(
        join(root, "killed"),
        rows,
        seededUniform(seed * 7919),
        () => kills < MIN_KILLS || performance.now() < deadline,
      );
      kills += killed.kills;
      retried += killed.retriedAcks;
      for (const [k, n] of killed.kinds) kinds.set(k, (kinds.get(k) ?? 0) + n);
      table.push(`seed ${seed}: ${rows.length} rows, ${killed.kills} kills`);
      for (const d of killed.retryDiffers) differ.push(`seed ${seed} ${d}`);
      for (let i = 0; i < rows.length; i++) {
        const got = verdictOf(killed.answers[i]);
        const want = verdictOf(straight[i]);
        // A replay of a stored point's lost answer has no per-version verdicts to compare.
        if (!("versions" in got)) delete want.versions;
        if (JSON.stringify(got) !== JSON.stringify(want)) {
          differ.push(`seed ${seed} row ${i}: got ${JSON.stringify(got)}\n  want ${JSON.stringify(want)}`);
        }
      }
      const [killedLines, straightLines] = [
        await storedLines(join(root, "killed")),
        await storedLines(join(root, "straight")),
      ];
      if (killedLines.length !== straightLines.length)
        differ.push(`seed ${seed}: ${killedLines.length} stored lines, want ${straightLines.length}`);
      for (let i = 0; i < Math.min(killedLines.length, straightLines.length); i++) {
        if (JSON.stringify(killedLines[i]) !== JSON.stringify(straightLines[i])) {
          differ.push(
            `seed ${seed} stored line ${i}: got ${JSON.stringify(killedLines[i])}\n  want ${JSON.stringify(straightLines[i])}`,
          );
        }
      }
      // And the model each leaves: counts, schedule, training, alert state.
      const [killedMeta, straightMeta] = [
        await loadedMetadata(join(root, "killed")),
        await loadedMetadata(join(root, "straight")),
      ];
      if (JSON.stringify(killedMeta) !== JSON.stringify(straightMeta)) {
        differ.push(`seed ${seed} metadata: got ${JSON.stringify(killedMeta)}\n  want ${JSON.stringify(straightMeta)}`);
      }
    }
    console.log(
      `restart equivalence: ${kills} kills (${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ")}), ${retried} lost acknowledgements retried\n${table.join("\n")}`,
    );
    expect(differ.slice(0, 20).join("\n")).toBe("");
    expect(kills).toBeGreaterThanOrEqual(MIN_KILLS);
  });
});
