// Reading the optional explanation a verdict may carry (`?explain=1`, from
// the explanations work): alert payloads and the anomalies table name the
// top feature when there is one, and leave it out otherwise.

/**
 * The first-named feature of an explanation, when the verdict carries one
 * (`?explain=1`). Explanations are another part's contract, so this reads
 * only the common shapes: a list of `{feature|column}` or an object of
 * contributions, and otherwise leaves the field out.
 */
export function topFeature(explanation: unknown): string | undefined {
  if (explanation === null || typeof explanation !== "object") return undefined;
  const list = Array.isArray(explanation)
    ? explanation
    : ((explanation as { contributions?: unknown; features?: unknown }).contributions ??
      (explanation as { features?: unknown }).features);
  if (Array.isArray(list) && list.length > 0) {
    const first = list[0] as { feature?: unknown; column?: unknown; name?: unknown };
    const name = first.feature ?? first.column ?? first.name;
    return typeof name === "string" ? name : undefined;
  }
  if (list !== null && typeof list === "object") {
    let best: [string, number] | undefined;
    for (const [name, value] of Object.entries(list)) {
      if (typeof value === "number" && (best === undefined || Math.abs(value) > Math.abs(best[1])))
        best = [name, value];
    }
    return best?.[0];
  }
  return undefined;
}
