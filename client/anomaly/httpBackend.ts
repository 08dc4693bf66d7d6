// AnomalyBackend over the server's HTTP API (WIRE.md) and its SSE stream.
import type { AlertRulesBody, DeliveryLogBody } from "../../protocol/anomaly/alerts";
import type { BatchBody, DataBody } from "../../protocol/anomaly/schemas";
import {
  type AnomalyBackend,
  type AutoencoderBody,
  type AutoencoderRequest,
  BackendError,
  type BatchReport,
  type DetectBody,
  type FeedbackApi,
  type FeedbackBody,
  type FinetuneBody,
  type MarginBody,
  type MessageBody,
  type MetadataJson,
  type ModelBundle,
  type ModelsList,
  type RawRecord,
  type ScheduleBody,
  type ScheduleRequest,
  type TrainedBody,
  type VerdictBody,
  type VerdictEvent,
  type VerdictExtras,
} from "./api";

export type AlertRulesAnswer = AlertRulesBody;
export type DeliveryEntry = DeliveryLogBody["deliveries"][number];

export class HttpBackend implements AnomalyBackend {
  readonly kind = "server";
  readonly label = "server";

  constructor(private readonly base = "") {}

  readonly feedback: FeedbackApi = {
    list: (model) => this.request<FeedbackBody>("GET", `/api/dynamic/${model}/feedback`),
    mark: (model, mark) => this.request("POST", `/api/dynamic/${model}/feedback`, mark),
    maintenance: (model, window) => this.request("POST", `/api/dynamic/${model}/maintenance`, window),
    remove: (model, id) => this.request("DELETE", `/api/dynamic/${model}/feedback/${id}`),
  };

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const init: RequestInit = { method };
    if (body !== undefined) {
      init.headers = { "content-type": "application/json" };
      init.body = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, init);
    } catch (e) {
      throw new BackendError(`The server cannot be reached (${(e as Error).message})`, 0);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new BackendError(`The server answered ${res.status} with something that is not JSON`, res.status);
    }
    if (!res.ok) {
      const message = (json as { message?: unknown }).message;
      throw new BackendError(typeof message === "string" ? message : `HTTP ${res.status}`, res.status);
    }
    return json as T;
  }

  // Webhook alerts are a server feature (the browser engine sends nothing),
  // so they are HttpBackend's own methods rather than AnomalyBackend's.
  alertRules(model: string): Promise<AlertRulesAnswer> {
    return this.request("GET", `/api/dynamic/${model}/alerts`);
  }
  setAlertRules(model: string, rules: unknown): Promise<AlertRulesAnswer> {
    return this.request("PUT", `/api/dynamic/${model}/alerts`, { rules });
  }
  async alertLog(model: string, limit: number): Promise<DeliveryEntry[]> {
    return (await this.request<DeliveryLogBody>("GET", `/api/dynamic/${model}/alert_log?limit=${limit}`)).deliveries;
  }

  listModels(): Promise<ModelsList> {
    return this.request("GET", "/models/dynamic");
  }
  metadata(model: string): Promise<MetadataJson> {
    return this.request("GET", `/models/dynamic/${model}/metadata`);
  }
  async data(model: string, limit: number | "all"): Promise<RawRecord[]> {
    return (await this.request<DataBody>("GET", `/models/dynamic/${model}/data?limit=${limit}`)).data;
  }
  detect(model: string, record: RawRecord): Promise<DetectBody> {
    return this.request("POST", `/detect/${model}`, record);
  }
  detectOnly(model: string, record: RawRecord, extras: VerdictExtras = {}): Promise<VerdictBody> {
    const flags = Object.entries(extras)
      .filter(([, on]) => on)
      .map(([flag]) => `${flag}=1`);
    return this.request("POST", `/detect_only/${model}${flags.length ? `?${flags.join("&")}` : ""}`, record);
  }
  forceTrain(model: string) {
    return this.request<TrainedBody>("POST", `/force_train/${model}`);
  }
  reset(model: string): Promise<MessageBody> {
    return this.request("POST", `/models/dynamic/${model}/reset`);
  }
  deleteModel(model: string): Promise<MessageBody> {
    return this.request("DELETE", `/delete_model/${model}`);
  }
  setSchedule(model: string, schedule: ScheduleRequest): Promise<ScheduleBody> {
    return this.request("PUT", `/api/dynamic/${model}/schedule`, schedule);
  }
  finetune(model: string) {
    return this.request<FinetuneBody>("POST", `/api/dynamic/${model}/finetune`);
  }
  setMargin(model: string, version: string, margin: number): Promise<MarginBody> {
    return this.request("PUT", `/api/dynamic/${model}/margin`, { version, margin });
  }
  trainAutoencoder(model: string, settings: AutoencoderRequest) {
    return this.request<AutoencoderBody>("POST", `/train/autoencoder/${model}`, settings);
  }
  async batch(csv: string, hasHeader: boolean): Promise<BatchReport> {
    return (await this.request<BatchBody>("POST", "/detect_anomalies", { csv, has_header: hasHeader })).result;
  }
  exportModel(model: string): Promise<ModelBundle> {
    return this.request("GET", `/api/dynamic/${model}/export`);
  }
  importModel(model: string, bundle: ModelBundle): Promise<MessageBody> {
    return this.request("PUT", `/api/dynamic/${model}/import`, bundle);
  }

  subscribe(listener: (event: VerdictEvent) => void): () => void {
    const source = new EventSource(`${this.base}/api/dynamic/stream`);
    source.addEventListener("verdict", (e) => listener(JSON.parse((e as MessageEvent).data) as VerdictEvent));
    return () => source.close();
  }
}
