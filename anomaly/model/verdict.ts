/**
 * Scoring one point against every version of a model. Windowed versions see
 * the W−1 ring points before the point plus the point itself; a version is
 * left out of the verdict while the ring is shorter than its window.
 */
import { AUTOENCODER_VERSION, type AutoencoderModel, autoencoderScore } from "../autoencoder/autoencoder";
import type { Forest } from "../forest/forest";
import { scoreFromSum } from "../forest/scoring";
import { compileForest, walkForest } from "../forest/walk";
import type { RawRecord } from "../store/store";
import {
  agreeingSeverity,
  bandVerdicts,
  type ColumnExpectation,
  calibratedVoters,
  versionRate,
  versionSeverity,
} from "./calibrate";
import { type Projector, recordTime } from "./encoding";
import type { MetadataJson } from "./metadata";
import { type NoveltyCheck, noveltyChecks } from "./novelty";
import { type RecurrenceField, recurrenceFields, recursDaily } from "./recurrence";
import type { Ring } from "./ring";
import type { TopColumn } from "./verdictRecord";
import type { VersionConfig } from "./versions";
import { pointVoters } from "./voters";

export interface VersionVerdict {
  anomaly: boolean;
  score: number;
  threshold_info: { margin: number };
  /** 0–100, monotone in the score, on the same rarity scale for every model (calibration.ts). */
  severity: number;
}

export interface Verdict {
  anomaly: boolean;
  /** The point opens an alert: flagged after a quiet spell (onset.ts); set by the model, false from scoring alone. */
  alert: boolean;
  /** The model is still in its warm-up (onset.ts): no alert opens; set by the model. */
  learning: boolean;
  /** The point's time is in a declared maintenance window: notifications are muted; set by the model. */
  maintenance: boolean;
  /** The lowest decision value over the versions in the verdict. */
  score: number;
  /** The highest version severity: an anomaly at the model's target rate from −20·log10(rate) up. */
  severity: number;
  versions: Record<string, VersionVerdict>;
  /** Per numeric column: value, expected value, band and its own check (band.ts). */
  expected: Record<string, ColumnExpectation>;
  /**
   * Per categorical column holding a value its training never showed: the
   * categorical band (novelty.ts). Not part of the answer; its voter is
   * `band:<column>` like a numeric band's.
   */
  novel: Record<string, NoveltyCheck>;
  /** The rules that flag the point, strongest first (voters.ts); empty when it is not an anomaly. */
  voters: string[];
  /** The explanation's top columns (explain/voterExplain.ts), filled in by the model once the verdict is final. */
  top_columns: TopColumn[];
}

export interface ScoringState {
  meta: MetadataJson;
  projector: Projector;
  forests: ReadonlyMap<string, Forest>;
  /** The autoencoder with a projector onto its own feature list. */
  autoencoder: { model: AutoencoderModel; projector: Projector } | null;
  ring: Ring;
}

/** How many points wide a forest's rows are (0 when it does not fit the features). */
export function forestWidth(forest: Forest, nFeat: number): number {
  if (nFeat === 0 || forest.nCols % nFeat !== 0) return 0;
  return forest.nCols / nFeat;
}

/** The widest forest, in points (1 when there are none). */
function maxForestWidth(s: ScoringState): number {
  const nFeat = s.meta.feats.length;
  let maxWidth = 1;
  for (const f of s.forests.values()) maxWidth = Math.max(maxWidth, forestWidth(f, nFeat));
  return maxWidth;
}

/**
 * @param pointInRing true when `record` is already the newest ring entry
 * (detect), false when it is only being scored (detect_only).
 */
export function scorePoint(s: ScoringState, record: RawRecord, pointInRing: boolean, time: number): Verdict {
  const available = pointInRing ? s.ring.length - 1 : s.ring.length;
  const run = new ScoringRun(s, available);
  run.add(record, available, time);
  return run.score()[0];
}

/**
 * Consecutive points scored against one model state in a single pass (group
 * commit): one scaled matrix holds the points before the first one plus the
 * run, and every forest walks all the run's rows (or windows, which overlap
 * in that matrix with a stride of one point) together, so the kernel's
 * multi-row walk applies. Each row still adds its per-tree values in tree
 * order, so every verdict is bit-identical to scoring the point alone.
 * Records are held by reference, so ring evictions during the run do not
 * matter.
 */
export class ScoringRun {
  private readonly pre: RawRecord[] = [];
  private readonly records: RawRecord[] = [];
  /** Per record: its clock (for the band's daily recurrence). */
  private readonly times: number[] = [];
  /** Per record: how many earlier points its windows may use. */
  private readonly before: number[] = [];
  private readonly maxWidth: number;

  /**
   * @param available how many ring points precede the run's first record
   * (the ring's newest ones, excluding that record if it is in the ring).
   */
  constructor(
    private readonly s: ScoringState,
    available: number,
  ) {
    this.maxWidth = maxForestWidth(s);
    const n = Math.max(0, Math.min(this.maxWidth - 1, available));
    for (let i = available - n; i < available; i++) this.pre.push(s.ring.record(i));
  }

  get length(): number {
    return this.records.length;
  }

  /**
   * @param available ring points before this record at its time (its windows use the newest of them).
   * @param time the record's clock (its own `timestamp` by default).
   */
  add(record: RawRecord, available: number, time = recordTime(record)): void {
    this.records.push(record);
    this.times.push(time);
    this.before.push(Math.max(0, Math.min(this.maxWidth - 1, available)));
  }

  score(): Verdict[] {
    const { meta, forests } = this.s;
    const nFeat = meta.feats.length;
    const k = this.records.length;
    const p = this.pre.length;
    const rows = new Float64Array((p + k) * nFeat);
    const projector = this.s.projector;
    for (let i = 0; i < p; i++) projector.project(this.pre[i], rows, i * nFeat);
    for (let j = 0; j < k; j++) projector.project(this.records[j], rows, (p + j) * nFeat);
    const voters = calibratedVoters(meta);
    const verdicts: Verdict[] = [];
    const featureIndex = new Map(meta.feats.map((f, i) => [f, i]));
    for (let j = 0; j < k; j++) {
      // The band check reads the raw values, before scaling.
      const at = (p + j) * nFeat;
      const expected = bandVerdicts(
        meta,
        (f) => {
          const i = featureIndex.get(f);
          return i === undefined ? null : rows[at + i];
        },
        voters,
      );
      const novel = noveltyChecks(meta.novelty, this.records[j], meta.false_alarm_rate);
      let severity = 0;
      let anomaly = false;
      for (const e of [...Object.values(expected), ...Object.values(novel)]) {
        severity = Math.max(severity, e.severity);
        anomaly ||= e.anomaly;
      }
      verdicts.push({
        anomaly,
        alert: false,
        learning: false,
        maintenance: false,
        score: Number.POSITIVE_INFINITY,
        severity,
        versions: {},
        expected,
        novel,
        voters: [],
        top_columns: [],
      });
    }
    for (let i = 0; i < rows.length; i++) {
      const c = i % nFeat;
      rows[i] = (rows[i] - meta.sc_mean[c]) / meta.sc_std[c];
    }

    const add = (v: Verdict, name: string, value: number, margin: number, config: VersionConfig | null) => {
      const flagged = value <= -margin;
      const rate = config === null ? meta.false_alarm_rate : versionRate(meta, config);
      const severity = agreeingSeverity(versionSeverity(meta, config, value, margin, voters), flagged, rate);
      v.versions[name] = { anomaly: flagged, score: value, threshold_info: { margin }, severity };
      v.anomaly ||= flagged;
      v.score = Math.min(v.score, value);
      v.severity = Math.max(v.severity, severity);
    };
    for (const v of meta.versions) {
      const forest = forests.get(v.vname);
      if (!v.enabled || forest === undefined) continue;
      const width = forestWidth(forest, nFeat);
      if (width === 0) continue;
      // `before` never decreases along a run, so the records this version
      // scores (a full window behind them) are a suffix of the run.
      let first = 0;
      while (first < k && width - 1 > this.before[first]) first++;
      if (first === k) continue;
      // Record j's window ends at point p + j, so it starts at row p + j + 1 − width.
      const from = p + first + 1 - width;
      const sums = new Float64Array(k - first);
      walkForest(compileForest(forest), rows, nFeat, from, from + k - first, sums);
      for (let j = first; j < k; j++) {
        add(verdicts[j], v.vname, scoreFromSum(forest, sums[j - first]) - forest.offset, v.decision_margin, v);
      }
    }
    if (this.s.autoencoder !== null) {
      const { model, projector: aeProjector } = this.s.autoencoder;
      const raw = new Float64Array(aeProjector.width);
      for (let j = 0; j < k; j++) {
        aeProjector.project(this.records[j], raw, 0);
        add(verdicts[j], AUTOENCODER_VERSION, autoencoderScore(model, raw), model.json.margin, null);
      }
    }
    // A flagged record that this time of day showed on earlier days is the
    // metric's daily shape: every flag is withdrawn (recurrence.ts).
    let fields: RecurrenceField[] | null = null;
    for (let j = 0; j < k; j++) {
      const v = verdicts[j];
      if (!v.anomaly) continue;
      fields ??= recurrenceFields(meta);
      if (recursDaily(this.s.ring, fields, this.records[j], this.times[j])) withdraw(v, meta.false_alarm_rate);
    }
    const widths = new Map(meta.versions.map((c) => [c.vname, c.window_size]));
    const windowed = (name: string) => (widths.get(name) ?? 1) > 1;
    for (const v of verdicts) {
      if (!Number.isFinite(v.score)) v.score = 0;
      v.voters = pointVoters(v, windowed);
    }
    return verdicts;
  }
}

/** Clears every flag of a verdict, each severity brought under its anomaly threshold. */
export function withdraw(v: Verdict, rate: number): void {
  v.anomaly = false;
  v.voters = [];
  v.severity = agreeingSeverity(v.severity, false, rate);
  for (const version of Object.values(v.versions)) {
    version.anomaly = false;
    version.severity = agreeingSeverity(version.severity, false, rate);
  }
  for (const e of [...Object.values(v.expected), ...Object.values(v.novel)]) {
    e.anomaly = false;
    e.severity = agreeingSeverity(e.severity, false, rate);
  }
}
