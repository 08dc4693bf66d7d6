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
 *
 * A training's forests (five files of a few MB, each synced) are written
 * beside the later appends, not in front of them: written in line they held
 * every request to the model up for as long as the disk took (0.2–0.4 s
 * per training on a busy machine). The metadata naming them is written
 * only once they are on disk, with the first batch after that (or on its
 * own when none comes), so on disk the order stays forests, then
 * metadata: a crash in between leaves the metadata before the training,
 * whose pending training (pendingTraining.ts) loading starts again, as
 * before. Until then the log grows past the last checkpoint, which loading
 * replays like any lines after a checkpoint.
 */
import type { Forest } from "../forest/forest";
import type { ModelStore, RawRecord } from "../store/store";
import type { MetadataJson } from "./metadata";

/** Metadata (and forests, after a retrain) as they stood right after a batch's last record. */
export interface Checkpoint {
  meta: MetadataJson;
  forests: ReadonlyMap<string, Forest> | null;
  /**
   * The forests may be written beside later appends: they replace forests
   * that were scoring meanwhile. A model's first forests (or ones healing
   * missing files) are written before its batch is answered, so a model
   * that answered a verdict has its forests and metadata on disk.
   */
  beside: boolean;
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
  /** The metadata as it stands; null when memory has moved past what is written (a batch is part-way through). */
  metadataSnapshot(): MetadataJson | null;
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
  /** A training's forests being written beside the appends. */
  private forestWrite: Promise<void> | null = null;
  /** Forests were written whose metadata is not on disk yet. */
  private metadataDue = false;

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

  /**
   * Whether the next batch must carry a checkpoint: forests written beside
   * the appends are on disk and the metadata naming them is not.
   */
  get checkpointDue(): boolean {
    return this.metadataDue && this.forestWrite === null;
  }

  /** Resolves once every queued batch is written (or rejected), forests and their metadata included. */
  async drained(): Promise<void> {
    while (this.writing !== null || this.forestWrite !== null) await (this.writing ?? this.forestWrite);
  }

  private kick(): void {
    if (this.writing !== null) return;
    if (this.queued.length > 0) this.writing = this.writeNext();
    else if (this.checkpointDue && this.broken === null) {
      // A batch part-way through memory carries it once it is queued.
      const meta = this.host.metadataSnapshot();
      if (meta === null) return;
      this.writing = this.writeMetadataAlone(meta);
    } else return;
    this.writing = this.writing.finally(() => {
      this.writing = null;
      this.kick();
    });
  }

  /** With no batch to carry it: the metadata as it stands, which is the log's end (every batch is written). */
  private async writeMetadataAlone(meta: MetadataJson): Promise<void> {
    try {
      await this.store.saveMetadata(this.model, meta);
      this.metadataDue = false;
    } catch (e) {
      this.fail(e);
    }
  }

  /** Writes a training's forests beside the appends; the metadata follows once they are on disk. */
  private writeForests(checkpoint: { meta: MetadataJson; forests: ReadonlyMap<string, Forest> }): void {
    this.metadataDue = false;
    this.forestWrite = saveForests(this.store, this.model, checkpoint.meta, checkpoint.forests).then(
      () => {
        this.forestWrite = null;
        this.metadataDue = true;
        this.kick();
      },
      (e) => {
        this.forestWrite = null;
        this.fail(e);
      },
    );
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
    // Not while forests are being written: the metadata it writes names them.
    const compact =
      this.logLines >= 0 &&
      this.logLines + records.length > 2 * this.capacity &&
      this.queued.length === 0 &&
      this.forestWrite === null
        ? this.host.compactionSnapshot()
        : null;
    // One training's forests at a time (trainings are seconds apart: this rarely waits).
    if (checkpoint?.forests && this.forestWrite !== null) await this.forestWrite;
    try {
      // Scored before the append, not while it is in flight: each line
      // carries its point's verdict, so the verdict stored is the one given.
      this.host.scorePending();
      const lines = this.host.storedLines(records);
      this.logLines = await (taken[0].fresh
        ? (this.store.clearForNew?.(this.model) ?? this.store.deleteModel(this.model)).then(() =>
            this.store.appendRecords(this.model, lines),
          )
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
      if (checkpoint?.forests && checkpoint.beside && !taken[0].fresh) {
        this.writeForests({ meta: checkpoint.meta, forests: checkpoint.forests });
      } else if (compact !== null) {
        await this.store.replaceRing(this.model, compact.records, compact.meta);
        this.logLines = compact.records.length;
        this.metadataDue = false;
      } else if (checkpoint?.forests) {
        if (this.forestWrite !== null) await this.forestWrite;
        await saveForests(this.store, this.model, checkpoint.meta, checkpoint.forests);
        await this.store.saveMetadata(this.model, checkpoint.meta);
      } else if (checkpoint !== null && this.forestWrite === null) {
        // (While forests are being written, the metadata waits for them.)
        await this.store.saveMetadata(this.model, checkpoint.meta);
        this.metadataDue = false;
      }
    } catch (e) {
      this.fail(e);
    }
    for (const b of taken) b.resolve();
  }
}
