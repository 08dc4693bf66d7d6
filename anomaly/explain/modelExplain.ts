/**
 * Explanations of a model's points: where the context and the typical
 * values come from. The engine itself is explain.ts (also what the
 * dashboards' worker runs on an exported bundle).
 */

import type { Model } from "../model/model";
import type { RawRecord } from "../store/store";
import type { Explanation } from "./explain";
import { typicalValues } from "./typical";
import { explainVerdict, type VerdictChecks } from "./voterExplain";

/**
 * Explains the verdict `checks` gave `record` by its strongest voter
 * (voterExplain.ts), against the model's current forests. A record that is
 * in the ring (it was just ingested) is explained with the points before it;
 * any other (detect_only) with the newest points, as it was scored. Typical
 * values come from the points training uses (feedback exclusions applied).
 */
export function explainModelPoint(m: Model, record: RawRecord, checks: VerdictChecks): Explanation | null {
  const input = m.explainInput(record, true);
  return explainVerdict({ ...input, typical: typicalValues(m.meta, input.training) }, checks);
}
