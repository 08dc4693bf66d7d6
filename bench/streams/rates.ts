// What the generated streams measure beside NAB's score: per anomaly kind,
// the share of labelled windows with a detection inside them (after NAB's
// probation), and per cadence, the share of normal points flagged on the
// anomaly-free streams (the false-flag rate an operator lives with).
import { probationEnd } from "../nab/scoring";
import type { Cadence, GeneratedSeries, StreamKind } from "./generator";

export interface Detected {
  series: GeneratedSeries;
  detected: ArrayLike<boolean>;
}

export interface Rate {
  hits: number;
  total: number;
}

export const share = (r: Rate) => (r.total === 0 ? Number.NaN : r.hits / r.total);

/** Per kind: windows with at least one detection in them, of all windows of that kind scored. */
export function detectionRates(list: readonly Detected[]): Map<StreamKind, Rate> {
  const out = new Map<StreamKind, Rate>();
  for (const { series, detected } of list) {
    if (series.kind === "none") continue;
    const rate = out.get(series.kind) ?? { hits: 0, total: 0 };
    const start = probationEnd(series.values.length);
    for (const [a, b] of series.windows) {
      rate.total++;
      for (let i = Math.max(a, start); i <= b; i++) {
        if (detected[i]) {
          rate.hits++;
          break;
        }
      }
    }
    out.set(series.kind, rate);
  }
  return out;
}

/** Per cadence, on the anomaly-free streams: scored (post-probation) points flagged. */
export function falseFlagRates(list: readonly Detected[]): Map<Cadence, Rate> {
  const out = new Map<Cadence, Rate>();
  for (const { series, detected } of list) {
    if (series.kind !== "none") continue;
    const rate = out.get(series.cadence) ?? { hits: 0, total: 0 };
    for (let i = probationEnd(series.values.length); i < series.values.length; i++) {
      rate.total++;
      if (detected[i]) rate.hits++;
    }
    out.set(series.cadence, rate);
  }
  return out;
}
