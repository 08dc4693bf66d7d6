// Machine-independent figures of what ingest does while the retrain
// schedule runs: the engine in this process (the real service, file store
// and worker backend, as `anomaly serve` runs them, without HTTP), 8
// concurrent clients on one model. Timings on a shared 2-core machine move
// with everyone else's load; these count work instead:
//
// - main-thread CPU per point, and the most main-thread CPU spent between
//   two turns of the event loop (what a request arriving then waits for,
//   at best), both from the thread's own CPU clock (/proc/thread-self/schedstat,
//   Linux; n/a elsewhere), so another process's load does not inflate them;
// - scheduled trainings taken into force and how many ingest waited for,
//   per 1,000 points (the service's own counts);
// - bytes handed to write() per point (/proc/self/io), fsyncs of whole
//   files and synced appends per point (counts of FileHandle calls);
// - forest work on the main thread: bytes of forest files encoded and
//   forests compiled there (a training thread hands both back ready, so the
//   target is 0), and the most ring records a training handled there in
//   one turn of the event loop (model/trainingInput.ts).
import { readFileSync } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AnomalyService, forestWork, trainingSlices } from "../anomaly/index";
import { createNodeBackend, FileStore } from "../anomaly/node/index";

const MODEL = "work";
const CLIENTS = 8;

/** This thread's CPU nanoseconds so far; null off Linux. */
function threadCpuNs(): number | null {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]);
  } catch {
    return null;
  }
}

/** Bytes this process passed to write() so far; null off Linux. */
function writtenBytes(): number | null {
  try {
    return Number(/^wchar: (\d+)/m.exec(readFileSync("/proc/self/io", "utf8"))?.[1]);
  } catch {
    return null;
  }
}

type Counted = "sync" | "write";

/**
 * Counts FileHandle.sync calls (every fsync of a whole-file write goes
 * through one) and FileHandle.write calls (the data log's appends, each
 * synced by O_DSYNC).
 */
async function countDiskCalls(): Promise<{ count: (name: Counted) => number; restore: () => void }> {
  const handle = await open(tmpdir(), "r");
  const proto = Object.getPrototypeOf(handle) as Record<Counted, (...args: unknown[]) => Promise<unknown>>;
  await handle.close();
  const originals = { sync: proto.sync, write: proto.write };
  const counts = { sync: 0, write: 0 };
  for (const name of ["sync", "write"] as const) {
    proto[name] = function (this: unknown, ...args: unknown[]) {
      counts[name]++;
      return originals[name].apply(this, args);
    };
  }
  return {
    count: (name) => counts[name],
    restore: () => {
      proto.sync = originals.sync;
      proto.write = originals.write;
    },
  };
}

let seq = 0;
function record() {
  seq++;
  return {
    temperature: 20 + 5 * Math.sin(seq / 50) + Math.random(),
    pressure: 1013 + 10 * Math.random(),
    load: Math.round(100 * Math.random()),
    site: ["north", "south", "east", "west"][seq % 4],
  };
}

async function feed(svc: AnomalyService, points: number): Promise<void> {
  let left = points;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (left-- > 0) await svc.detect(MODEL, record());
    }),
  );
}

export interface IngestWork {
  points: number;
  mainCpuMsPerPoint: number | null;
  maxTurnCpuMs: number | null;
  trainings: number;
  waitsPer1000: number;
  bytesPerPoint: number | null;
  fsyncsPerPoint: number;
  appendsPerPoint: number;
  /** Bytes of forest files encoded on this (the serving) thread during the run. */
  forestBytesEncoded: number;
  /** Forests compiled for scoring on this thread during the run. */
  forestsCompiled: number;
  /** The most ring records a training handled on this thread in one turn (0: none). */
  largestSlice: number;
}

/** Points fed at a time until the run has enough points and trainings. */
const CHUNK = 500;
const MAX_POINTS_FED = 60_000;

/**
 * One model of `prefill` points, then at least `minPoints` more measured
 * (and, with retraining, until `minTrainings` took effect), with the given
 * schedule (null: the default).
 */
export async function ingestWork(
  schedule: object | null,
  prefill: number,
  minPoints: number,
  minTrainings: number,
): Promise<IngestWork> {
  const root = await mkdtemp(join(tmpdir(), "anomaly-bench-work-"));
  const backend = createNodeBackend();
  const svc = new AnomalyService(new FileStore(root, { log: () => {} }), { backend });
  const disk = await countDiskCalls();
  try {
    for (let i = 0; i < 120; i++) await svc.detect(MODEL, record());
    await feed(svc, prefill);
    if (schedule !== null) await svc.setSchedule(MODEL, schedule);
    const before = svc.trainingCounts(MODEL) ?? { applied: 0, waited: 0 };
    // The loop's turns: each tick reads the thread's CPU clock; the CPU
    // between two ticks is what ran in one turn.
    let maxTurn = 0;
    let last = threadCpuNs();
    let ticking = last !== null;
    const tick = () => {
      if (!ticking) return;
      const now = threadCpuNs() as number;
      maxTurn = Math.max(maxTurn, now - (last as number));
      last = now;
      setImmediate(tick);
    };
    setImmediate(tick);
    const cpu0 = threadCpuNs();
    const bytes0 = writtenBytes();
    const syncs0 = disk.count("sync");
    const appends0 = disk.count("write");
    const encoded0 = forestWork.encodedBytes;
    const compiled0 = forestWork.compiled;
    trainingSlices.largest = 0;
    let points = 0;
    let after = before;
    while (points < MAX_POINTS_FED && (points < minPoints || after.applied - before.applied < minTrainings)) {
      await feed(svc, CHUNK);
      points += CHUNK;
      after = svc.trainingCounts(MODEL) ?? before;
    }
    await svc.close();
    const cpu1 = threadCpuNs();
    const bytes1 = writtenBytes();
    ticking = false;
    const trainings = after.applied - before.applied;
    return {
      points,
      mainCpuMsPerPoint: cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / 1e6 / points,
      maxTurnCpuMs: cpu0 === null ? null : maxTurn / 1e6,
      trainings,
      waitsPer1000: (1000 * (after.waited - before.waited)) / points,
      bytesPerPoint: bytes0 === null || bytes1 === null ? null : (bytes1 - bytes0) / points,
      fsyncsPerPoint: (disk.count("sync") - syncs0) / points,
      appendsPerPoint: (disk.count("write") - appends0) / points,
      forestBytesEncoded: forestWork.encodedBytes - encoded0,
      forestsCompiled: forestWork.compiled - compiled0,
      largestSlice: trainingSlices.largest,
    };
  } finally {
    disk.restore();
    await svc.close();
    await backend.close();
    await rm(root, { recursive: true, force: true });
  }
}
