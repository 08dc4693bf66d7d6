/**
 * One named model: metadata, ring, forests and an optional autoencoder, and
 * the operations that change them. Every change is computed on copies,
 * persisted, and only then applied in memory, so a failure leaves the model
 * as it was. Callers serialise operations per model (see service.ts).
 *
 * Ingest order: encode (learn), stamp, append to the ring, persist
 * (data.jsonl first, then metadata.json, so after a crash n_seen is the last
 * acknowledged count and the ring holds at most one unacknowledged point),
 * retrain when n_seen reached the mark, score.
 */
import { type AutoencoderJson, type AutoencoderModel, loadAutoencoder } from "./autoencoder";
import type { ScoringBackend } from "./backend";
import { MAX_POINTS, MIN_POINTS } from "./constants";
import { checkRecord, learnRecord, Projector, parseTimestampValue, TIMESTAMP_KEY } from "./encoding";
import type { Forest } from "./forest";
import { cloneMetadata, isoFromUnix, type MetadataJson, newMetadata } from "./metadata";
import { Ring } from "./ring";
import { decisionFunction } from "./scoring";
import type { ModelStore, RawRecord } from "./store";
import { trainVersions } from "./training";
import { forestWidth, scorePoint, type Verdict } from "./verdict";
import { slidingWindows } from "./windows";

export class Model {
  private projectorCache: Projector | null = null;
  private aeProjectorCache: Projector | null = null;

  private constructor(
    readonly name: string,
    public meta: MetadataJson,
    readonly ring: Ring,
    public forests: Map<string, Forest>,
    public autoencoder: AutoencoderModel | null,
    private readonly store: ModelStore,
    private readonly backend: ScoringBackend,
  ) {}

  /** A new, not yet persisted model (it is written on its first point). */
  static create(store: ModelStore, backend: ScoringBackend, name: string, now: number, capacity = MAX_POINTS): Model {
    return new Model(name, newMetadata(name, now), new Ring(capacity), new Map(), null, store, backend);
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
    const ring = new Ring(capacity);
    for (const record of await store.loadRing(name, capacity)) {
      ring.push(record, recordTime(record));
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
    return new Model(name, meta, ring, forests, ae === null ? null : loadAutoencoder(ae), store, backend);
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

  /** detect: learn and store the record, retrain on schedule, then score it. */
  async ingest(input: unknown, now: number): Promise<{ record: RawRecord; verdict: Verdict | null }> {
    const checked = checkRecord(input);
    const meta = cloneMetadata(this.meta);
    learnRecord(meta, checked);
    const time = checked.timestamp ?? now;
    const record: RawRecord = { ...(input as RawRecord) };
    if (checked.timestamp === null) record[TIMESTAMP_KEY] = now;
    meta.n_seen += 1;

    await this.store.appendRecord(this.name, record, this.ring.capacity);
    await this.store.saveMetadata(this.name, meta);
    this.meta = meta;
    this.ring.push(record, time);
    this.aeProjectorCache = null;

    // Also retrain a model that should have forests but has none (say a
    // forest file was corrupt and loaded as absent): it heals on its next point.
    const due = meta.n_seen >= meta.next_train || (meta.last_trained !== null && !this.trained);
    if (due && this.ring.length >= MIN_POINTS) await this.retrain(now);
    if (!this.trained) return { record, verdict: null };
    return { record, verdict: scorePoint(this.state(), record, true) };
  }

  /** detect_only: score without learning anything. */
  score(input: unknown): Verdict {
    const checked = checkRecord(input);
    return scorePoint(this.state(), Object.fromEntries(checked.fields), false);
  }

  private state() {
    return {
      meta: this.meta,
      projector: this.projector,
      forests: this.forests,
      autoencoder:
        this.autoencoder === null ? null : { model: this.autoencoder, projector: this.aeProjector(this.autoencoder) },
      ring: this.ring,
    };
  }

  /** Retrains every enabled version on the ring; returns the points used (0: too few, nothing changed). */
  async retrain(now: number): Promise<number> {
    if (this.ring.length < MIN_POINTS) return 0;
    const trained = await trainVersions({
      state: this.meta,
      records: this.ring.toArray(),
      times: this.ring.timesArray(),
      versions: this.meta.versions,
      now,
      backend: this.backend,
    });
    const meta = cloneMetadata(this.meta);
    meta.feats = trained.feats;
    meta.sc_mean = trained.mean;
    meta.sc_std = trained.std;
    meta.last_trained = isoFromUnix(now);
    meta.next_train = meta.n_seen + (this.ring.full ? meta.sched_at_max : meta.sched_below);
    const forests = new Map<string, Forest>();
    for (const v of meta.versions) {
      const forest = trained.forests.get(v.vname) ?? null;
      if (forest === null) {
        await this.store.deleteForest(this.name, v.vname);
      } else {
        await this.store.saveForest(this.name, v.vname, {
          name: v.vname,
          margin: v.decision_margin,
          forest,
        });
        forests.set(v.vname, forest);
      }
    }
    await this.store.saveMetadata(this.name, meta);
    this.meta = meta;
    this.forests = forests;
    this.projectorCache = null;
    return this.ring.length;
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
    await this.store.replaceRing(this.name, []);
    for (const v of this.meta.versions) await this.store.deleteForest(this.name, v.vname);
    await this.store.saveAutoencoder(this.name, null);
    await this.store.saveMetadata(this.name, fresh);
    this.meta = fresh;
    this.ring.clear();
    this.forests = new Map();
    this.autoencoder = null;
    this.projectorCache = null;
    this.aeProjectorCache = null;
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

/** A stored record's clock; records without a readable one count as time 0. */
export function recordTime(record: RawRecord): number {
  try {
    return parseTimestampValue(record[TIMESTAMP_KEY]);
  } catch {
    return 0;
  }
}
