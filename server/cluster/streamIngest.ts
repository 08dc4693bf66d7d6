// Ingestion from a stream (pointSource.ts) beside HTTP, for high-volume
// producers. Each partition is consumed by one instance at a time: a lease
// `stream:<p>` in the same table as the model leases (modelLeases.ts), each
// instance taking its fair share (partitions / live instances) and giving
// back what is over it when instances join. A batch read from a partition
// is split by model, in order: a model this instance owns goes straight to
// the service (one group commit for its points); a model owned elsewhere
// goes through this instance's own HTTP routes, whose owner gate forwards it.
// Messages are acknowledged only after every point of the batch is durable;
// a failure leaves the batch unacknowledged, to be read again (at least
// once: a crash between durable and acknowledged stores those points twice).
import type { DetectAnswer } from "../../anomaly";
import type { ModelLeases } from "./modelLeases";
import type { PointSource, StreamMessage, StreamVerdict } from "./pointSource";

export interface StreamIngestOptions {
  source: PointSource & { drop?(partition: number): void };
  leases: ModelLeases;
  /** The service's ingest (AnomalyService.detect). */
  detect(model: string, record: unknown): Promise<DetectAnswer>;
  /** This instance's HTTP app (app.request), for models another instance owns. */
  request(path: string, init: RequestInit): Promise<Response> | Response;
  /** Messages per read (default 500). */
  batch?: number;
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const leaseKey = (partition: number) => `stream:${partition}`;

export class StreamIngest {
  private running = true;
  private readonly loops: Promise<void>[] = [];
  private readonly held = new Set<number>();
  private share = 1;
  private readonly shareTimer: NodeJS.Timeout;

  constructor(private readonly options: StreamIngestOptions) {
    const { partitions } = options.source;
    this.share = partitions;
    void this.updateShare();
    this.shareTimer = setInterval(() => void this.updateShare(), options.leases.leaseMs);
    this.shareTimer.unref();
    for (let p = 0; p < partitions; p++) this.loops.push(this.loop(p));
  }

  /** Stops reading; what was read and not yet acknowledged is left to the next consumer. */
  async close(): Promise<void> {
    this.running = false;
    clearInterval(this.shareTimer);
    await Promise.all(this.loops);
    await this.options.source.close();
  }

  private async updateShare(): Promise<void> {
    const live = await this.options.leases.liveInstances().catch(() => 1);
    this.share = Math.ceil(this.options.source.partitions / Math.max(1, live));
  }

  private async loop(partition: number): Promise<void> {
    const { source, leases } = this.options;
    const log = this.options.log ?? ((line: string) => console.error(line));
    // Partitions are tried in a different order by each instance, so they do not all race for partition 0.
    while (this.running) {
      try {
        if (!(await this.mine(partition))) {
          await sleep(Math.min(1000, leases.leaseMs / 2));
          continue;
        }
        const messages = await source.read(partition, this.options.batch ?? 500, 500);
        if (messages.length === 0) continue;
        const verdicts = await this.ingest(messages);
        await source.publish(partition, verdicts);
        await source.ack(
          partition,
          messages.map((m) => m.id),
        );
      } catch (error) {
        log(`[stream] partition ${partition}: ${(error as Error).message}; retrying`);
        source.drop?.(partition);
        await sleep(500);
      }
    }
  }

  /** Whether this instance consumes `partition` now: keeps it, takes it within its share, or gives it back past it. */
  private async mine(partition: number): Promise<boolean> {
    const { leases, source } = this.options;
    const key = leaseKey(partition);
    if (this.held.has(partition)) {
      if (this.held.size > this.share) {
        this.held.delete(partition);
        source.drop?.(partition);
        await leases.giveBack(key);
        return false;
      }
      if ((await leases.acquire(key)) === null) return true;
      this.held.delete(partition);
      source.drop?.(partition);
      return false;
    }
    if (this.held.size >= this.share) return false;
    if ((await leases.acquire(key)) !== null) return false;
    this.held.add(partition);
    return true;
  }

  /** The verdicts of a batch, in order, once every point in it is durable; throws (nothing to acknowledge) otherwise. */
  private async ingest(messages: StreamMessage[]): Promise<StreamVerdict[]> {
    const byModel = new Map<string, StreamMessage[]>();
    for (const m of messages) {
      const list = byModel.get(m.model) ?? [];
      list.push(m);
      byModel.set(m.model, list);
    }
    const verdicts = new Map<string, StreamVerdict>();
    await Promise.all(
      [...byModel].map(async ([model, list]) => {
        const own = (await this.options.leases.acquire(model).catch(() => "unknown")) === null;
        if (own) {
          // Queued in order in one turn, so the service commits them as one batch.
          const answers = await Promise.allSettled(list.map((m) => this.options.detect(model, parse(m.point))));
          answers.forEach((answer, i) => {
            const m = list[i];
            if (answer.status === "fulfilled") {
              verdicts.set(m.id, { id: m.id, model, status: answer.value.httpStatus, body: answer.value.body });
              return;
            }
            const status = (answer.reason as { status?: number }).status;
            // A point the service refuses (bad input) is answered, not retried forever.
            if (typeof status !== "number" || status >= 500) throw answer.reason;
            verdicts.set(m.id, { id: m.id, model, status, body: { status: "error", message: answer.reason.message } });
          });
          return;
        }
        for (const m of list) {
          const res = await this.options.request(`/detect/${encodeURIComponent(model)}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: m.point,
          });
          if (res.status >= 500) throw new Error(`model ${model}: HTTP ${res.status} ${await res.text()}`);
          verdicts.set(m.id, { id: m.id, model, status: res.status, body: await res.json() });
        }
      }),
    );
    return messages.map((m) => verdicts.get(m.id) as StreamVerdict);
  }
}

/** A point that is not JSON reaches the service as the raw text, which refuses it as HTTP would. */
function parse(point: string): unknown {
  try {
    return JSON.parse(point);
  } catch {
    return point;
  }
}
