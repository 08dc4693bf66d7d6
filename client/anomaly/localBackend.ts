// AnomalyBackend over the engine in this browser: the service runs in the
// engine worker with models in IndexedDB. Answers are the service's bodies.
import * as Comlink from "comlink";
import type {
  AnomalyBackend,
  AutoencoderBody,
  AutoencoderRequest,
  BatchReport,
  DetectBody,
  FinetuneBody,
  MarginBody,
  MessageBody,
  MetadataJson,
  ModelBundle,
  ModelsList,
  RawRecord,
  ScheduleBody,
  ScheduleRequest,
  TrainedBody,
  VerdictBody,
  VerdictEvent,
  VerdictExtras,
} from "./api";
import { BackendError } from "./api";
import { engine, onEngineStart } from "./engine/engineClient";

let nextSubscription = 1;

export class LocalBackend implements AnomalyBackend {
  readonly kind = "local";
  readonly label = "this browser";

  private async call<T>(method: string, ...args: unknown[]): Promise<T> {
    try {
      return (await engine().call(method, args)) as T;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      throw new BackendError(message, /not found/.test(message) ? 404 : 400);
    }
  }

  listModels(): Promise<ModelsList> {
    return this.call("listModels");
  }
  metadata(model: string): Promise<MetadataJson> {
    return this.call("metadata", model);
  }
  async data(model: string, limit: number | "all"): Promise<RawRecord[]> {
    return (await this.call<{ data: RawRecord[] }>("data", model, limit)).data;
  }
  async detect(model: string, record: RawRecord): Promise<DetectBody> {
    return (await this.call<{ body: DetectBody }>("detect", model, record)).body;
  }
  detectOnly(model: string, record: RawRecord, extras: VerdictExtras = {}): Promise<VerdictBody> {
    return this.call("detectOnly", model, record, undefined, extras);
  }
  forceTrain(model: string) {
    return this.call<TrainedBody>("forceTrain", model);
  }
  reset(model: string): Promise<MessageBody> {
    return this.call("reset", model);
  }
  deleteModel(model: string): Promise<MessageBody> {
    return this.call("deleteModel", model);
  }
  setSchedule(model: string, schedule: ScheduleRequest): Promise<ScheduleBody> {
    return this.call("setSchedule", model, schedule);
  }
  finetune(model: string) {
    return this.call<FinetuneBody>("finetune", model);
  }
  setMargin(model: string, version: string, margin: number): Promise<MarginBody> {
    return this.call("setMargin", model, version, margin);
  }
  trainAutoencoder(model: string, settings: AutoencoderRequest) {
    return this.call<AutoencoderBody>("trainAutoencoder", model, settings);
  }
  async batch(csv: string, hasHeader: boolean): Promise<BatchReport> {
    return (await this.call<{ result: BatchReport }>("batch", csv, hasHeader)).result;
  }
  exportModel(model: string): Promise<ModelBundle> {
    return this.call("exportModel", model);
  }
  importModel(model: string, bundle: ModelBundle): Promise<MessageBody> {
    return this.call("importModel", model, bundle);
  }

  subscribe(listener: (event: VerdictEvent) => void): () => void {
    const id = nextSubscription++;
    const proxy = Comlink.proxy(listener);
    const attach = () => void engine().subscribe(id, proxy);
    attach();
    const off = onEngineStart(attach);
    return () => {
      off();
      void engine().unsubscribe(id);
    };
  }
}
