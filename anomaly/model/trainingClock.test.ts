// What keeps a scheduled training from holding ingest up, through the real
// service and file store: a training also runs D seconds of the stream's
// own clock before it takes effect (trainingLag.ts), so a dense stream
// never reaches the switch point before the training could finish, with
// the same verdicts whatever the training's timing; and the forests of a
// training are written beside the later appends, the metadata naming them
// only after them (commitQueue.ts).
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CpuBackend, type ForestJob, type ScoringBackend, type TrainedForests } from "../backends/backend";
import { TRAINING_LAG_SECONDS } from "../constants";
import type { Forest, RowMatrix } from "../forest/forest";
import { FileStore } from "../node/fileStore";
import { AnomalyService, type DetectAnswer } from "../service";
import type { StoredForest } from "../store/store";
import { steadyRecord } from "../testing";
import { trainForests } from "./training";

const T0 = 1_700_000_000;

/** A latch a test opens. */
function latch(): { wait: Promise<void>; open: () => void } {
  let open: () => void = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

/** The CPU backend's trainer; from its second call on, the answer waits for `hold`. */
class HeldTrainer implements ScoringBackend {
  readonly name = "held";
  private readonly cpu = new CpuBackend();
  calls = 0;
  constructor(private readonly hold: Promise<void>) {}
  pathSums(forest: Forest, rows: RowMatrix): Promise<Float64Array> {
    return this.cpu.pathSums(forest, rows);
  }
  async trainForests(job: ForestJob): Promise<TrainedForests> {
    const call = ++this.calls;
    const trained = await trainForests(job, this.cpu);
    if (call > 1) await this.hold;
    return trained;
  }
  close(): Promise<void> {
    return this.cpu.close();
  }
}

/** A file store whose forest writes wait for `hold` once it is set. */
class HeldForests extends FileStore {
  hold: Promise<void> | null = null;
  held = 0;
  constructor(root: string) {
    super(root, { durable: false, log: () => {} });
  }
  override async saveForest(model: string, version: string, forest: StoredForest): Promise<void> {
    if (this.hold !== null) {
      this.held++;
      await this.hold;
    }
    return super.saveForest(model, version, forest);
  }
}

const newRoot = () => mkdtempSync(join(tmpdir(), "training-clock-"));
const body = (a: DetectAnswer) => JSON.stringify(a.body);

/** Points `from`..`to`−1, one at a time, `step` seconds apart on the stream's clock; a spike now and then. */
async function feed(svc: AnomalyService, from: number, to: number, step: number): Promise<DetectAnswer[]> {
  const out: DetectAnswer[] = [];
  for (let i = from; i < to; i++) {
    const r = steadyRecord(i);
    if (i > 120 && i % 37 === 0) r.cpu = 400;
    out.push(await svc.detect("m", r, T0 + step * i));
  }
  return out;
}

const onDisk = (root: string) => JSON.parse(readFileSync(join(root, "m", "metadata.json"), "utf8"));

describe("a training on a dense stream", () => {
  it("takes effect D seconds of the stream's clock after it starts: ingest past n + K does not wait, verdicts as with an instant trainer", {
    timeout: 300_000,
  }, async () => {
    // Points 0.1 s apart: point 100 starts a training (K = 50 points, the
    // schedule's interval), and 50 points are only 5 s of the stream.
    const step = 0.1;
    const gate = latch();
    const backend = new HeldTrainer(gate.wait);
    const svc = new AnomalyService(new FileStore(newRoot(), { durable: false, log: () => {} }), { backend });
    const got = await feed(svc, 0, 100, step);
    const started = (await svc.metadata("m")).pending_training;
    expect(started).toMatchObject({ from: 100, at: 150 });
    expect(started?.after).toBeCloseTo(T0 + step * 99 + TRAINING_LAG_SECONDS, 6);
    // The training is held, yet points 100..198 are answered: point 150
    // (n + K) is only 5 s after its start, so the old forests go on.
    got.push(...(await feed(svc, 100, 199, step)));
    expect(backend.calls).toBe(2);
    expect((await svc.metadata("m")).pending_training).toMatchObject({ from: 100 });
    // n_seen 200 is the first point D seconds later: it waits for the training.
    let answered = false;
    const at200 = feed(svc, 199, 200, step).then((a) => {
      answered = true;
      return a;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    gate.open();
    got.push(...(await at200));
    got.push(...(await feed(svc, 200, 260, step)));
    expect((await svc.metadata("m")).pending_training).toMatchObject({ from: 200 });
    await svc.close();

    const instant = new AnomalyService(new FileStore(newRoot(), { durable: false, log: () => {} }), {
      backend: new CpuBackend(),
    });
    const expected = await feed(instant, 0, 260, step);
    await instant.close();
    expect(got.map(body)).toEqual(expected.map(body));
  });
});

describe("a training's forest files", () => {
  it("are written beside later appends, and the metadata naming them only after them", {
    timeout: 300_000,
  }, async () => {
    // The training started at point 100 takes effect at 150; its files wait for the gate.
    const root = newRoot();
    const gate = latch();
    const store = new HeldForests(root);
    const svc = new AnomalyService(store, { backend: new CpuBackend() });
    const got = await feed(svc, 0, 149, 60);
    store.hold = gate.wait;
    got.push(...(await feed(svc, 149, 150, 60)));
    expect(store.held).toBe(1);
    // Answered while the forests are held: their write blocks no append.
    got.push(...(await feed(svc, 150, 170, 60)));
    // A crash now leaves this on disk: what a restart reloads from.
    const crashed = newRoot();
    cpSync(root, crashed, { recursive: true });
    // On disk, the metadata is still a checkpoint from before the switch.
    const before = onDisk(root);
    expect(before.n_seen).toBeLessThan(150);
    expect(before.pending_training?.from ?? null).not.toBe(150);
    gate.open();
    const meta = await svc.metadata("m");
    expect(meta.pending_training).toMatchObject({ from: 150, at: 200 });
    const after = onDisk(root);
    expect(after.n_seen).toBe(170);
    expect(after.pending_training).toMatchObject({ from: 150, at: 200 });
    await svc.close();

    // Reloaded from what is on disk, it goes on as a model that never stopped.
    const reopened = new AnomalyService(new FileStore(root, { durable: false, log: () => {} }), {
      backend: new CpuBackend(),
    });
    got.push(...(await feed(reopened, 170, 260, 60)));
    await reopened.close();
    const straight = new AnomalyService(new FileStore(newRoot(), { durable: false, log: () => {} }), {
      backend: new CpuBackend(),
    });
    const expected = await feed(straight, 0, 260, 60);
    await straight.close();
    expect(got.map(body)).toEqual(expected.map(body));

    // Killed while the forests were held: reloaded from that disk, the
    // points after it get the verdicts a model that never stopped gives.
    const restarted = new AnomalyService(new FileStore(crashed, { durable: false, log: () => {} }), {
      backend: new CpuBackend(),
    });
    const afterCrash = await feed(restarted, 170, 260, 60);
    await restarted.close();
    expect(afterCrash.map(body)).toEqual(expected.slice(170).map(body));
  });
});
