/**
 * The anomaly service: every operation of the HTTP API as a method returning
 * the exact JSON body of its WIRE.md route, so the HTTP routes, the CLI and
 * the browser worker stay thin. Errors are AnomalyError with the HTTP status.
 */
import { type ScoringBackend } from "./backend";
import type { MetadataJson } from "./metadata";
import type { ModelStore, RawRecord } from "./store";

export class AnomalyError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 500,
    message: string,
  ) {
    super(message);
    this.name = "AnomalyError";
  }
}

export interface ServiceOptions {
  backend?: ScoringBackend;
  /** Unix seconds; defaults to the wall clock. */
  clock?: () => number;
}

export interface VersionVerdict {
  anomaly: boolean;
  score: number;
  threshold_info: { margin: number };
}

export interface CollectingBody {
  status: "collecting";
  message: string;
  data_points: number;
  min_data_points: 50;
  model_name: string;
}

export interface SuccessBody {
  status: "success";
  model: string;
  anomaly: boolean;
  score: number;
  data_points: number;
  versions: Record<string, VersionVerdict>;
  data_point: RawRecord;
}

export type DetectBody = CollectingBody | SuccessBody;

/** A whole model, JSON-serialisable, for moving models between browser and server. */
export interface ModelBundle {
  format: "anomaly-model/1";
  metadata: MetadataJson;
  ring: RawRecord[];
  /** ANOMFOR1 files, base64, by version name. */
  forests: Record<string, string>;
  autoencoder: unknown | null;
}

export interface BatchResult {
  total_rows: number;
  anomaly_count: number;
  anomaly_percentage: number;
  has_anomalies: boolean;
  anomaly_indices: number[];
  scores: number[];
  model_used: "batch:iforest";
  skipped_rows: number;
}

const todo = (): never => {
  throw new AnomalyError(500, "not implemented yet");
};

export class AnomalyService {
  constructor(
    readonly store: ModelStore,
    readonly options: ServiceOptions = {},
  ) {}

  async detect(
    _model: string,
    _record: unknown,
    _now?: number,
  ): Promise<{ httpStatus: 200 | 202; body: DetectBody }> {
    return todo();
  }
  async detectOnly(_model: string, _record: unknown, _now?: number): Promise<DetectBody> {
    return todo();
  }
  async forceTrain(
    _model: string,
    _now?: number,
  ): Promise<{ status: "success"; message: string; points_used: number }> {
    return todo();
  }
  async reset(_model: string): Promise<{ status: "success"; message: string }> {
    return todo();
  }
  async deleteModel(_model: string): Promise<{ status: "success"; message: string }> {
    return todo();
  }
  async listModels(): Promise<{
    status: "success";
    models: Record<string, MetadataJson>;
    min_data_points: 50;
    max_data_points: 150000;
  }> {
    return todo();
  }
  async metadata(_model: string): Promise<MetadataJson & { model_name: string }> {
    return todo();
  }
  async data(
    _model: string,
    _limit: number | "all",
  ): Promise<{
    status: "success";
    model_name: string;
    data_points_count: number;
    data: Record<string, unknown>[];
  }> {
    return todo();
  }
  async setSchedule(
    _model: string,
    _body: unknown,
  ): Promise<{
    status: "success";
    message: string;
    training_schedule: { below_max: number; at_max: number };
  }> {
    return todo();
  }
  async finetune(
    _model: string,
    _now?: number,
  ): Promise<{
    status: "success";
    message: string;
    adjusted_margins: Record<string, number>;
    max_anomaly_scores: Record<string, number>;
  }> {
    return todo();
  }
  async setMargin(
    _model: string,
    _version: string,
    _margin: number,
  ): Promise<{ status: "success"; message: string; version: string; margin: number }> {
    return todo();
  }
  async trainAutoencoder(
    _model: string,
    _body: unknown,
    _now?: number,
  ): Promise<{
    status: "success";
    message: string;
    training_data_points: number;
    filtered_anomalies: number;
    reconstruction_threshold: number;
  }> {
    return todo();
  }
  async batch(
    _csv: string,
    _hasHeader: boolean,
  ): Promise<{
    status: "success";
    message: "Anomaly detection completed";
    result: BatchResult;
  }> {
    return todo();
  }
  async exportModel(_model: string): Promise<ModelBundle> {
    return todo();
  }
  async importModel(
    _model: string,
    _bundle: unknown,
  ): Promise<{ status: "success"; message: string }> {
    return todo();
  }
  async close(): Promise<void> {}
}
