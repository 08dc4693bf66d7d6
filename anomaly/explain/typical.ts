/**
 * A column's typical value, the reference an explanation compares the actual
 * value with: the median of a numeric column (robust to the outliers the
 * training data may still hold), the most frequent category of a
 * categorical one (ties go to the bytewise-first name, so the answer never
 * depends on record order), and the median time of a time-valued column.
 * A column absent from most records is typically absent (null).
 */
import { compareBytewise, parseNumber } from "../model/encoding";
import { isoFromUnix, KIND_CATEGORICAL, KIND_NUMERIC, type MetadataJson } from "../model/metadata";
import { parseIsoTimestamp } from "../model/timestamp";
import type { RawRecord } from "../store/store";

/** Per column name, the value a typical record carries (null: typically absent). */
export type TypicalValues = Map<string, number | string | null>;

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2 === 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

export function typicalValues(
  meta: Pick<MetadataJson, "cols" | "kinds">,
  records: readonly RawRecord[],
): TypicalValues {
  const out: TypicalValues = new Map();
  meta.cols.forEach((col, i) => {
    const kind = meta.kinds[i];
    const numbers: number[] = [];
    const counts = new Map<string, number>();
    for (const record of records) {
      const value = record[col];
      if (value === null || value === undefined) continue;
      if (kind === KIND_NUMERIC) {
        const n = parseNumber(value);
        if (n !== null) numbers.push(n);
      } else if (kind === KIND_CATEGORICAL) {
        const cat = typeof value === "string" ? value : String(value);
        counts.set(cat, (counts.get(cat) ?? 0) + 1);
      } else {
        const t = typeof value === "string" ? parseIsoTimestamp(value) : null;
        if (t !== null) numbers.push(t);
      }
    }
    const present = kind === KIND_CATEGORICAL ? [...counts.values()].reduce((a, b) => a + b, 0) : numbers.length;
    if (2 * present <= records.length || present === 0) {
      out.set(col, null);
    } else if (kind === KIND_NUMERIC) {
      out.set(col, median(numbers));
    } else if (kind === KIND_CATEGORICAL) {
      let best: string | null = null;
      let bestCount = 0;
      for (const [cat, count] of counts) {
        if (count > bestCount || (count === bestCount && best !== null && compareBytewise(cat, best) < 0)) {
          best = cat;
          bestCount = count;
        }
      }
      out.set(col, best);
    } else {
      out.set(col, isoFromUnix(median(numbers)));
    }
  });
  return out;
}
