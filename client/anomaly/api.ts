/**
 * The one interface every dashboard page talks to. HttpBackend speaks the
 * server's API; LocalBackend runs the same engine in a Web Worker with
 * models in IndexedDB. Method names and answers follow the service (and so
 * the HTTP routes' JSON bodies); failures throw BackendError with the
 * service's message.
 */

import type {
  BatchResult,
  CollectingBody,
  DetectBody,
  FeedbackBody,
  MetadataJson,
  ModelBundle,
  RawRecord,
  SuccessBody,
  VersionVerdict,
} from "../../anomaly";

// The engine's own wire types, so the dashboards and the service cannot drift apart.
export type {
  CollectingBody,
  DetectBody,
  FeedbackBody,
  MetadataJson,
  ModelBundle,
  RawRecord,
  SuccessBody,
  VersionVerdict,
};

export type BackendKind = "server" | "local";

/** Optional parts of a verdict a client may ask for. */
export interface VerdictExtras {
  expected?: boolean;
  explain?: boolean;
}

/** One live verdict, from the SSE stream or the local engine. */
export interface VerdictEvent {
  model: string;
  httpStatus: number;
  body: unknown;
}

export interface ModelsList {
  models: Record<string, MetadataJson>;
  min_data_points: number;
  max_data_points: number;
}

/** The result of POST /detect_anomalies (and the local engine's batch). */
export type BatchReport = BatchResult;

export interface Message {
  status: "success";
  message: string;
}

export class BackendError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface AnomalyBackend {
  readonly kind: BackendKind;
  /** What the pages show as the backend's name. */
  readonly label: string;
  listModels(): Promise<ModelsList>;
  metadata(model: string): Promise<MetadataJson>;
  data(model: string, limit: number | "all"): Promise<RawRecord[]>;
  detect(model: string, record: RawRecord): Promise<DetectBody>;
  /**
   * `extras` asks for the optional verdict fields (`?expected=1`, `?explain=1`);
   * a backend or server that does not know them answers without them.
   */
  detectOnly(model: string, record: RawRecord, extras?: VerdictExtras): Promise<DetectBody>;
  forceTrain(model: string): Promise<Message & { points_used: number }>;
  reset(model: string): Promise<Message>;
  deleteModel(model: string): Promise<Message>;
  setSchedule(
    model: string,
    schedule: { below_max_retrain_frequency?: number; at_max_retrain_frequency?: number },
  ): Promise<Message>;
  finetune(model: string): Promise<Message & { adjusted_margins: Record<string, number> }>;
  setMargin(model: string, version: string, margin: number): Promise<Message>;
  trainAutoencoder(
    model: string,
    settings: { hidden?: number[]; contamination?: number },
  ): Promise<Message & { training_data_points: number; reconstruction_threshold: number }>;
  batch(csv: string, hasHeader: boolean): Promise<BatchReport>;
  exportModel(model: string): Promise<ModelBundle>;
  importModel(model: string, bundle: ModelBundle): Promise<Message>;
  /**
   * Feedback (anomaly/feedback/): only where the store keeps it (the server;
   * the browser's IndexedDB store does not), so the pages check for it.
   */
  feedback?: FeedbackApi;
  /** Live verdicts of every model; returns the unsubscribe function. */
  subscribe(listener: (event: VerdictEvent) => void): () => void;
}

/** The feedback routes (GET/POST /api/dynamic/<m>/feedback, POST .../maintenance, DELETE .../feedback/<id>). */
export interface FeedbackApi {
  list(model: string): Promise<FeedbackBody>;
  /** `from`/`to`: unix seconds or ISO-8601 on the points' clock. */
  mark(
    model: string,
    mark: { label: "false_positive" | "true_positive"; from: string; to: string; note?: string },
  ): Promise<Message>;
  maintenance(model: string, window: { from: string; to: string; note?: string }): Promise<Message>;
  remove(model: string, id: number): Promise<Message>;
}
