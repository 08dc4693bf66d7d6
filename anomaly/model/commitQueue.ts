/**
 * The write side of group commit for one model. Batches are processed in
 * memory in arrival order (model.ts) and queued here; one append is in
 * flight at a time, and when it completes the next append takes every batch
 * processed meanwhile. So the next batch's processing overlaps the current
 * append's sync instead of waiting for it, and batches that queued up while
 * the disk was busy share one write and one sync.
 *
 * A batch's promise resolves once its lines are durable, and is rejected
 * only when they are not (its append failed): the answer says exactly
 * whether the batch is stored. The forests and metadata it produced are
 * written after the lines; if that fails the batch still resolves. Once any
 * write fails, this queue is broken: every batch not yet written is
 * rejected and never written, and the caller must reload the model from
 * the store.
 */
import type { Forest } from "../forest/forest";
import type { ModelStore, RawRecord } from "../store/store";
import type { MetadataJson } from "./metadata";

/** Metadata (and forests, after a retrain) as they stood right after a batch's last record. */
export interface Checkpoint {
  meta: MetadataJson;
  forests: ReadonlyMap<string, Forest> | null;
}

interface Batch {
  records: RawRecord[];
  checkpoint: Checkpoint | null;
  /** The model's first batch: its folder is cleared of leftovers first. */
  fresh: boolean;
  resolve: () => void;
  reject: (e: unknown) => void;
}

export interface CommitHost {
  /** Scores the processed points still waiting for verdicts (called before their lines are written). */
  scorePending(): void;
  /** The lines to store for records: each with the verdict it was given (verdictRecord.ts). */
  storedLines(records: readonly RawRecord[]): RawRecord[];
  /** The ring and metadata for a compaction; null when memory has moved past what is being written. */
  compactionSnapshot(): { records: RawRecord[]; meta: MetadataJson } | null;
}

/** One forest file per version with a forest; stale files of the others are removed. */
export async function saveForests(
  store: ModelStore,
  model: string,
  meta: MetadataJson,
  forests: ReadonlyMap<string, Forest>,
): Promise<void> {
  for (const v of meta.versions) {
    const forest = forests.get(v.vname);
    if (forest === undefined) await store.deleteForest(model, v.vname);
    else await store.saveForest(model, v.vname, { name: v.vname, margin: v.decision_margin, forest });
  }
}

export class CommitQueue {
  private readonly queued: Batch[] = [];
  private writing: Promise<void> | null = null;
  /** Lines in the log after the last append (−1 until one is done). */
  private logLines = -1;
  /** Why this queue stopped writing, once it has. */
  broken: unknown = null;

  constructor(
    private readonly store: ModelStore,
    private readonly model: string,
    private readonly capacity: number,
    private readonly host: CommitHost,
  ) {}

  enqueue(records: RawRecord[], checkpoint: Checkpoint | null, fresh: boolean): Promise<void> {
    const done = new Promise<void>((resolve, reject) => {
      this.queued.push({ records, checkpoint, fresh, resolve, reject });
    });
    this.kick();
    return done;
  }

  /** Stops writing: the batches not yet written are rejected. */
  fail(e: unknown): void {
    this.broken ??= e;
    for (const b of this.queued.splice(0)) b.reject(this.broken);
  }

  /** Resolves once every queued batch is written (or rejected). */
  async drained(): Promise<void> {
    while (this.writing !== null) await this.writing;
  }

  private kick(): void {
    if (this.writing !== null || this.queued.length === 0) return;
    this.writing = this.writeNext().finally(() => {
      this.writing = null;
      this.kick();
    });
  }

  private async writeNext(): Promise<void> {
    // Up to the first batch with a checkpoint: that checkpoint must describe
    // the log's end once the append is done.
    const cut = this.queued.findIndex((b) => b.checkpoint !== null);
    const taken = this.queued.splice(0, cut < 0 ? this.queued.length : cut + 1);
    if (this.broken !== null) {
      for (const b of taken) b.reject(this.broken);
      return;
    }
    const records = taken.length === 1 ? taken[0].records : taken.flatMap((b) => b.records);
    const checkpoint = taken[taken.length - 1].checkpoint;
    // Compaction rewrites the log to the ring, so it waits for a moment when
    // the ring holds exactly what this append leaves on disk.
    const compact =
      this.logLines >= 0 && this.logLines + records.length > 2 * this.capacity && this.queued.length === 0
        ? this.host.compactionSnapshot()
        : null;
    try {
      // Scored before the append, not while it is in flight: each line
      // carries its point's verdict, so the verdict stored is the one given.
      this.host.scorePending();
      const lines = this.host.storedLines(records);
      this.logLines = await (taken[0].fresh
        ? this.store.deleteModel(this.model).then(() => this.store.appendRecords(this.model, lines))
        : this.store.appendRecords(this.model, lines));
    } catch (e) {
      for (const b of taken) b.reject(e);
      this.fail(e);
      return;
    }
    // The lines are durable from here on: these points are stored whatever
    // happens to the checkpoint, so they are answered as stored. A failed
    // checkpoint (a full disk refusing a new metadata or forest file) loses
    // nothing: loading counts and replays the records after the last good
    // checkpoint. It only stops this object, so the model reloads from what
    // is on disk before its next write.
    try {
      if (checkpoint?.forests) await saveForests(this.store, this.model, checkpoint.meta, checkpoint.forests);
      if (compact !== null) {
        await this.store.replaceRing(this.model, compact.records, compact.meta);
        this.logLines = compact.records.length;
      } else if (checkpoint !== null) {
        await this.store.saveMetadata(this.model, checkpoint.meta);
      }
    } catch (e) {
      this.fail(e);
    }
    for (const b of taken) b.resolve();
  }
}
