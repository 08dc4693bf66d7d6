// The baseline from the outside check: a point's |z| against the
// previous 288 points (one day at NAB's 5-minute rate). A constant history
// gives z = 0 for the same value and ∞ for any other.
export const ZSCORE_WINDOW = 288;
export const ZSCORE_LIMIT = 5;

export function windowedZ(values: readonly number[], window = ZSCORE_WINDOW): Float64Array {
  const out = new Float64Array(values.length);
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < values.length; i++) {
    const n = Math.min(i, window);
    if (n >= 2) {
      const mean = sum / n;
      const variance = Math.max(0, sumSq / n - mean * mean);
      const d = Math.abs(values[i] - mean);
      out[i] = variance > 1e-12 * (1 + mean * mean) ? d / Math.sqrt(variance) : d > 0 ? Number.POSITIVE_INFINITY : 0;
    }
    sum += values[i];
    sumSq += values[i] * values[i];
    if (i >= window) {
      sum -= values[i - window];
      sumSq -= values[i - window] * values[i - window];
    }
  }
  return out;
}
