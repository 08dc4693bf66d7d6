/**
 * Scoring one point against every version of a model. Windowed versions see
 * the W−1 ring points before the point plus the point itself; a version is
 * left out of the verdict while the ring is shorter than its window.
 */
import { AUTOENCODER_VERSION, type AutoencoderModel, autoencoderScore } from "./autoencoder";
import type { Projector } from "./encoding";
import type { Forest } from "./forest";
import type { MetadataJson } from "./metadata";
import type { Ring } from "./ring";
import { decisionOne } from "./scoring";
import type { RawRecord } from "./store";

export interface VersionVerdict {
  anomaly: boolean;
  score: number;
  threshold_info: { margin: number };
}

export interface Verdict {
  anomaly: boolean;
  /** The lowest decision value over the versions in the verdict. */
  score: number;
  versions: Record<string, VersionVerdict>;
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

/**
 * @param pointInRing true when `record` is already the newest ring entry
 * (detect), false when it is only being scored (detect_only).
 */
export function scorePoint(s: ScoringState, record: RawRecord, pointInRing: boolean): Verdict {
  const { meta, forests } = s;
  const nFeat = meta.feats.length;
  let maxWidth = 1;
  for (const f of forests.values()) maxWidth = Math.max(maxWidth, forestWidth(f, nFeat));
  const available = pointInRing ? s.ring.length - 1 : s.ring.length;
  const before = Math.max(0, Math.min(maxWidth - 1, available));
  const rows = new Float64Array((before + 1) * nFeat);
  for (let i = 0; i < before; i++) {
    s.projector.project(s.ring.record(available - before + i), rows, i * nFeat);
  }
  s.projector.project(record, rows, before * nFeat);
  for (let i = 0; i < rows.length; i++) {
    const c = i % nFeat;
    rows[i] = (rows[i] - meta.sc_mean[c]) / meta.sc_std[c];
  }

  const versions: Record<string, VersionVerdict> = {};
  let anomaly = false;
  let score = Number.POSITIVE_INFINITY;
  const add = (name: string, value: number, margin: number) => {
    const flagged = value <= -margin;
    versions[name] = { anomaly: flagged, score: value, threshold_info: { margin } };
    anomaly ||= flagged;
    score = Math.min(score, value);
  };
  for (const v of meta.versions) {
    const forest = forests.get(v.vname);
    if (!v.enabled || forest === undefined) continue;
    const width = forestWidth(forest, nFeat);
    if (width === 0 || width - 1 > before) continue;
    add(v.vname, decisionOne(forest, rows, (before + 1 - width) * nFeat), v.decision_margin);
  }
  if (s.autoencoder !== null) {
    const { model, projector } = s.autoencoder;
    const raw = new Float64Array(projector.width);
    projector.project(record, raw, 0);
    add(AUTOENCODER_VERSION, autoencoderScore(model, raw), model.json.margin);
  }
  return { anomaly, score: Number.isFinite(score) ? score : 0, versions };
}
