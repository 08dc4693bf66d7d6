// Streaming records into a model one at a time, in order (a model's verdicts
// depend on arrival order), with progress, rate, ETA and cancellation.
import type { AnomalyBackend, DetectBody, RawRecord } from "./api";

export interface IngestProgress {
  done: number;
  total: number;
  anomalies: number;
  pointsPerSecond: number;
  /** Seconds left at the current rate (null until measurable). */
  etaSeconds: number | null;
}

export interface IngestResult extends IngestProgress {
  cancelled: boolean;
  last: DetectBody | null;
}

/** How many points the running (or last) ingest had acknowledged: what a crash may not lose. */
export const ingestState = { model: "", acknowledged: 0 };

export async function ingestRecords(
  backend: AnomalyBackend,
  model: string,
  records: RawRecord[],
  onProgress: (p: IngestProgress) => void,
  signal?: AbortSignal,
): Promise<IngestResult> {
  const started = performance.now();
  let anomalies = 0;
  let last: DetectBody | null = null;
  let lastReport = 0;
  const progress = (done: number): IngestProgress => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    return {
      done,
      total: records.length,
      anomalies,
      pointsPerSecond: rate,
      etaSeconds: rate > 0 ? (records.length - done) / rate : null,
    };
  };
  ingestState.model = model;
  ingestState.acknowledged = 0;
  for (let i = 0; i < records.length; i++) {
    if (signal?.aborted) return { ...progress(i), cancelled: true, last };
    last = await backend.detect(model, records[i]);
    ingestState.acknowledged = i + 1;
    if (last.status === "success" && last.anomaly) anomalies++;
    const now = performance.now();
    if (now - lastReport > 100 || i === records.length - 1) {
      lastReport = now;
      onProgress(progress(i + 1));
    }
  }
  return { ...progress(records.length), cancelled: false, last };
}
