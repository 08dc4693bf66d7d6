// Scheduled retrains run beside ingest (pendingTraining.ts): a training due
// at point n takes effect at point n + K whatever its timing. Proven with a
// trainer whose answer is held back (by a timer or a latch the test opens),
// through the real service and file store: the same stream gives the same
// verdicts with an instant and a slowed trainer, sent one at a time or in
// concurrent bursts; and while a training is held, ingest goes on answering.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CpuBackend, type ForestJob, type ScoringBackend, type TrainedForests } from "../backends/backend";
import type { Forest, RowMatrix } from "../forest/forest";
import { FileStore } from "../node/fileStore";
import { AnomalyService, type DetectAnswer } from "../service";
import { steadyRecord } from "../testing";
import { trainForests } from "./training";

const T0 = 1_700_000_000;
const POINTS = 270;

/** The CPU backend's trainer, its answer released when `hold` resolves. */
class HeldTrainer implements ScoringBackend {
  readonly name = "held";
  private readonly cpu = new CpuBackend();
  calls = 0;
  constructor(private readonly hold: (call: number) => Promise<void>) {}
  pathSums(forest: Forest, rows: RowMatrix): Promise<Float64Array> {
    return this.cpu.pathSums(forest, rows);
  }
  async trainForests(job: ForestJob): Promise<TrainedForests> {
    const call = ++this.calls;
    const trained = await trainForests(job, this.cpu);
    await this.hold(call);
    return trained;
  }
  close(): Promise<void> {
    return this.cpu.close();
  }
}

/** A steady stream with a spike now and then and a category that appears late, so verdicts differ. */
function point(i: number): Record<string, unknown> {
  const r = steadyRecord(i);
  if (i > 120 && i % 37 === 0) r.cpu = 400;
  if (i >= 230 && i % 5 === 0) r.host = "c";
  return r;
}

function open(backend: ScoringBackend): AnomalyService {
  const root = mkdtempSync(join(tmpdir(), "retrain-beside-"));
  return new AnomalyService(new FileStore(root, { durable: false, log: () => {} }), { backend });
}

const detect = (svc: AnomalyService, i: number) => svc.detect("m", point(i), T0 + 60 * i);
const body = (a: DetectAnswer) => JSON.stringify(a.body);

async function oneByOne(svc: AnomalyService, from: number, to: number): Promise<DetectAnswer[]> {
  const out: DetectAnswer[] = [];
  for (let i = from; i < to; i++) out.push(await detect(svc, i));
  return out;
}

/** Sent `burst` at a time without waiting for answers in between: the service batches them. */
async function inBursts(svc: AnomalyService, burst: number): Promise<DetectAnswer[]> {
  const out: DetectAnswer[] = [];
  for (let i = 0; i < POINTS; i += burst) {
    const sent: Promise<DetectAnswer>[] = [];
    for (let j = i; j < Math.min(POINTS, i + burst); j++) sent.push(detect(svc, j));
    out.push(...(await Promise.all(sent)));
  }
  return out;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("retraining beside ingest", () => {
  it("gives the same verdicts whatever the training's timing and the request batching", {
    timeout: 300_000,
  }, async () => {
    const instant = open(new HeldTrainer(async () => {}));
    const expected = await oneByOne(instant, 0, POINTS);
    await instant.close();
    // Trainings take effect at 150, 200, 250 (each started where the one before took effect).
    const flagged = expected.filter((a) => a.body.status === "success" && a.body.anomaly === true);
    expect(flagged.length).toBeGreaterThan(0);

    // Slowed: every answer comes a timer later, so ingest reaches n + K first and waits there.
    const slowBackend = new HeldTrainer(() => sleep(150));
    const slow = open(slowBackend);
    const slowBursts = await inBursts(slow, 25);
    await slow.close();
    expect(slowBackend.calls).toBeGreaterThanOrEqual(3);
    expect(slowBursts.map(body)).toEqual(expected.map(body));

    // Trainings of uneven length, points sent a few at a time.
    const unevenBackend = new HeldTrainer((call) => sleep(call % 2 === 0 ? 0 : 80));
    const uneven = open(unevenBackend);
    const unevenBursts = await inBursts(uneven, 7);
    await uneven.close();
    expect(unevenBursts.map(body)).toEqual(expected.map(body));
  });

  it("answers ingest while a training is held, and only the point it takes effect at waits for it", {
    timeout: 120_000,
  }, async () => {
    let open_: () => void = () => {};
    const latch = new Promise<void>((resolve) => {
      open_ = resolve;
    });
    // The first training (at point 50: no forests yet) goes through; later ones wait for the latch.
    const backend = new HeldTrainer((call) => (call === 1 ? Promise.resolve() : latch));
    const svc = open(backend);
    const got = await oneByOne(svc, 0, 100);
    // Point 100 starts a training; points 100..149 are answered while it is held.
    got.push(...(await oneByOne(svc, 100, 149)));
    expect(backend.calls).toBe(2);
    const meta = await svc.metadata("m");
    expect(meta.n_seen).toBe(149);
    expect(meta.pending_training).toMatchObject({ from: 100, at: 150 });

    // Point 150 is where it takes effect: its answer waits for the latch.
    let answered = false;
    const at150 = detect(svc, 149).then((a) => {
      answered = true;
      return a;
    });
    await sleep(200);
    expect(answered).toBe(false);
    open_();
    got.push(await at150);
    expect((await svc.metadata("m")).pending_training).toMatchObject({ from: 150, at: 200 });
    await svc.close();

    const instant = open(new HeldTrainer(async () => {}));
    const expected = await oneByOne(instant, 0, 150);
    await instant.close();
    expect(got.map(body)).toEqual(expected.map(body));
  });
});
