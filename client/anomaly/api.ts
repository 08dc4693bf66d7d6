/**
 * The one interface every dashboard page talks to. HttpBackend speaks the
 * server's API; LocalBackend runs the same engine in a Web Worker with
 * models in IndexedDB. Method names and answers follow the service (and so
 * the HTTP routes' JSON bodies); failures throw BackendError with the
 * service's message.
 */

import type { BatchResult, FeedbackBody, MetadataJson, ModelBundle, RawRecord, VersionVerdict } from "../../anomaly";
import type {
  AutoencoderBody,
  AutoencoderRequest,
  CollectingBody,
  DetectBody,
  FinetuneBody,
  MarginBody,
  MessageBody,
  ModelsBody,
  ScheduleBody,
  ScheduleRequest,
  TrainedBody,
  VerdictBody,
} from "../../protocol/anomaly/schemas";

// The wire's own types (protocol/anomaly/schemas.ts, inferred from the
// server's zod schemas), so the dashboards, the routes and the service cannot
// drift apart.
export type {
  AutoencoderBody,
  AutoencoderRequest,
  CollectingBody,
  DetectBody,
  FeedbackBody,
  FinetuneBody,
  MarginBody,
  MessageBody,
  MetadataJson,
  ModelBundle,
  RawRecord,
  ScheduleBody,
  ScheduleRequest,
  TrainedBody,
  VerdictBody,
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

/** GET /models/dynamic: the wire describes each model's metadata loosely; the engine's type says what it holds. */
export type ModelsList = Omit<ModelsBody, "models"> & { models: Record<string, MetadataJson> };

/** The result of POST /detect_anomalies (and the local engine's batch). */
export type BatchReport = BatchResult;

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
  detectOnly(model: string, record: RawRecord, extras?: VerdictExtras): Promise<VerdictBody>;
  forceTrain(model: string): Promise<TrainedBody>;
  reset(model: string): Promise<MessageBody>;
  deleteModel(model: string): Promise<MessageBody>;
  setSchedule(model: string, schedule: ScheduleRequest): Promise<ScheduleBody>;
  finetune(model: string): Promise<FinetuneBody>;
  setMargin(model: string, version: string, margin: number): Promise<MarginBody>;
  trainAutoencoder(model: string, settings: AutoencoderRequest): Promise<AutoencoderBody>;
  batch(csv: string, hasHeader: boolean): Promise<BatchReport>;
  exportModel(model: string): Promise<ModelBundle>;
  importModel(model: string, bundle: ModelBundle): Promise<MessageBody>;
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
  ): Promise<MessageBody>;
  maintenance(model: string, window: { from: string; to: string; note?: string }): Promise<MessageBody>;
  remove(model: string, id: number): Promise<MessageBody>;
}
