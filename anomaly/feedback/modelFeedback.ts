/**
 * A loaded model's feedback: the document (feedback.ts) and the marked
 * points' decision values, cached until the forests, the ring's marked
 * points or the marks change, from which the margins in force follow
 * (margin.ts). The model calls `invalidate` when its forests or ring
 * change and reads `scoringMeta` to score.
 */
import type { Forest } from "../forest/forest";
import { bandMargin, calibratedVoters } from "../model/calibrate";
import type { MetadataJson } from "../model/metadata";
import type { Ring } from "../model/ring";
import { emptyFeedback, type FeedbackDoc, isMarked } from "./feedback";
import { adaptMargin, type MarkScores } from "./margin";
import { bandKey, markScores } from "./markScores";

export interface ModelView {
  meta: MetadataJson;
  forests: ReadonlyMap<string, Forest>;
  ring: Ring;
}

export class ModelFeedback {
  doc: FeedbackDoc = emptyFeedback();
  private marks: Map<string, MarkScores> | null = null;

  /** The forests or the ring changed: the marked points' scores are recomputed when next needed. */
  invalidate(): void {
    this.marks = null;
  }

  replace(doc: FeedbackDoc): void {
    this.doc = doc;
    this.marks = null;
  }

  /** Whether time `t` (stream seconds) falls in a declared maintenance window: its alerts are muted. */
  inMaintenance(t: number): boolean {
    return this.doc.maintenance.some((w) => t >= w.from && t <= w.to);
  }

  /** A point arrived at time `t`: one inside a mark moves the margins. */
  pointAdded(t: number): void {
    if (this.doc.marks.length > 0 && isMarked(this.doc, t)) this.marks = null;
  }

  /** Per version: the stored margin and the margin in force after feedback. */
  margins(model: ModelView): Map<string, { base: number; adapted: number }> {
    this.marks ??= markScores(model.meta, model.forests, model.ring, this.doc);
    const out = new Map<string, { base: number; adapted: number }>();
    for (const v of model.meta.versions) {
      const scores = this.marks.get(v.vname);
      const base = v.decision_margin;
      out.set(v.vname, { base, adapted: scores === undefined ? base : adaptMargin(base, scores) });
    }
    return out;
  }

  /**
   * The metadata scoring reads: the stored one, with the margins of the
   * versions and of the column bands adapted to the marks when there are any
   * (a false positive the band flagged must stop being flagged too).
   */
  scoringMeta(model: ModelView): MetadataJson {
    if (this.doc.marks.length === 0) return model.meta;
    const margins = this.margins(model);
    const marks = this.marks ?? new Map<string, MarkScores>();
    const voters = calibratedVoters(model.meta);
    return {
      ...model.meta,
      versions: model.meta.versions.map((v) => {
        const m = margins.get(v.vname);
        return m === undefined || m.adapted === v.decision_margin ? v : { ...v, decision_margin: m.adapted };
      }),
      bands: model.meta.bands.map((b) => {
        const scores = marks.get(bandKey(b.feature));
        if (scores === undefined) return b;
        const base = bandMargin(model.meta, b, voters);
        const adapted = adaptMargin(base, scores);
        return adapted === base ? b : { ...b, margin: adapted };
      }),
    };
  }
}
