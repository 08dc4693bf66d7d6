/**
 * The anomaly engine's core, as code outside anomaly/ sees it: the service
 * (one method per WIRE.md route), the model and its verdicts, the forest,
 * sensitivity, feedback, alert rules and the store interface. Everything
 * here runs unchanged in Node and in a browser worker; what needs one
 * platform is exported by anomaly/node/ (files, worker threads, Dawn) or
 * anomaly/browser/ (IndexedDB, WebGPU). scripts/structure/anomalyEntryPoints.test.ts
 * keeps other folders to these entry points and this one platform-neutral.
 */

export {
  type AlertEvent,
  freshState,
  type RulePoint,
  type RuleState,
  restoredState,
  type StepResult,
  step,
} from "./alerts/debounce";
export { topFeature } from "./alerts/explanation";
export { type AlertFacts, alertPayload } from "./alerts/payload";
export type { AlertsFile, DeliveryEntry, Silence, StoredState } from "./alerts/records";
export { ALERT_FORMATS, type AlertFormat, type AlertRule, type AlertRuleInput, completeRules } from "./alerts/rule";
export type { CollectingBody, DetectAnswer, DetectBody, VerdictBody, VersionVerdict } from "./answers";
export { AnomalyError, checkModelName, INVALID_NAME, MODEL_NAME } from "./apiError";
export { type AutoencoderJson, fitAutoencoder } from "./autoencoder/autoencoder";
export { acceleratorAllowed, type BackendEnv, CpuBackend, type ScoringBackend } from "./backends/backend";
export type { BatchResult } from "./batch";
export { API_VERSION, MAX_POINTS, MIN_POINTS } from "./constants";
export { type Explanation, explainPoint } from "./explain/explain";
export { typicalValues } from "./explain/typical";
export type { FeedbackBody } from "./feedback/feedbackApi";
export { trainingRecords } from "./feedback/trainingSet";
export { buildForest } from "./forest/forest";
export { decodeForestFile, encodeForestFile } from "./forest/forestFile";
export { Xoshiro256 } from "./forest/prng";
export { decisionFunction } from "./forest/scoring";
export { forestWork } from "./forest/threadWork";
export { agreeingSeverity, calibratedVoters, versionRate, versionSeverity, WITHDRAWN_GAP } from "./model/calibrate";
export { DEFAULT_FALSE_ALARM_RATE, severityThreshold } from "./model/calibration";
export { checkRecord, learnRecord, Projector, recordTime } from "./model/encoding";
export {
  BANDS_HISTORY,
  calibratedSeverity,
  ENGINE_CALIBRATES,
  LIKELIHOOD,
  type LikelihoodParams,
  newSeverityHistory,
  takeSeverities,
  warmingUp,
} from "./model/likelihood";
export { KIND_NUMERIC, type MetadataJson, newMetadata, parseMetadata } from "./model/metadata";
export { DEFAULT_ALERT_QUIET_MIN, DEFAULT_WARMUP_MIN, learningAt, newOnsetState, takePoint } from "./model/onset";
export { recurrenceFields, recursDaily } from "./model/recurrence";
export { Ring } from "./model/ring";
export {
  applySustained,
  dropEcho,
  SUSTAINED,
  SUSTAINED_LIMIT,
  SUSTAINED_SLACK,
  type SustainedParams,
  scoresWindows,
  takeEvidence,
} from "./model/sustained";
export { parseIsoTimestamp } from "./model/timestamp";
export { trainVersions } from "./model/training";
export { TRAINING_SLICE, trainingSlices } from "./model/trainingInput";
export { forestWidth } from "./model/verdict";
export { splitStored, type TopColumn, VERDICT_KEY, type VerdictRecord } from "./model/verdictRecord";
export { defaultVersions } from "./model/versions";
export { slidingWindows } from "./model/windows";
export { AnomalyService, type ServiceOptions, type VerdictOptions } from "./service";
export { type ModelBundle, type ParsedBundle, parseBundle } from "./store/bundle";
export { type KeyEntry, type KeyJournal, MemoryKeyJournal } from "./store/keyJournal";
export { MemoryStore } from "./store/memoryStore";
export {
  DamagedModelError,
  type LoadedRing,
  type ModelStore,
  type RawRecord,
  type StoredForest,
  type UnusableLine,
} from "./store/store";
