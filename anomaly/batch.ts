/**
 * Stateless batch scoring of a CSV: fit a scaler on the matrix, train one
 * forest (100 trees, 256 samples, "auto") on the standardised copy, and
 * score every row. Nothing is stored.
 *
 * `batchCsvBody` is the whole job from the uploaded bytes to the encoded
 * JSON answer, so a host can run it off its event loop in one piece (a
 * 50 MB upload parses, scores and serialises for seconds): see
 * node/engineThread.ts.
 */
import type { BatchBody, BatchResult } from "../protocol/anomaly/schemas";
import type { ScoringBackend } from "./backends/backend";
import { FOREST_SEED } from "./constants";
import { buildForest } from "./forest/forest";
import { decisionFunction } from "./forest/scoring";
import { parseNumber } from "./model/encoding";
import { applyScaler, fitScaler } from "./model/scaler";

export interface NumericTable {
  /** Row-major, nRows × nCols. */
  data: Float64Array;
  nRows: number;
  nCols: number;
  /** Header names when the CSV had a header line. */
  columns: string[] | null;
  /** Data rows whose count of numeric fields differed from the first row's. */
  skippedRows: number;
}

function splitFields(line: string): string[] {
  // Comma first; semicolon or tab only for lines without a comma.
  const delimiter = line.includes(",") ? "," : line.includes(";") ? ";" : line.includes("\t") ? "\t" : ",";
  return line.split(delimiter).map((f) => {
    const t = f.trim();
    return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).trim() : t;
  });
}

/** Keeps the numeric fields of each line; the first data row fixes the column count. */
export function parseNumericCsv(text: string, hasHeader: boolean): NumericTable {
  const values: number[] = [];
  let nCols = -1;
  let nRows = 0;
  let skippedRows = 0;
  let columns: string[] | null = null;
  let headerPending = hasHeader;
  for (const line of text.split(/\r?\n|\r/)) {
    if (line.trim() === "") continue;
    const fields = splitFields(line);
    if (headerPending) {
      columns = fields;
      headerPending = false;
      continue;
    }
    const row: number[] = [];
    for (const f of fields) {
      const n = parseNumber(f);
      if (n !== null) row.push(n);
    }
    if (nCols < 0 && row.length > 0) nCols = row.length;
    if (row.length !== nCols) {
      skippedRows++;
      continue;
    }
    for (const x of row) values.push(x);
    nRows++;
  }
  return { data: Float64Array.from(values), nRows, nCols: Math.max(nCols, 0), columns, skippedRows };
}

export interface BatchScores {
  scores: Float64Array;
  anomalies: number[];
}

/** Decision values of every row; rows with decision ≤ −margin are anomalies. */
export async function scoreTable(table: NumericTable, backend: ScoringBackend, margin = 0): Promise<BatchScores> {
  const scaled = Float64Array.from(table.data);
  applyScaler(fitScaler(scaled, table.nRows, table.nCols), scaled, table.nCols);
  const rows = { data: scaled, nRows: table.nRows, rowStride: table.nCols };
  const forest = buildForest(rows, table.nCols, { nTrees: 100, maxSamples: 256, seed: FOREST_SEED });
  const scores = await decisionFunction(backend, forest, rows);
  const anomalies: number[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i] <= -margin) anomalies.push(i);
  return { scores, anomalies };
}

/** A CSV the job cannot use (not UTF-8, no numeric rows): the client's mistake, a 400. */
export class BatchInputError extends Error {}

export type { BatchBody, BatchResult };

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** WIRE.md's answer for a CSV; throws BatchInputError for unusable input. */
export async function batchCsv(
  csv: string | Uint8Array,
  hasHeader: boolean,
  backend: ScoringBackend,
): Promise<BatchBody> {
  let text: string;
  if (typeof csv === "string") text = csv;
  else {
    try {
      text = strictUtf8.decode(csv);
    } catch {
      throw new BatchInputError("The CSV is not valid UTF-8");
    }
  }
  const table = parseNumericCsv(text, hasHeader);
  if (table.nRows === 0) throw new BatchInputError("No numeric data rows found in the CSV.");
  const { scores, anomalies } = await scoreTable(table, backend);
  return {
    status: "success",
    message: "Anomaly detection completed",
    result: {
      total_rows: table.nRows,
      anomaly_count: anomalies.length,
      anomaly_percentage: Math.round((10000 * anomalies.length) / table.nRows) / 100,
      has_anomalies: anomalies.length > 0,
      anomaly_indices: anomalies,
      scores: Array.from(scores),
      model_used: "batch:iforest",
      skipped_rows: table.skippedRows,
    },
  };
}

/** The same job, answered as UTF-8 JSON bytes. */
export async function batchCsvBody(
  csv: string | Uint8Array,
  hasHeader: boolean,
  backend: ScoringBackend,
): Promise<Uint8Array> {
  return new TextEncoder().encode(JSON.stringify(await batchCsv(csv, hasHeader, backend)));
}
