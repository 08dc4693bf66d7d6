/** Fixed numbers of the anomaly service (ANOMALY.md "Constants"). */
export const MIN_POINTS = 50;
export const MAX_POINTS = 150_000;
export const DEFAULT_SCHED_BELOW = 50;
export const DEFAULT_SCHED_AT_MAX = 1000;
/** Points a scheduled training runs beside ingest before its forests take effect (model/trainingLag.ts). */
export const TRAINING_LAG = 500;
/** Seconds of the stream's own clock a scheduled training runs beside ingest before it may take effect (model/trainingLag.ts). */
export const TRAINING_LAG_SECONDS = 10;
/** Points past its first possible point after which a training takes effect whatever the stream's clock says (model/trainingLag.ts). */
export const TRAINING_LAG_CAP = 20_000;
export const FOREST_SEED = 42;
export const GPU_MIN_BATCH = 128;
export const API_VERSION = "0.4.0";
