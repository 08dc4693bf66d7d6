// The column an alert names: what a verdict says caused it, for the
// `top_feature` of alert payloads and the dashboards' live rows.

/**
 * The top column of a verdict body: its recorded `top_columns` (every
 * verdict carries them: a flagged point's from the explanation of the rule
 * that flagged it, anomaly/explain/voterExplain.ts), else the first column
 * with a share of an `explanation` it carries. Undefined when neither names
 * one (an unflagged point of a model without bands).
 */
export function topFeature(verdict: unknown): string | undefined {
  if (verdict === null || typeof verdict !== "object") return undefined;
  const v = verdict as { top_columns?: unknown; explanation?: unknown };
  const recorded = Array.isArray(v.top_columns) ? (v.top_columns[0] as { column?: unknown } | undefined) : undefined;
  if (typeof recorded?.column === "string") return recorded.column;
  const columns = (v.explanation as { columns?: unknown } | null | undefined)?.columns;
  if (!Array.isArray(columns)) return undefined;
  const first = columns.find((c) => typeof c?.column === "string" && typeof c.share === "number" && c.share > 0);
  return first?.column;
}
