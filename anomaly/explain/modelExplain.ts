/**
 * Explanations of a model's points: where the context and the typical
 * values come from. The engine itself is explain.ts (also what the
 * dashboards' worker runs on an exported bundle).
 */

import { trainingSet } from "../feedback/trainingSet";
import type { Model } from "../model/model";
import { forestWidth } from "../model/verdict";
import type { RawRecord } from "../store/store";
import { type Explanation, explainPoint } from "./explain";
import { typicalValues } from "./typical";

/** How many points back a model's widest forest reads. */
function contextLength(m: Model): number {
  let widest = 1;
  for (const f of m.forests.values()) widest = Math.max(widest, forestWidth(f, m.meta.feats.length));
  return widest - 1;
}

/**
 * Explains `record` against the model's current forests. A record that is
 * in the ring (it was just ingested) is explained with the points before it;
 * any other (detect_only) with the newest points, as it was scored. Typical
 * values come from the points training uses (feedback exclusions applied).
 */
export function explainModelPoint(m: Model, record: RawRecord): Explanation | null {
  let at = m.ring.length;
  for (let i = m.ring.length - 1; i >= 0; i--) {
    if (m.ring.record(i) === record) {
      at = i;
      break;
    }
  }
  const context: RawRecord[] = [];
  for (let i = Math.max(0, at - contextLength(m)); i < at; i++) context.push(m.ring.record(i));
  const training = trainingSet(m.ring, m.feedback).records;
  const typical = typicalValues(m.meta, training);
  return explainPoint({ meta: m.meta, forests: m.forests, context, record, typical, training });
}
