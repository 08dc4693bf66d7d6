/**
 * The decision values of the ring points an operator marked, per trained
 * version and column band: what margin.ts adapts the margins to. Recomputed whenever the
 * forests or the marks change (never stored: the same forests, ring and
 * marks always give the same values, so a restart gives the same margins).
 * Marked points that have left the ring no longer count.
 */
import type { Forest } from "../forest/forest";
import { scoreFromSum } from "../forest/scoring";
import { compileForest, walkForest } from "../forest/walk";
import { bandDecision } from "../model/band";
import { Projector } from "../model/encoding";
import type { MetadataJson } from "../model/metadata";
import type { Ring } from "../model/ring";
import { forestWidth } from "../model/verdict";
import { type FeedbackDoc, markedAs } from "./feedback";
import type { MarkScores } from "./margin";

/** The key of a column band's scores beside the versions' (a version name cannot contain a colon). */
export const bandKey = (feature: string) => `band:${feature}`;

export function markScores(
  meta: MetadataJson,
  forests: ReadonlyMap<string, Forest>,
  ring: Ring,
  doc: FeedbackDoc,
): Map<string, MarkScores> {
  const out = new Map<string, MarkScores>();
  const nFeat = meta.feats.length;
  if (doc.marks.length === 0 || nFeat === 0 || (forests.size === 0 && meta.bands.length === 0)) return out;
  const fp: number[] = [];
  const tp: number[] = [];
  for (let i = 0; i < ring.length; i++) {
    const t = ring.time(i);
    // Under both marks, a point counts as a true positive (feedback.ts).
    if (markedAs(doc, "true_positive", t)) tp.push(i);
    else if (markedAs(doc, "false_positive", t)) fp.push(i);
  }
  if (fp.length === 0 && tp.length === 0) return out;
  const projector = new Projector(meta, meta.feats);
  const rowCache = new Map<number, Float64Array>();
  const scaledRow = (i: number): Float64Array => {
    let row = rowCache.get(i);
    if (row === undefined) {
      row = new Float64Array(nFeat);
      projector.project(ring.record(i), row, 0);
      for (let c = 0; c < nFeat; c++) row[c] = (row[c] - meta.sc_mean[c]) / meta.sc_std[c];
      rowCache.set(i, row);
    }
    return row;
  };
  // The bands read raw values, before scaling.
  const raw = new Float64Array(nFeat);
  for (const b of meta.bands) {
    const c = meta.feats.indexOf(b.feature);
    if (c < 0) continue;
    const decisions = (indices: number[]) =>
      Float64Array.from(indices, (i) => {
        projector.project(ring.record(i), raw, 0);
        return bandDecision(b, raw[c]);
      });
    out.set(bandKey(b.feature), { falsePositives: decisions(fp), truePositives: decisions(tp) });
  }
  for (const v of meta.versions) {
    const forest = forests.get(v.vname);
    if (!v.enabled || forest === undefined) continue;
    const width = forestWidth(forest, nFeat);
    if (width === 0) continue;
    const scoreAll = (indices: number[]): Float64Array => {
      const usable = indices.filter((i) => i >= width - 1);
      const rowLen = width * nFeat;
      const data = new Float64Array(usable.length * rowLen);
      usable.forEach((i, k) => {
        for (let w = 0; w < width; w++) data.set(scaledRow(i - width + 1 + w), k * rowLen + w * nFeat);
      });
      const sums = new Float64Array(usable.length);
      walkForest(compileForest(forest), data, rowLen, 0, usable.length, sums);
      for (let k = 0; k < sums.length; k++) sums[k] = scoreFromSum(forest, sums[k]) - forest.offset;
      return sums;
    };
    out.set(v.vname, { falsePositives: scoreAll(fp), truePositives: scoreAll(tp) });
  }
  return out;
}
