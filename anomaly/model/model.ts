/**
 * One named model: metadata, ring, forests and an optional autoencoder, and
 * the operations that change them. Settings, training and reset are computed
 * on copies, persisted, and only then applied in memory, so a failure leaves
 * the model as it was. Callers serialise operations per model (see
 * service.ts).
 *
 * Ingest works on a batch (group commit): each record in arrival order is
 * encoded (learn), stamped, appended to the ring, and scored, exactly as if
 * it came alone; a scheduled training starts beside it when n_seen reaches
 * the mark and takes effect a fixed number of points later
 * (pendingTraining.ts); the batch's
 * lines then go to the commit queue (commitQueue.ts), which appends them
 * with one write and one sync, together with the batches processed while
 * the previous append was in flight. Verdicts go out only once their lines
 * are durable. A record that fails validation is rejected alone and changes
 * nothing; any other failure breaks the model object: nothing after it is
 * written, and the caller must drop the object and reload the model from
 * the store.
 */
import { type AutoencoderJson, type AutoencoderModel, loadAutoencoder } from "../autoencoder/autoencoder";
import type { ScoringBackend } from "../backends/backend";
import { MAX_POINTS, MIN_POINTS } from "../constants";
import { topColumnsOf } from "../explain/voterExplain";
import { type FeedbackDoc, parseFeedback } from "../feedback/feedback";
import { ModelFeedback } from "../feedback/modelFeedback";
import { type TrainingSet, trainingRecords, trainingSet } from "../feedback/trainingSet";
import type { Forest } from "../forest/forest";
import { decisionFunction } from "../forest/scoring";
import { DamagedModelError, type ModelStore, type RawRecord, type UnusableLine } from "../store/store";
import { CommitQueue, saveForests } from "./commitQueue";
import {
  checkRecord,
  EncodingError,
  featureNames,
  learnRecord,
  Projector,
  recordTime,
  TIMESTAMP_KEY,
} from "./encoding";
import { cloneMetadata, type MetadataJson, newMetadata } from "./metadata";
import { learningAt, opensAlert, takePoint } from "./onset";
import { type PendingTraining, takesEffectAt } from "./pendingTraining";
import { Ring } from "./ring";
import { learnQuietly, pushIfFits } from "./storedRecords";
import { applySustained } from "./sustained";
import { type TrainedModel, trainVersions } from "./training";
import { mergeTraining, scheduleStep, trainingAfter, trainingLag } from "./trainingLag";
import { forestWidth, ScoringRun, scorePoint, type Verdict } from "./verdict";
import { splitStored, storedLine, type VerdictRecord } from "./verdictRecord";
import { slidingWindows } from "./windows";

/** One record of a batch: its verdict (null while warming up) and n_seen right after it, or why it was rejected. */
export type IngestResult = { record: RawRecord; verdict: Verdict | null; nSeen: number } | { rejected: EncodingError };

/** The scheduled training in flight (meta.pending_training says where it started and takes effect). */
interface Running {
  result: Promise<TrainedModel>;
  /** Set once the training has finished (or failed): taking it into force then waits for nothing. */
  settled: boolean;
}

export class Model {
  /** Stored lines left out of the ring when loading (kept aside by the store). */
  setAside = 0;
  private projectorCache: Projector | null = null;
  private aeProjectorCache: Projector | null = null;
  private readonly commits: CommitQueue;
  /** Points processed but not yet scored, and where their verdicts go. */
  private run: ScoringRun | null = null;
  private runResults: { record: RawRecord; verdict: Verdict | null; nSeen: number }[] = [];
  /** A batch is part-way through memory (waiting on a retrain). */
  private processing = false;
  /** The operator's marks and maintenance windows (feedback.json) and the margins they put in force. */
  private readonly feedbackState = new ModelFeedback();
  /** Durations (seconds) of the scheduled trainings not yet reported (takeScheduledTrainings). */
  private readonly scheduledTrainings: number[] = [];
  /** A training the loader redid from records after the checkpoint, not yet in a checkpoint. */
  private retrainedAtLoad = false;
  /** A training took effect on a model without forests since the last batch (its forests are written in line). */
  private tookEffectUntrained = false;
  /** The training of meta.pending_training, running beside ingest; null when none. */
  private running: Running | null = null;
  /**
   * The verdict given to each ring point (verdictRecord.ts), keyed by the
   * record object, so evicted points take theirs with them. Written into
   * the point's own line when it is appended (storedLines), read back from
   * it on load.
   */
  private readonly recorded = new WeakMap<RawRecord, VerdictRecord>();

  private constructor(
    readonly name: string,
    public meta: MetadataJson,
    readonly ring: Ring,
    public forests: Map<string, Forest>,
    public autoencoder: AutoencoderModel | null,
    private readonly store: ModelStore,
    private readonly backend: ScoringBackend,
    /** Not yet on disk: its first commit clears the folder and writes metadata. */
    private fresh = false,
  ) {
    this.commits = new CommitQueue(store, name, ring.capacity, this);
  }

  /** A new, not yet persisted model (it is written with its first batch). */
  static create(store: ModelStore, backend: ScoringBackend, name: string, now: number, capacity = MAX_POINTS): Model {
    return new Model(name, newMetadata(name, now), new Ring(capacity), new Map(), null, store, backend, true);
  }

  /** Null when the store has no loadable model of that name. */
  static async load(
    store: ModelStore,
    backend: ScoringBackend,
    name: string,
    capacity = MAX_POINTS,
  ): Promise<Model | null> {
    const meta = await store.loadMetadata(name);
    if (meta === null) return null;
    meta.name = name;
    const loaded = await store.loadRing(name, capacity);
    const { setAside } = loaded;
    // Each line holds the point and the verdict it was given (if any).
    const given = new Map<RawRecord, VerdictRecord>();
    const records = loaded.records.map((line) => {
      const { record, verdict } = splitStored(line);
      if (verdict !== null) given.set(record, verdict);
      return record;
    });
    const unsaved = loaded.unsaved.map((line) => splitStored(line).record);
    // Records after the metadata checkpoint (a crash between a batch's append
    // and its checkpoint) are counted in n_seen already. They are taken again
    // in order, as ingest took them: what they taught the encoder, and a
    // retraining one of them made due, happen at the same point as they did
    // live, so a model that changed instance or restarted goes on giving the
    // verdicts of one that never stopped. The ones older than the ring only
    // teach the encoder.
    const tail = Math.min(unsaved.length, records.length);
    for (const record of unsaved.slice(0, unsaved.length - tail)) learnQuietly(meta, record);
    const nAtTail = meta.n_seen - tail;
    // A stored record that no longer fits (a wrong-kind value written by
    // hand, a number past MAX_ABS_VALUE from before the limit) would make
    // training throw: it is kept aside by the store, not put in the ring.
    const ring = new Ring(capacity);
    const unusable: UnusableLine[] = [];
    const base = records.length - tail;
    // Points the alert-onset state has not taken yet (scored after its last
    // checkpoint): with their n_seen and ring position, scored again below.
    const unscored: { record: RawRecord; nSeen: number; at: number }[] = [];
    for (let i = 0; i < base; i++) {
      // A turn of the event loop every few thousand records: checking a
      // 150,000-point ring in one go held other requests ~100 ms (issue 30).
      if (i > 0 && i % 4096 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
      const nSeen = nAtTail - base + i + 1;
      if (pushIfFits(meta, ring, records[i], unusable) && nSeen > meta.alerting.scored_seen) {
        unscored.push({ record: records[i], nSeen, at: ring.length - 1 });
      }
    }
    const forests = new Map<string, Forest>();
    const nFeat = meta.feats.length;
    for (const v of meta.versions) {
      const stored = await store.loadForest(name, v.vname);
      // A forest that does not fit the current features (e.g. a crash between
      // saving forests and metadata) is ignored until the next training.
      if (stored !== null && forestWidth(stored.forest, nFeat) > 0) forests.set(v.vname, stored.forest);
    }
    const ae = await store.loadAutoencoder(name);
    const model = new Model(name, meta, ring, forests, ae === null ? null : loadAutoencoder(ae), store, backend);
    for (const [record, verdict] of given) model.recorded.set(record, verdict);
    const feedback = (await store.loadFeedback?.(name)) ?? null;
    if (feedback !== null) {
      const parsed = parseFeedback(feedback);
      if (parsed === null) throw new DamagedModelError(name, "feedback.json", "is not a feedback document");
      model.feedbackState.replace(parsed);
    }
    model.meta.n_seen = nAtTail;
    model.resumeTraining();
    // The forests on disk are the ones these points were scored with live (a
    // training writes a checkpoint, and points scored before it in its batch
    // are in the state already).
    if (model.trained) {
      for (const { record, nSeen, at } of unscored) {
        model.run ??= new ScoringRun(model.state(), at);
        model.run.add(record, at);
        model.runResults.push({ record, verdict: null, nSeen });
      }
    }
    model.scorePending();
    for (let i = base; i < records.length; i++) {
      const record = records[i];
      learnQuietly(model.meta, record);
      model.meta.n_seen += 1;
      if (!pushIfFits(model.meta, model.ring, record, unusable)) continue;
      model.feedbackState.pointAdded(recordTime(record));
      // As ingest does: trainings start and take effect at the same points,
      // and points before a switch are scored against the forests they came
      // under, for the alert-onset state. Written with the next batch's
      // checkpoint, so the next load starts from it. Only the schedule's
      // trainings: missing forests heal on the next ingested point.
      if (await model.advanceTraining(false)) model.retrainedAtLoad = true;
      model.queueScoring({ record, verdict: null, nSeen: model.meta.n_seen });
    }
    model.scorePending();
    if (unusable.length > 0) await store.keepAside?.(name, unusable);
    model.setAside = (setAside ?? 0) + unusable.length;
    return model;
  }

  /**
   * Whether the model is still in its warm-up (onset.ts) as of its newest
   * point: true before it holds any, or while it collects its first points.
   */
  get learning(): boolean {
    if (this.meta.alerting.ready_at !== null) return false;
    if (this.ring.length === 0 || !this.trained) return true;
    return learningAt(this.meta.alerting, this.ring.newestTime(), this.ring.time(0));
  }

  /** False until the model's first batch is on disk. */
  get persisted(): boolean {
    return !this.fresh;
  }

  get trained(): boolean {
    return this.meta.feats.length > 0 && (this.forests.size > 0 || this.autoencoder !== null);
  }

  get projector(): Projector {
    this.projectorCache ??= new Projector(this.meta, this.meta.feats);
    return this.projectorCache;
  }

  private aeProjector(ae: AutoencoderModel): Projector {
    this.aeProjectorCache ??= new Projector(this.meta, ae.json.feats);
    return this.aeProjectorCache;
  }

  /**
   * detect for a batch of records, in order: learn, store in the ring,
   * retrain on schedule, score. Returns once memory holds the batch; the
   * verdicts are filled in and `durable` resolves once its lines are on disk
   * (see commitQueue.ts). Nobody may be answered before that.
   */
  async ingestBatch(
    items: readonly { input: unknown; now: number }[],
  ): Promise<{ results: IngestResult[]; durable: Promise<void> }> {
    if (this.commits.broken !== null) throw this.commits.broken;
    const results: IngestResult[] = [];
    const accepted: RawRecord[] = [];
    let retrained = false;
    this.processing = true;
    try {
      for (const { input, now } of items) {
        let checked: ReturnType<typeof checkRecord>;
        try {
          checked = checkRecord(input);
          // Two-phase: a bad value throws before the metadata is touched.
          if (learnRecord(this.meta, checked)) this.aeProjectorCache = null;
        } catch (e) {
          if (!(e instanceof EncodingError)) throw e;
          results.push({ rejected: e });
          continue;
        }
        const record: RawRecord = { ...(input as RawRecord) };
        if (checked.timestamp === null) record[TIMESTAMP_KEY] = now;
        this.meta.n_seen += 1;
        this.ring.push(record, checked.timestamp ?? now);
        this.feedbackState.pointAdded(checked.timestamp ?? now);
        accepted.push(record);
        if (await this.advanceTraining()) retrained = true;
        const result = { record, verdict: null, nSeen: this.meta.n_seen };
        results.push(result);
        this.queueScoring(result);
      }
    } catch (e) {
      // Memory is part-way through the batch: stop writing anything after it.
      this.commits.fail(e);
      throw e;
    } finally {
      this.processing = false;
    }
    // Rejections alone still wait for the batches before them: they were
    // judged against points that are not durable yet.
    if (accepted.length === 0) return { results, durable: this.drained() };
    const fresh = this.fresh;
    this.fresh = false;
    if (this.retrainedAtLoad) this.tookEffectUntrained = true;
    retrained ||= this.retrainedAtLoad;
    this.retrainedAtLoad = false;
    // Metadata is written only with a batch that changed more than n_seen
    // (and the encoder, which loading replays from the log).
    // (And with the first batch after a training's forests reached the disk:
    // the metadata naming them is written only then, commitQueue.ts.)
    const beside = !this.tookEffectUntrained && !fresh;
    this.tookEffectUntrained = false;
    const checkpoint =
      retrained || fresh || this.commits.checkpointDue
        ? { meta: cloneMetadata(this.meta), forests: retrained ? this.forests : null, beside }
        : null;
    return { results, durable: this.commits.enqueue(accepted, checkpoint, fresh) };
  }

  /**
   * Whether the newest point makes a training due: the schedule says so, or
   * a model that should have forests has none (say a forest file was corrupt
   * and loaded as absent: it heals on its next point). Never while one runs.
   */
  private retrainDue(heal = true): boolean {
    const due = this.meta.n_seen >= this.meta.next_train || (heal && this.meta.feats.length > 0 && !this.trained);
    return due && this.running === null && this.ring.length >= MIN_POINTS;
  }

  /**
   * After each new point (pendingTraining.ts): the training in flight takes
   * effect when the point it was fixed to is reached (waiting for it only if
   * it is not done), and a training due starts on the ring as it stands. A
   * model without forests has nothing to score with meanwhile, so its
   * training takes effect at once. True when the forests changed.
   */
  private async advanceTraining(heal = true): Promise<boolean> {
    let changed = false;
    const pending = this.meta.pending_training;
    if (
      this.running !== null &&
      pending !== null &&
      (takesEffectAt(pending, this.meta.n_seen, this.ring.newestTime()) || !this.trained)
    ) {
      changed = await this.takeEffect(this.running, pending);
    }
    if (this.retrainDue(heal)) {
      const { running, pending } = this.startTraining();
      if (pending.at <= this.meta.n_seen) changed = (await this.takeEffect(running, pending)) || changed;
    }
    return changed;
  }

  /** Starts the schedule's training at the newest point; it takes effect K points later (trainingLag.ts). */
  private startTraining(): { running: Running; pending: PendingTraining } {
    const from = this.meta.n_seen;
    const lag = trainingLag(this.meta, this.ring.length, this.ring.full);
    const clock = this.ring.newestTime();
    const pending: PendingTraining = {
      from,
      at: this.trained ? from + lag : from,
      after: this.trained ? trainingAfter(clock) : Number.NEGATIVE_INFINITY,
      feats: featureNames(this.meta),
      clock,
      // The stream's clock, not the wall clock: a restarted model that
      // starts this training again from its stored points (the kill came
      // before a checkpoint named it) stamps it as the live one did, so the
      // model version in every verdict record after it is the same.
      started: Math.floor(clock),
    };
    this.meta.pending_training = pending;
    // The next one starts where this one takes effect, so trainings never
    // overlap; after one that takes effect at once, the schedule's interval.
    this.meta.next_train = pending.at === from ? from + scheduleStep(this.meta, this.ring.full) : pending.at;
    this.running = this.launch(pending, trainingSet(this.ring, this.feedback));
    return { running: this.running, pending };
  }

  /**
   * Loading: the training a checkpoint says was running starts again on the
   * ring as it stood where it started (the loaded points up to it).
   */
  private resumeTraining(): void {
    const pending = this.meta.pending_training;
    if (pending === null) return;
    const length = this.ring.length - (this.meta.n_seen - pending.from);
    if (length < MIN_POINTS) {
      // Too little of it is stored: the forests in force stay until the next training.
      this.meta.pending_training = null;
      return;
    }
    const records = this.ring.toArray().slice(0, length);
    const times = this.ring.timesArray().slice(0, length);
    this.running = this.launch(pending, trainingRecords(records, times, this.feedback));
  }

  /**
   * Runs a training on `picked`. Everything it reads from the model (the
   * encoder's columns, the versions) is taken before this returns, so
   * ingest may go on changing the model meanwhile.
   */
  private launch(pending: PendingTraining, picked: TrainingSet): Running {
    const started = performance.now();
    const result = trainVersions({
      state: this.meta,
      feats: pending.feats,
      records: picked.records,
      times: picked.times,
      versions: this.meta.versions,
      now: pending.clock,
      backend: this.backend,
    });
    // Its failure surfaces where it takes effect (or nowhere, when it is
    // dropped): until then it must not count as unhandled.
    result.then(
      () => {
        running.settled = true;
        this.scheduledTrainings.push((performance.now() - started) / 1000);
      },
      () => {
        running.settled = true;
      },
    );
    const running: Running = { result, settled: false };
    return running;
  }

  /** Puts a finished training in force (scoring the points before it first); waits for it if it is not done. */
  private async takeEffect(running: Running, pending: PendingTraining): Promise<boolean> {
    // Points before this one are scored against the forests they came under.
    this.scorePending();
    // A model without forests waits by design (nothing to score with meanwhile).
    if (!running.settled && this.trained) this.trainingWaits += 1;
    if (!this.trained) this.tookEffectUntrained = true;
    const trained = await running.result;
    this.running = null;
    this.trainingsApplied += 1;
    this.forests = mergeTraining(this.meta, trained, pending.started);
    this.invalidateCaches();
    return true;
  }

  /**
   * How many scheduled trainings this object took into force, and how many
   * of them ingest had to wait for (still running when the point they take
   * effect at arrived). Not persisted: counts for this process (the bench
   * reads them per 1,000 points).
   */
  trainingsApplied = 0;
  trainingWaits = 0;

  /** Seconds taken by each scheduled training since the last call (for the retrain metric). */
  takeScheduledTrainings(): number[] {
    return this.scheduledTrainings.splice(0);
  }

  /** Adds the ring's newest point to the scoring run (a model without forests has nothing to score). */
  private queueScoring(result: { record: RawRecord; verdict: Verdict | null; nSeen: number }): void {
    if (!this.trained) {
      // Never scored: the onset state has taken it.
      if (this.run === null) this.meta.alerting.scored_seen = result.nSeen;
      return;
    }
    const available = this.ring.length - 1;
    this.run ??= new ScoringRun(this.state(), available);
    this.run.add(result.record, available);
    this.runResults.push(result);
  }

  /** Fills in the verdicts of the points processed since the last scoring pass, in order. */
  scorePending(): void {
    const run = this.run;
    const waiting = this.runResults;
    this.run = null;
    this.runResults = [];
    if (run === null) return;
    const verdicts = run.score();
    for (let i = 0; i < verdicts.length; i++) {
      const { record, nSeen } = waiting[i];
      const v = verdicts[i];
      applySustained(this.meta.alerting, v, this.meta.versions, this.meta.false_alarm_rate, true);
      const time = recordTime(record);
      const taken = takePoint(this.meta.alerting, v.anomaly, time, nSeen, this.ring.time(0));
      v.alert = taken.alert;
      v.learning = taken.learning;
      v.maintenance = this.feedbackState.inMaintenance(time);
      waiting[i].verdict = v;
      // A point scored again on load keeps the verdict it was given live.
      const given = this.recorded.get(record);
      if (given !== undefined) {
        v.top_columns = given.top_columns;
        continue;
      }
      // Flagged points are explained by their voter against the training
      // data's references (a rare cost: flags are a fraction of a percent).
      v.top_columns = topColumnsOf(this.explainInput(record, v.anomaly), v);
      this.recorded.set(record, verdictRecord(v, this.meta.last_trained));
    }
  }

  /** The verdict given to a ring point; null when none was recorded (collecting, or stored before verdicts were). */
  verdictOf(record: RawRecord): VerdictRecord | null {
    return this.recorded.get(record) ?? null;
  }

  /**
   * The newest of the last `within` ring points stored as `record` (same
   * fields in the same order), with the verdict it was given, its n_seen
   * and whether it fell in a maintenance window; null when none is.
   */
  findStored(record: RawRecord, within: number) {
    const wanted = JSON.stringify(record);
    const n = this.ring.length;
    for (let i = n - 1; i >= Math.max(0, n - within); i--) {
      const stored = this.ring.record(i);
      if (JSON.stringify(stored) !== wanted) continue;
      return {
        record: stored,
        given: this.recorded.get(stored) ?? null,
        nSeen: this.meta.n_seen - (n - 1 - i),
        maintenance: this.feedbackState.inMaintenance(this.ring.time(i)),
      };
    }
    return null;
  }

  /** Ring records as the data log stores them: each with the verdict it was given. */
  storedLines(records: readonly RawRecord[]): RawRecord[] {
    return records.map((r) => storedLine(r, this.recorded.get(r)));
  }

  /**
   * What an explanation of `record` reads: the model, the ring points before
   * it and (with `withTraining`) the training data up to it: the ring up to
   * the point, so a point explained in a group-commit batch sees what it
   * would have seen alone (feedback exclusions applied). A record not in the
   * ring (detect_only) is placed after the newest point.
   */
  explainInput(record: RawRecord, withTraining: boolean) {
    let at = this.ring.length;
    for (let i = this.ring.length - 1; i >= 0; i--) {
      if (this.ring.record(i) === record) {
        at = i;
        break;
      }
    }
    let widest = 1;
    for (const f of this.forests.values()) widest = Math.max(widest, forestWidth(f, this.meta.feats.length));
    const context: RawRecord[] = [];
    for (let i = Math.max(0, at - widest + 1); i < at; i++) context.push(this.ring.record(i));
    let training: RawRecord[] = [];
    if (withTraining) {
      const upTo = Math.min(this.ring.length, at + 1);
      training = trainingRecords(
        this.ring.toArray().slice(0, upTo),
        this.ring.timesArray().slice(0, upTo),
        this.feedback,
      ).records;
    }
    return { meta: this.meta, forests: this.forests, context, record, training, typical: new Map() };
  }

  compactionSnapshot(): { records: RawRecord[]; meta: MetadataJson } | null {
    if (this.processing) return null;
    return { records: this.storedLines(this.ring.toArray()), meta: cloneMetadata(this.meta) };
  }

  metadataSnapshot(): MetadataJson | null {
    return this.processing ? null : cloneMetadata(this.meta);
  }

  /** Resolves once every processed batch is on disk (or rejected). */
  drained(): Promise<void> {
    return this.commits.drained();
  }

  /** True once a write failed: this object must be dropped and the model reloaded. */
  get broken(): boolean {
    return this.commits.broken !== null;
  }

  /** detect_only: score without learning anything. */
  score(input: unknown, now: number): Verdict {
    const checked = checkRecord(input);
    const time = checked.timestamp ?? now;
    const point = Object.fromEntries(checked.fields);
    const verdict = scorePoint(this.state(), point, false, time);
    applySustained(this.meta.alerting, verdict, this.meta.versions, this.meta.false_alarm_rate, false);
    verdict.learning = learningAt(this.meta.alerting, time, this.ring.length > 0 ? this.ring.time(0) : time);
    verdict.alert = opensAlert(this.meta.alerting, verdict.anomaly, time, verdict.learning);
    verdict.maintenance = this.feedbackState.inMaintenance(time);
    verdict.top_columns = topColumnsOf(this.explainInput(point, verdict.anomaly), verdict);
    return verdict;
  }

  get feedback(): FeedbackDoc {
    return this.feedbackState.doc;
  }

  /** Replaces the feedback document after persisting it; the margins follow at once. */
  async setFeedback(doc: FeedbackDoc): Promise<void> {
    if (this.store.saveFeedback === undefined) throw new Error("This store keeps no feedback.");
    await this.store.saveFeedback(this.name, doc);
    this.feedbackState.replace(doc);
  }

  /** Per version: the stored margin (calibrated or set) and the one in force after feedback (feedback/margin.ts). */
  effectiveMargins(): Map<string, { base: number; adapted: number }> {
    return this.feedbackState.margins(this);
  }

  private state() {
    return {
      // Margins adapted to the operator's marks (the stored ones without marks).
      meta: this.feedbackState.scoringMeta(this),
      projector: this.projector,
      forests: this.forests,
      autoencoder:
        this.autoencoder === null ? null : { model: this.autoencoder, projector: this.aeProjector(this.autoencoder) },
      ring: this.ring,
    };
  }

  /**
   * Retrains every enabled version on the ring now, computed on copies and
   * persisted before it applies; returns the points used (0: too few,
   * nothing changed). It supersedes the scheduled training in flight, which
   * is dropped. Windows are cut back from the stream's own time (the newest
   * point time in the ring), so a replayed history trains exactly as it did
   * live; `now` (the wall clock) only dates last_trained.
   */
  async retrain(now: number): Promise<number> {
    if (this.ring.length < MIN_POINTS) return 0;
    // False positives and maintenance windows are left out (feedback).
    const picked = trainingSet(this.ring, this.feedback);
    const trained = await trainVersions({
      state: this.meta,
      records: picked.records,
      times: picked.times,
      versions: this.meta.versions,
      now: this.ring.newestTime(),
      backend: this.backend,
    });
    const meta = cloneMetadata(this.meta);
    const forests = mergeTraining(meta, trained, now);
    meta.next_train = meta.n_seen + scheduleStep(meta, this.ring.full);
    await saveForests(this.store, this.name, meta, forests);
    await this.store.saveMetadata(this.name, meta);
    this.running = null;
    this.meta = meta;
    this.forests = forests;
    this.invalidateCaches();
    return picked.records.length;
  }

  /** After the features, scaler or forests changed. */
  private invalidateCaches(): void {
    this.projectorCache = null;
    this.aeProjectorCache = null;
    this.feedbackState.invalidate();
  }

  /** Forgets data, encoder, scaler, forests and autoencoder; keeps name, schedule and versions. */
  async reset(now: number): Promise<void> {
    const fresh = newMetadata(
      this.name,
      now,
      this.meta.versions.map((v) => ({ ...v })),
    );
    fresh.created = this.meta.created;
    fresh.sched_below = this.meta.sched_below;
    fresh.sched_at_max = this.meta.sched_at_max;
    // Forests and autoencoder go first: a crash before the replacement
    // commits leaves the old data, which retrains (heals) on its next point.
    for (const v of this.meta.versions) await this.store.deleteForest(this.name, v.vname);
    await this.store.saveAutoencoder(this.name, null);
    await this.store.replaceRing(this.name, [], fresh);
    this.running = null;
    this.meta = fresh;
    this.ring.clear();
    this.forests = new Map();
    this.autoencoder = null;
    this.projectorCache = null;
    this.aeProjectorCache = null;
    this.feedbackState.invalidate();
  }

  /** Applies a metadata change after persisting it. */
  async updateMeta(change: (meta: MetadataJson) => void): Promise<MetadataJson> {
    const meta = cloneMetadata(this.meta);
    change(meta);
    await this.store.saveMetadata(this.name, meta);
    this.meta = meta;
    return meta;
  }

  /**
   * The lowest decision value over the ring per trained version (windowed
   * versions over every full window of the ring, step 1).
   */
  async lowestDecisions(): Promise<Map<string, number>> {
    const nFeat = this.meta.feats.length;
    const { matrix } = encodeRingWithModelScaler(this);
    const out = new Map<string, number>();
    for (const v of this.meta.versions) {
      const forest = this.forests.get(v.vname);
      if (!v.enabled || forest === undefined) continue;
      const width = forestWidth(forest, nFeat);
      const rows = slidingWindows(matrix, nFeat, 0, this.ring.length, width, 1);
      if (rows === null) continue;
      const d = await decisionFunction(this.backend, forest, rows);
      let lowest = Number.POSITIVE_INFINITY;
      for (const x of d) if (x < lowest) lowest = x;
      out.set(v.vname, lowest);
    }
    return out;
  }

  /** The ring as raw (unscaled) rows over the current features. */
  rawRingMatrix(feats: string[]): Float64Array {
    return new Projector(this.meta, feats).projectAll(this.ring.toArray());
  }

  async setAutoencoder(ae: AutoencoderJson | null): Promise<void> {
    await this.store.saveAutoencoder(this.name, ae);
    this.autoencoder = ae === null ? null : loadAutoencoder(ae);
    this.aeProjectorCache = null;
  }
}

/** The ring projected on the model's feature list and scaled with its stored scaler. */
function encodeRingWithModelScaler(model: Model) {
  const nFeat = model.meta.feats.length;
  const matrix = model.projector.projectAll(model.ring.toArray());
  const { sc_mean: mean, sc_std: std } = model.meta;
  for (let i = 0; i < matrix.length; i++) {
    const c = i % nFeat;
    matrix[i] = (matrix[i] - mean[c]) / std[c];
  }
  return { matrix };
}

/** The record of a verdict as given, for its point's line. */
function verdictRecord(v: Verdict, trainedAt: number): VerdictRecord {
  return {
    anomaly: v.anomaly,
    alert: v.alert,
    learning: v.learning,
    severity: v.severity,
    score: v.score,
    voters: [...v.voters],
    top_columns: v.top_columns,
    trained_at: trainedAt,
  };
}
