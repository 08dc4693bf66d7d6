/**
 * The anomaly service: every operation of the HTTP API as a method returning
 * the exact JSON body of its WIRE.md route, so the HTTP routes, the CLI and
 * the browser worker stay thin. Errors are AnomalyError with the HTTP status.
 *
 * Operations on one model run one at a time (a promise chain per model), so
 * concurrent requests never lose an update. Ingests queued behind a running
 * operation gather into one batch (group commit, see model.ts and
 * commitQueue.ts): they are processed in arrival order exactly as one at a
 * time, persisted with one append and one sync, and only then answered. A
 * batch stays open to new ingests only while nothing else is queued after
 * it, so no request overtakes another; every other operation waits until
 * all ingested points are durable. Models load lazily and stay cached.
 */

import type {
  AlertQuietBody,
  AutoencoderBody,
  DataBody,
  FalseAlarmRateBody,
  FinetuneBody,
  MarginBody,
  MessageBody,
  ModelsBody,
  ScheduleBody,
  TrainedBody,
  VerdictBody,
} from "../protocol/anomaly/schemas";
import { type DamagedEntry, type DetectAnswer, detectAnswer, recordedAnswer, verdictBody } from "./answers";
import { AnomalyError, asClientErrors, checkModelName, damaged, MODEL_NAME, notFound, notTrained } from "./apiError";
import { fitAutoencoder, parseAutoencoderRequest } from "./autoencoder/autoencoder";
import { CpuBackend, type ScoringBackend } from "./backends/backend";
import { type BatchBody, BatchInputError, batchCsv, batchCsvBody } from "./batch";
import { MAX_POINTS, MIN_POINTS } from "./constants";
import { explainModelPoint } from "./explain/modelExplain";
import { emptyFeedback, feedbackJson } from "./feedback/feedback";
import { addMaintenance, addMark, type FeedbackBody, feedbackBody, removeFeedback } from "./feedback/feedbackApi";
import { featureNames } from "./model/encoding";
import { cloneMetadata, type MetadataJson, orderedMetadata } from "./model/metadata";
import { Model } from "./model/model";
import { applyQuietMinutes, applyRateChange, parseQuietMinutes, parseRateChange } from "./sensitivity";
import { applyMargin, applySchedule, checkMargin, fineTune, parseSchedule } from "./settings";
import { type BundleHead, type ModelBundle, makeBundleStepwise, parseBundle } from "./store/bundle";
import { BundleError, readBundleStream, yieldToLoop } from "./store/bundleStream";
import { DamagedModelError, type ModelStore, type RawRecord, type StoredForest } from "./store/store";

export type { CollectingBody, DamagedEntry, DetectAnswer, DetectBody, VerdictBody, VersionVerdict } from "./answers";
export { AnomalyError, checkModelName, INVALID_NAME } from "./apiError";
export type { ModelBundle } from "./store/bundle";

export interface ServiceOptions {
  backend?: ScoringBackend;
  /** Unix seconds; defaults to the wall clock. */
  clock?: () => number;
  /** Ring capacity; 150,000 (max_points) unless a test needs eviction to happen sooner. */
  capacity?: number;
}

/** An ingest waiting for its batch. */
interface PendingIngest {
  input: unknown;
  now: number | undefined;
  resolve: (answer: DetectAnswer) => void;
  reject: (error: unknown) => void;
}

export type { BatchResult } from "./batch";

/** The optional parts of a verdict a caller asks for (`?explain=1`, `?expected=1`). */
export interface VerdictOptions {
  explain?: boolean;
  expected?: boolean;
}

export class AnomalyService {
  private readonly backend: ScoringBackend;
  /** A backend passed in belongs to the caller and is not closed here. */
  private readonly ownsBackend: boolean;
  private readonly clock: () => number;
  private readonly capacity: number;
  private readonly models = new Map<string, Model>();
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Per model, the queued ingest batch that later ingests may still join. */
  private readonly openBatches = new Map<string, PendingIngest[]>();
  /** Told of every training the schedule made (the retrain metric). */
  private readonly retrainListeners = new Set<(model: string, seconds: number) => void>();

  constructor(
    readonly store: ModelStore,
    options: ServiceOptions = {},
  ) {
    this.backend = options.backend ?? new CpuBackend();
    this.ownsBackend = options.backend === undefined;
    this.clock = options.clock ?? (() => Date.now() / 1000);
    this.capacity = options.capacity ?? MAX_POINTS;
  }

  /**
   * Runs `work` after every earlier operation on the same model. Unless it
   * is an ingest batch, it also waits until every ingested point is durable,
   * so it never reads or checkpoints state that is not on disk yet.
   */
  private serial<T>(model: string, work: () => Promise<T>, settle = true): Promise<T> {
    checkModelName(model);
    // Whatever comes after this operation must not join a batch before it.
    this.openBatches.delete(model);
    const run = settle
      ? async () => {
          await this.models.get(model)?.drained();
          return work();
        }
      : work;
    const previous = this.queues.get(model) ?? Promise.resolve();
    const result = previous.then(run, run);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(model, tail);
    void tail.then(() => {
      if (this.queues.get(model) === tail) this.queues.delete(model);
    });
    return result;
  }

  private async find(model: string): Promise<Model | null> {
    const cached = this.models.get(model);
    // A model whose write failed is reloaded from what the store holds.
    if (cached !== undefined && !cached.broken) return cached;
    this.models.delete(model);
    let loaded: Model | null;
    try {
      loaded = await Model.load(this.store, this.backend, model, this.capacity);
    } catch (e) {
      throw e instanceof DamagedModelError ? damaged(e) : e;
    }
    if (loaded !== null) this.models.set(model, loaded);
    return loaded;
  }

  private async get(model: string): Promise<Model> {
    const found = await this.find(model);
    if (found === null) throw notFound(model);
    return found;
  }

  /**
   * @param options.explain add `explanation` (explain/explain.ts) to a
   * verdict: computed after the point is durable, in the model's queue,
   * against the forests then in force (the ones that scored it unless a
   * retrain came in between).
   * @param options.expected keep `expected` (each numeric column's expected
   * value and band) in the verdict; without it the body is the reference's
   * plus `severity`, on the server and in the browser alike.
   */
  async detect(model: string, record: unknown, now?: number, options: VerdictOptions = {}): Promise<DetectAnswer> {
    const answer = await this.ingest(model, record, now);
    if (answer.body.status !== "success") return answer;
    const body = answer.body;
    // The explanation describes the verdict's own voters, whatever the body shows.
    const checks = { voters: body.voters, versions: body.versions, expected: body.expected ?? {} };
    if (!options.expected) delete body.expected;
    if (options.explain) {
      // The point is stored and its verdict stands: if the model went away
      // meanwhile (deleted, reset), the answer says so with a null explanation.
      body.explanation = await this.serial(model, async () => {
        let m: Model | null;
        try {
          m = await this.find(model);
        } catch (e) {
          if (e instanceof AnomalyError) return null;
          throw e;
        }
        return m === null || !m.trained ? null : explainModelPoint(m, body.data_point, checks);
      });
    }
    return answer;
  }

  private ingest(model: string, record: unknown, now?: number): Promise<DetectAnswer> {
    checkModelName(model);
    return new Promise((resolve, reject) => {
      const item = { input: record, now, resolve, reject };
      const open = this.openBatches.get(model);
      if (open !== undefined) {
        open.push(item);
        return;
      }
      const batch = [item];
      void this.serial(model, () => this.runBatch(model, batch), false);
      this.openBatches.set(model, batch);
    });
  }

  /**
   * Runs one ingest batch in memory (in the model's queue), then answers each
   * of its requests once its lines are durable (outside the queue, so the
   * next batch is processed meanwhile). Never throws.
   */
  private async runBatch(model: string, batch: PendingIngest[]): Promise<void> {
    // From here on, new ingests start the next batch.
    if (this.openBatches.get(model) === batch) this.openBatches.delete(model);
    let m: Model | null = null;
    let phase: Awaited<ReturnType<Model["ingestBatch"]>>;
    try {
      m =
        (await this.find(model)) ??
        Model.create(this.store, this.backend, model, batch[0].now ?? this.clock(), this.capacity);
      phase = await m.ingestBatch(batch.map((item) => ({ input: item.input, now: item.now ?? this.clock() })));
    } catch (e) {
      // Memory may be half-way through the batch: let the batches before it
      // finish writing, then drop the object so the next operation reloads
      // what the store holds.
      await m?.drained();
      if (this.models.get(model) === m) this.models.delete(model);
      for (const item of batch) item.reject(e);
      return;
    }
    const processed = m;
    if (processed.persisted) this.models.set(model, processed);
    for (const seconds of processed.takeScheduledTrainings()) {
      for (const listener of this.retrainListeners) listener(model, seconds);
    }
    const { results, durable } = phase;
    void durable.then(
      () => {
        results.forEach((result, i) => {
          const item = batch[i];
          if ("rejected" in result) item.reject(new AnomalyError(400, result.rejected.message));
          else item.resolve(detectAnswer(processed, result));
        });
      },
      (e) => {
        // The batch is not on disk (or not known to be): nobody gets a verdict.
        for (const item of batch) item.reject(e);
      },
    );
  }

  /**
   * The answer given to a stored point, among the model's newest `within`
   * points: the newest stored as `record` (with its `timestamp`), answered
   * from the verdict record kept with it, never scored again. Null when the
   * model or such a point does not exist. For a retried ingest whose first
   * answer was lost after its point was stored (Idempotency-Key).
   */
  async storedAnswer(model: string, record: RawRecord, within: number): Promise<DetectAnswer | null> {
    return this.serial(model, async () => {
      const m = await this.find(model);
      const found = m?.findStored(record, within) ?? null;
      if (m === null || found === null) return null;
      return recordedAnswer(m, found.record, found.given, found.nSeen, found.maintenance);
    });
  }

  /** Calls `listener` with the duration of every training the retrain schedule makes (forced ones are not included). */
  onRetrain(listener: (model: string, seconds: number) => void): void {
    this.retrainListeners.add(listener);
  }

  /** A verdict without learning the point; `options` as for detect. */
  async detectOnly(model: string, record: unknown, now?: number, options: VerdictOptions = {}): Promise<VerdictBody> {
    return this.serial(model, () =>
      asClientErrors(async () => {
        const m = await this.get(model);
        if (!m.trained) throw notTrained(model);
        const verdict = m.score(record, now ?? this.clock());
        const body = verdictBody(m, verdict, record as RawRecord);
        if (!options.expected) delete body.expected;
        if (options.explain) body.explanation = explainModelPoint(m, record as RawRecord, verdict);
        return body;
      }),
    );
  }

  /** One model's feedback marks, maintenance windows and the margins in force. */
  async feedback(model: string): Promise<FeedbackBody> {
    return this.serial(model, async () => feedbackBody(await this.get(model)));
  }

  /** Marks a point or a time range as a false or true positive. */
  async addFeedback(model: string, body: unknown, now?: number) {
    return this.serial(model, async () => addMark(await this.get(model), body, now ?? this.clock()));
  }

  /** Declares a maintenance window: its points are left out of training. */
  async addMaintenance(model: string, body: unknown, now?: number) {
    return this.serial(model, async () => addMaintenance(await this.get(model), body, now ?? this.clock()));
  }

  /** Removes a feedback mark or maintenance window by id. */
  async removeFeedback(model: string, id: number) {
    return this.serial(model, async () => removeFeedback(await this.get(model), id));
  }

  async forceTrain(model: string, now?: number): Promise<TrainedBody> {
    return this.serial(model, async () => {
      const m = await this.get(model);
      const used = await m.retrain(now ?? this.clock());
      if (used === 0) throw new AnomalyError(400, "Not enough data to train");
      return { status: "success", message: `Model ${model} trained`, points_used: used };
    });
  }

  async reset(model: string, now?: number): Promise<MessageBody> {
    return this.serial(model, async () => {
      const m = await this.get(model);
      await m.reset(now ?? this.clock());
      return { status: "success", message: `Model ${model} reset` };
    });
  }

  /** Deleting is an operator's act, so a damaged model can be deleted too. */
  async deleteModel(model: string): Promise<MessageBody> {
    return this.serial(model, async () => {
      try {
        await this.get(model);
      } catch (e) {
        if (!(e instanceof AnomalyError && e.status === 409)) throw e;
      }
      await this.store.deleteModel(model);
      this.models.delete(model);
      return { status: "success", message: `Model ${model} deleted successfully` };
    });
  }

  async listModels(): Promise<ModelsBody> {
    const models: Record<string, MetadataJson> = {};
    const damagedModels: Record<string, DamagedEntry> = {};
    for (const name of (await this.store.list()).sort()) {
      if (!MODEL_NAME.test(name)) continue;
      // In the model's queue: loading may finish an interrupted log replacement.
      const meta = await this.serial(name, async () => {
        const cached = this.models.get(name);
        if (cached !== undefined) return cloneMetadata(cached.meta);
        try {
          return await this.store.loadMetadata(name);
        } catch (e) {
          if (!(e instanceof DamagedModelError)) throw e;
          damagedModels[name] = { file: e.file, error: damaged(e).message };
          return null;
        }
      });
      if (meta !== null) models[name] = orderedMetadata({ ...meta, name });
    }
    return {
      status: "success",
      models,
      min_data_points: MIN_POINTS,
      max_data_points: MAX_POINTS,
      damaged_models: damagedModels,
    };
  }

  async metadata(model: string): Promise<MetadataJson & { model_name: string }> {
    return this.serial(model, async () => {
      const m = await this.get(model);
      return { ...orderedMetadata(cloneMetadata(m.meta)), model_name: model };
    });
  }

  async data(model: string, limit: number | "all"): Promise<DataBody> {
    return this.serial(model, async () => {
      const m = await this.get(model);
      const n = m.ring.length;
      if (limit !== "all" && !(Number.isInteger(limit) && limit >= 0)) {
        throw new AnomalyError(400, "limit must be a non-negative integer or 'all'");
      }
      // The most recent `limit` records, oldest first.
      const data = m.ring.toArray(limit === "all" ? 0 : n - limit);
      return { status: "success", model_name: model, data_points_count: n, data };
    });
  }

  async setSchedule(model: string, body: unknown): Promise<ScheduleBody> {
    return this.serial(model, async () => {
      const change = parseSchedule(body);
      return applySchedule(await this.get(model), change);
    });
  }

  async finetune(model: string, _now?: number): Promise<FinetuneBody> {
    return this.serial(model, async () => {
      const m = await this.get(model);
      if (m.forests.size === 0) throw notTrained(model);
      return fineTune(m);
    });
  }

  async setMargin(model: string, version: string, margin: number): Promise<MarginBody> {
    return this.serial(model, async () => {
      checkMargin(margin);
      return applyMargin(await this.get(model), version, margin);
    });
  }

  /** PUT /api/dynamic/{m}/false_alarm_rate (sensitivity.ts). */
  async setFalseAlarmRate(model: string, body: unknown): Promise<FalseAlarmRateBody> {
    return this.serial(model, async () => {
      const change = parseRateChange(body);
      return applyRateChange(await this.get(model), change);
    });
  }

  /** PUT /api/dynamic/{m}/alert_quiet (sensitivity.ts). */
  async setAlertQuiet(model: string, body: unknown): Promise<AlertQuietBody> {
    return this.serial(model, async () => {
      const minutes = parseQuietMinutes(body);
      return applyQuietMinutes(await this.get(model), minutes);
    });
  }

  async trainAutoencoder(model: string, body: unknown, _now?: number): Promise<AutoencoderBody> {
    return this.serial(model, () =>
      asClientErrors(async () => {
        const request = parseAutoencoderRequest(body);
        const m = await this.get(model);
        const feats = m.meta.feats.length > 0 ? m.meta.feats : featureNames(m.meta);
        const raw = m.rawRingMatrix(feats);
        const fit = await fitAutoencoder(raw, m.ring.length, feats, request, this.backend);
        await m.setAutoencoder(fit.model);
        return {
          status: "success",
          message: `Autoencoder trained for model ${model}`,
          training_data_points: fit.trainingPoints,
          filtered_anomalies: fit.filteredAnomalies,
          reconstruction_threshold: fit.model.threshold,
        };
      }),
    );
  }

  async batch(csv: string | Uint8Array, hasHeader: boolean): Promise<BatchBody> {
    if (typeof csv !== "string" && !(csv instanceof Uint8Array)) throw new AnomalyError(400, "The CSV must be text.");
    try {
      return await batchCsv(csv, hasHeader, this.backend);
    } catch (e) {
      throw e instanceof BatchInputError ? new AnomalyError(400, e.message) : e;
    }
  }

  /**
   * batch's answer as UTF-8 JSON bytes, for HTTP. Where the backend can,
   * parsing, training, scoring and serialising all run off this thread, so
   * a large upload does not hold up other models' requests. The bytes may
   * be transferred to the worker (left detached).
   */
  async batchEncoded(csv: string | Uint8Array, hasHeader: boolean): Promise<Uint8Array> {
    const bytes = typeof csv === "string" ? new TextEncoder().encode(csv) : csv;
    if (this.backend.batchCsv === undefined) {
      try {
        return await batchCsvBody(bytes, hasHeader, this.backend);
      } catch (e) {
        throw e instanceof BatchInputError ? new AnomalyError(400, e.message) : e;
      }
    }
    const answer = await this.backend.batchCsv(bytes, hasHeader);
    if ("inputError" in answer) throw new AnomalyError(400, answer.inputError);
    return answer.body;
  }

  async exportModel(model: string): Promise<ModelBundle> {
    return this.serial(model, async () => {
      const m = await this.get(model);
      const forests: StoredForest[] = [];
      for (const v of m.meta.versions) {
        const forest = m.forests.get(v.vname);
        if (forest !== undefined) forests.push({ name: v.vname, margin: v.decision_margin, forest });
      }
      // Each point travels with the verdict it was given, as its stored line.
      const ring = m.storedLines(m.ring.toArray());
      return makeBundleStepwise(m.meta, ring, forests, m.autoencoder?.json ?? null, m.feedback, yieldToLoop);
    });
  }

  async importModel(model: string, bundle: unknown): Promise<MessageBody> {
    return this.serial(model, async () => {
      const parsed = parseBundle(bundle);
      if (typeof parsed === "string") throw new AnomalyError(400, parsed);
      await this.install(model, parsed, (meta) =>
        this.store.replaceRing(model, parsed.ring.slice(-this.capacity), meta),
      );
      if ((await this.find(model)) === null) throw new AnomalyError(500, "The imported model did not load.");
      return { status: "success", message: `Model ${model} imported` };
    });
  }

  /**
   * importModel for an upload read as it arrives (bundleStream.ts): the
   * ring goes to the store's draft record by record, never whole in memory,
   * and the model is swapped in only once the whole upload has been read and
   * checked (a bad or cut upload changes nothing). Every record was checked
   * as ingest checks it, so the model is not loaded here: it loads at its
   * next use, as after a restart.
   */
  async importStream(model: string, upload: AsyncIterable<Uint8Array>): Promise<MessageBody> {
    checkModelName(model);
    const kept: RawRecord[] = [];
    const draft = (await this.store.draftRing?.(model)) ?? {
      // A store without drafts: the records are collected for replaceRing.
      add: async (records: readonly RawRecord[]) => {
        for (const r of records) kept.push(r);
        if (kept.length > 2 * this.capacity) kept.splice(0, kept.length - this.capacity);
      },
      commit: (meta: MetadataJson, capacity: number) => this.store.replaceRing(model, kept.slice(-capacity), meta),
      discard: async () => {},
    };
    try {
      const head = await readBundleStream(upload, (records) => draft.add(records));
      await this.serial(model, () => this.install(model, head, (meta) => draft.commit(meta, this.capacity)));
    } catch (e) {
      await draft.discard();
      throw e instanceof BundleError ? new AnomalyError(400, e.message) : e;
    }
    return { status: "success", message: `Model ${model} imported` };
  }

  /** Writes an imported model's files around `writeRing`, which replaces its data and metadata in one step. */
  private async install(model: string, parsed: BundleHead, writeRing: (meta: MetadataJson) => Promise<void>) {
    const meta = { ...parsed.metadata, name: model };
    // The old model stays in place until the new data and metadata replace
    // it in one step (writeRing): a crash during an import leaves the old
    // model or the new one, never none (deleting first lost the old model's
    // points to a kill between the delete and the last write).
    const oldMeta = await this.store.loadMetadata(model).catch(() => null);
    this.models.delete(model);
    for (const f of parsed.forests) await this.store.saveForest(model, f.name, f);
    await this.store.saveAutoencoder(model, parsed.autoencoder);
    // A store that keeps no feedback (IndexedDB) imports the model without it.
    await this.store.saveFeedback?.(model, feedbackJson(parsed.feedback ?? emptyFeedback()));
    await writeRing(meta);
    // Then the old model's forests that the new one lacks: stale forests must not survive.
    const kept = new Set(parsed.forests.map((f) => f.name));
    for (const v of oldMeta?.versions ?? []) if (!kept.has(v.vname)) await this.store.deleteForest(model, v.vname);
  }

  /**
   * Of a loaded model, since this process loaded it: the scheduled
   * trainings taken into force, and how many of them ingest waited for
   * (model.ts). Null when the model is not loaded.
   */
  trainingCounts(model: string): { applied: number; waited: number } | null {
    const m = this.models.get(model);
    return m === undefined ? null : { applied: m.trainingsApplied, waited: m.trainingWaits };
  }

  /** Waits for queued operations, then releases the backend and the store. */
  async close(): Promise<void> {
    await Promise.all([...this.queues.values()]);
    await Promise.all([...this.models.values()].map((m) => m.drained()));
    this.models.clear();
    if (this.ownsBackend) await this.backend.close();
    await this.store.close();
  }
}
