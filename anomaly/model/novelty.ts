/**
 * The categorical band: a value a categorical column never showed in the
 * training data.
 *
 * The forests cannot see it: an unseen category projects to all zeros on
 * the column's one-hot features (encoding.ts), which is also where every
 * known category but one sits, so a forest scores the row like an ordinary
 * one. The numeric bands measure distance and have nothing to measure. Yet
 * a new status code, region or host is often the first sign of an incident.
 *
 * How rare is a new value on this column? Good–Turing: the share of future
 * points showing a value not seen in n training rows is about N1 / n, where
 * N1 counts the values seen exactly once (a column of a handful of steady
 * categories has N1 = 0; an id column has N1 ≈ n). Smoothed to
 * (N1 + 1) / (n + 1), so a short history never claims certainty. That is
 * the check's tail probability: a new value is flagged when it is under the
 * model's false-alarm rate, and so this check flags at most about its rate
 * of the normal points of a column whose vocabulary grows (an id column
 * never flags). Its severity is −20·log10 of that probability, the scale of
 * every other check (calibration.ts).
 */
/** A raw record as ingested (the store's RawRecord; not imported, as the store imports the metadata). */
type RawRecord = Readonly<Record<string, unknown>>;

/** What training learned about one categorical column. */
export interface ColumnNovelty {
  column: string;
  /** Training rows that carried a value in the column. */
  rows: number;
  /** Values seen exactly once among them. */
  singletons: number;
  /** Every value seen in training, sorted. */
  seen: string[];
}

/**
 * A column with more values than this is not checked: its vocabulary grows
 * too fast for a new value to mean much, and the list is kept in metadata.
 */
export const MAX_NOVELTY_VALUES = 1024;

/** The category text of a raw value, as the encoder names it (null: no value). */
function categoryText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? value : String(value);
}

/**
 * The counts fitNovelty makes, fed a slice of records at a time (a training
 * counts the ring in slices, between turns of the event loop).
 */
export class NoveltyCounts {
  private readonly counts: Map<string, number>[];
  private readonly rows: number[];

  constructor(private readonly columns: readonly string[]) {
    this.counts = columns.map(() => new Map());
    this.rows = columns.map(() => 0);
  }

  /** Counts records[from, to). */
  add(records: readonly RawRecord[], from = 0, to = records.length): void {
    this.columns.forEach((column, c) => {
      const counts = this.counts[c];
      // Past the cap the column is not checked: its counts no longer matter.
      if (counts.size > MAX_NOVELTY_VALUES) return;
      let rows = 0;
      for (let i = from; i < to; i++) {
        const text = categoryText(records[i][column]);
        if (text === null) continue;
        rows++;
        counts.set(text, (counts.get(text) ?? 0) + 1);
      }
      this.rows[c] += rows;
    });
  }

  /** One entry per column with at least one value among the records counted. */
  result(): ColumnNovelty[] {
    const out: ColumnNovelty[] = [];
    this.columns.forEach((column, c) => {
      const counts = this.counts[c];
      const rows = this.rows[c];
      if (rows === 0 || counts.size > MAX_NOVELTY_VALUES) return;
      let singletons = 0;
      for (const n of counts.values()) if (n === 1) singletons++;
      out.push({ column, rows, singletons, seen: [...counts.keys()].sort() });
    });
    return out;
  }
}

/**
 * One entry per categorical column (`columns`: their names) with at least
 * one value in `records`.
 */
export function fitNovelty(columns: readonly string[], records: readonly RawRecord[]): ColumnNovelty[] {
  const counts = new NoveltyCounts(columns);
  counts.add(records);
  return counts.result();
}

/** The estimated share of points showing a value the column never showed (see above). */
export function novelShare(n: Pick<ColumnNovelty, "rows" | "singletons">): number {
  return (n.singletons + 1) / (n.rows + 1);
}

/** The severity of a new value: −20·log10 of its share, 0–100. */
export function noveltySeverity(n: Pick<ColumnNovelty, "rows" | "singletons">): number {
  return Math.min(100, Math.max(0, -20 * Math.log10(novelShare(n))));
}

/** What the categorical band says about one record's column. */
export interface NoveltyCheck {
  value: string;
  severity: number;
  anomaly: boolean;
}

/**
 * The categorical columns of `record` holding a value their training never
 * showed, each with its severity and whether it is rare enough to flag at
 * `rate`. Seen values (and absent ones) are left out: they have no check.
 */
export function noveltyChecks(
  novelty: readonly ColumnNovelty[],
  record: RawRecord,
  rate: number,
): Record<string, NoveltyCheck> {
  const out: Record<string, NoveltyCheck> = {};
  for (const n of novelty) {
    const value = categoryText(record[n.column]);
    if (value === null || binaryIncludes(n.seen, value)) continue;
    out[n.column] = { value, severity: noveltySeverity(n), anomaly: novelShare(n) <= rate };
  }
  return out;
}

/** `seen` is sorted with the default string order: a binary search. */
function binaryIncludes(sorted: readonly string[], value: string): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === value) return true;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return false;
}

export function parseNovelty(raw: unknown): ColumnNovelty[] {
  if (!Array.isArray(raw)) return [];
  const out: ColumnNovelty[] = [];
  for (const x of raw) {
    if (x === null || typeof x !== "object") continue;
    const r = x as Record<string, unknown>;
    const count = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
    if (typeof r.column !== "string" || !count(r.rows) || !count(r.singletons)) continue;
    if (!Array.isArray(r.seen) || !r.seen.every((s) => typeof s === "string")) continue;
    out.push({ column: r.column, rows: r.rows, singletons: r.singletons, seen: [...r.seen].sort() });
  }
  return out;
}
