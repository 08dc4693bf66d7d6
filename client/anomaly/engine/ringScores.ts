/**
 * Rescoring a model's whole ring in the browser from an exported bundle:
 * every point against every trained version with the model's current
 * forests and scaler (what the chart and the anomalies table show), plus
 * the explanation of one point. Pure engine code: runs in the
 * engine worker, and in Node for tests.
 */
import {
  agreeingSeverity,
  calibratedVoters,
  decisionFunction,
  dropEcho,
  type Explanation,
  explainPoint,
  forestWidth,
  KIND_NUMERIC,
  newOnsetState,
  type ParsedBundle,
  Projector,
  Ring,
  recordTime,
  recurrenceFields,
  recursDaily,
  type ScoringBackend,
  scoresWindows,
  severityThreshold,
  slidingWindows,
  splitStored,
  takeEvidence,
  takePoint,
  trainingRecords,
  typicalValues,
  type VerdictRecord,
  versionRate,
  versionSeverity,
  WITHDRAWN_GAP,
} from "../../../anomaly";

export interface VersionScores {
  name: string;
  margin: number;
  /** Points per window (1 for plain versions). */
  width: number;
  /** decision value per ring point; NaN where the point has no full window yet. */
  scores: Float64Array;
}

export interface RingScores {
  /** Unix seconds per ring point (0 when a record has no readable clock). */
  times: Float64Array;
  /** Each numeric column's values (NaN where a record lacks it). */
  columns: { name: string; values: Float64Array }[];
  versions: VersionScores[];
  /**
   * What the model would say now: ring indices flagged by at least one
   * version of today's forests, less the daily recurrences the service
   * withdraws, plus its sustained departures. Not what was given: see `recorded`.
   */
  flagged: number[];
  /** Of those, the ones that would open an alert now (the first flag after the model's quiet period). */
  alerts: number[];
  /** Per ring point, the verdict it was given when it arrived (null: not recorded, stored before verdicts were). */
  recorded: (VerdictRecord | null)[];
}

/** The ring projected on the model's features and scaled with its scaler. */
export function scaledRing(bundle: ParsedBundle): Float64Array {
  const meta = bundle.metadata;
  const nFeat = meta.feats.length;
  const matrix = new Projector(meta, meta.feats).projectAll(bundle.ring);
  for (let i = 0; i < matrix.length; i++) {
    const c = i % nFeat;
    matrix[i] = (matrix[i] - meta.sc_mean[c]) / meta.sc_std[c];
  }
  return matrix;
}

export async function scoreRing(
  bundle: ParsedBundle,
  backend: ScoringBackend,
  matrix = scaledRing(bundle),
): Promise<RingScores> {
  const meta = bundle.metadata;
  const n = bundle.ring.length;
  const nFeat = meta.feats.length;
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) times[i] = recordTime(bundle.ring[i]);
  const columns = meta.cols
    .filter((_, i) => meta.kinds[i] === KIND_NUMERIC)
    .map((name) => {
      const values = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const v = bundle.ring[i][name];
        values[i] = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
      }
      return { name, values };
    });
  const forests = new Map(bundle.forests.map((f) => [f.name, f.forest]));
  const versions: VersionScores[] = [];
  const flaggedSet = new Uint8Array(n);
  // Per point, the highest severity of the single-point versions and of the
  // window versions: what the verdict's sustained-departure sum reads (sustained.ts).
  const pointwise = new Float64Array(n);
  const windowed = new Float64Array(n);
  let widest = 1;
  const voters = calibratedVoters(meta);
  for (const v of meta.versions) {
    const forest = forests.get(v.vname);
    if (!v.enabled || forest === undefined || nFeat === 0) continue;
    const width = forestWidth(forest, nFeat);
    if (width === 0) continue;
    const scores = new Float64Array(n).fill(Number.NaN);
    const rows = slidingWindows(matrix, nFeat, 0, n, width, 1);
    if (rows !== null) {
      const d = await decisionFunction(backend, forest, rows);
      for (let j = 0; j < d.length; j++) {
        const i = j + width - 1;
        const flagged = d[j] <= -v.decision_margin;
        scores[i] = d[j];
        if (flagged) flaggedSet[i] = 1;
        const own = versionSeverity(meta, v, d[j], v.decision_margin, voters);
        const severity = scoresWindows(v) ? windowed : pointwise;
        severity[i] = Math.max(severity[i], agreeingSeverity(own, flagged, versionRate(meta, v)));
      }
    }
    if (scoresWindows(v)) widest = Math.max(widest, v.window_size);
    versions.push({ name: v.vname, margin: v.decision_margin, width, scores });
  }
  const flagged: number[] = [];
  const alerts: number[] = [];
  // The verdict's rules on top of the versions' flags, from their one home:
  // daily recurrences withdrawn (recurrence.ts), echoes withdrawn and
  // sustained departures flagged (sustained.ts), then onsets (onset.ts).
  // The ring is rebuilt point by point so each check sees only earlier
  // points.
  const ring = new Ring(Math.max(1, n));
  const fields = recurrenceFields(meta);
  // The model's warm-up too, counted from the ring's oldest point as the model counts it.
  const onset = { ...newOnsetState(), quiet_min: meta.alerting.quiet_min, warmup_min: meta.alerting.warmup_min };
  const threshold = severityThreshold(meta.false_alarm_rate);
  const sum = { evidence: 0, echo: 0 };
  for (let i = 0; i < n; i++) {
    const record = bundle.ring[i];
    const recurs = flaggedSet[i] === 1 && recursDaily(ring, fields, record, times[i]);
    ring.push(record, times[i]);
    // A withdrawn flag's severities stay under the threshold, as withdraw() in verdict.ts leaves them.
    const under = (severity: number) => (recurs ? Math.min(severity, threshold - WITHDRAWN_GAP) : severity);
    const point = { pointwise: under(pointwise[i]), windowed: under(windowed[i]), width: widest };
    const echo = dropEcho(sum, point, threshold);
    const sustained = takeEvidence(sum, point, threshold);
    const isFlag = (flaggedSet[i] === 1 && !recurs && !echo) || sustained;
    if (!isFlag) continue;
    flagged.push(i);
    if (takePoint(onset, true, times[i], i + 1, times[0]).alert) alerts.push(i);
  }
  const recorded = bundle.ring.map((line) => splitStored(line).verdict);
  return { times, columns, versions, flagged, alerts, recorded };
}

/**
 * Why ring point `index` scored as it did under `version`: the engine's
 * explanation (anomaly/explain/explain.ts, the same function the API's
 * ?explain=1 runs), with the points before it as context and the whole ring
 * as the training data the references and typical values come from.
 */
export function explainRingPoint(bundle: ParsedBundle, version: string, index: number): Explanation | null {
  const forests = new Map(bundle.forests.map((f) => [f.name, f.forest]));
  const record = bundle.ring[index];
  if (record === undefined) return null;
  const ring = bundle.ring;
  // The training data the server's explanation uses: feedback exclusions applied.
  const times = Float64Array.from(ring, recordTime);
  const training = bundle.feedback === null ? ring : trainingRecords(ring, times, bundle.feedback).records;
  let widest = 1;
  for (const f of bundle.forests) widest = Math.max(widest, forestWidth(f.forest, bundle.metadata.feats.length));
  return explainPoint({
    meta: bundle.metadata,
    forests,
    context: ring.slice(Math.max(0, index - widest + 1), index),
    record,
    typical: typicalValues(bundle.metadata, training),
    training,
    version,
  });
}
