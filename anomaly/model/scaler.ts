/**
 * Standard scaling with the population standard deviation. A constant column
 * gets std 1, so it is centred but not scaled (as scikit-learn does).
 */
export interface Scaler {
  mean: Float64Array;
  std: Float64Array;
}

export function fitScaler(data: Float64Array, nRows: number, nCols: number): Scaler {
  const mean = new Float64Array(nCols);
  const std = new Float64Array(nCols);
  if (nRows === 0) {
    std.fill(1);
    return { mean, std };
  }
  const min = new Float64Array(nCols).fill(Number.POSITIVE_INFINITY);
  const max = new Float64Array(nCols).fill(Number.NEGATIVE_INFINITY);
  for (let r = 0; r < nRows; r++) {
    const base = r * nCols;
    for (let c = 0; c < nCols; c++) {
      const x = data[base + c];
      mean[c] += x;
      if (x < min[c]) min[c] = x;
      if (x > max[c]) max[c] = x;
    }
  }
  for (let c = 0; c < nCols; c++) mean[c] /= nRows;
  for (let r = 0; r < nRows; r++) {
    const base = r * nCols;
    for (let c = 0; c < nCols; c++) {
      const d = data[base + c] - mean[c];
      std[c] += d * d;
    }
  }
  for (let c = 0; c < nCols; c++) {
    const s = Math.sqrt(std[c] / nRows);
    // min === max catches constant columns whose mean picked up rounding error.
    std[c] = min[c] === max[c] || !(s > 0) ? 1 : s;
  }
  return { mean, std };
}

/** Scales `data` in place, row-major with nCols columns. */
export function applyScaler(scaler: Scaler, data: Float64Array, nCols: number): Float64Array {
  const { mean, std } = scaler;
  for (let i = 0; i < data.length; i += nCols) {
    for (let c = 0; c < nCols; c++) data[i + c] = (data[i + c] - mean[c]) / std[c];
  }
  return data;
}
