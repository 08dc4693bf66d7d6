// PointSource on Redis Streams: partition p is the stream
// `anomaly:points:<p>` (entries with fields `model` and `point`), read
// through the consumer group `anomaly-ingest` by the consumer `p<p>`. The
// consumer's name is the partition's, not the instance's, so whichever
// instance holds the partition (streamIngest.ts) inherits the pending
// entries of the one before it and reads them first. Verdicts go to
// `anomaly:verdicts:<p>` (fields `id`, `model`, `status`, `body`).
import type { Redis } from "ioredis";
import type { PointSource, StreamMessage, StreamVerdict } from "./pointSource";

export const POINTS_STREAM = "anomaly:points:";
export const VERDICTS_STREAM = "anomaly:verdicts:";
const GROUP = "anomaly-ingest";
/** Verdict streams are trimmed to about this many entries per partition. */
const VERDICTS_KEPT = 100_000;

type Entries = [string, string[]][];

export class RedisPointSource implements PointSource {
  /** One connection per partition: a blocking read holds its connection. */
  private readonly readers = new Map<number, Redis>();
  /** Partitions whose pending entries are all read again (per reader; reset when a reader is made). */
  private readonly caughtUp = new Set<number>();
  private readonly groups = new Map<number, Promise<void>>();

  constructor(
    private readonly redis: Redis,
    readonly partitions: number,
  ) {}

  async read(partition: number, max: number, waitMs: number): Promise<StreamMessage[]> {
    await this.group(partition);
    const reader = this.reader(partition);
    const key = `${POINTS_STREAM}${partition}`;
    const consumer = `p${partition}`;
    if (!this.caughtUp.has(partition)) {
      // "0": entries delivered to this consumer before and never acknowledged.
      const pending = (await reader.xreadgroup("GROUP", GROUP, consumer, "COUNT", max, "STREAMS", key, "0")) as
        | [string, Entries][]
        | null;
      const entries = pending?.[0]?.[1] ?? [];
      if (entries.length > 0) return entries.map(toMessage);
      this.caughtUp.add(partition);
    }
    const fresh = (await reader.xreadgroup(
      "GROUP",
      GROUP,
      consumer,
      "COUNT",
      max,
      "BLOCK",
      waitMs,
      "STREAMS",
      key,
      ">",
    )) as [string, Entries][] | null;
    return (fresh?.[0]?.[1] ?? []).map(toMessage);
  }

  async ack(partition: number, ids: string[]): Promise<void> {
    if (ids.length > 0) await this.redis.xack(`${POINTS_STREAM}${partition}`, GROUP, ...ids);
  }

  async publish(partition: number, verdicts: StreamVerdict[]): Promise<void> {
    if (verdicts.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const v of verdicts) {
      pipeline.xadd(
        `${VERDICTS_STREAM}${partition}`,
        "MAXLEN",
        "~",
        VERDICTS_KEPT,
        "*",
        "id",
        v.id,
        "model",
        v.model,
        "status",
        String(v.status),
        "body",
        JSON.stringify(v.body),
      );
    }
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error !== null);
    if (failed) throw failed[0];
  }

  /** Forget a partition's reader (it moved to another instance): a later take starts with its pending entries again. */
  drop(partition: number): void {
    this.readers.get(partition)?.disconnect();
    this.readers.delete(partition);
    this.caughtUp.delete(partition);
  }

  async close(): Promise<void> {
    for (const partition of [...this.readers.keys()]) this.drop(partition);
  }

  private reader(partition: number): Redis {
    let reader = this.readers.get(partition);
    if (reader === undefined) {
      reader = this.redis.duplicate();
      this.readers.set(partition, reader);
      this.caughtUp.delete(partition);
    }
    return reader;
  }

  /** Creates the group once (from the stream's start, so points produced before any instance ran are read). */
  private group(partition: number): Promise<void> {
    let made = this.groups.get(partition);
    if (made === undefined) {
      made = this.redis.xgroup("CREATE", `${POINTS_STREAM}${partition}`, GROUP, "0", "MKSTREAM").then(
        () => undefined,
        (error: Error) => {
          if (!error.message.includes("BUSYGROUP")) throw error;
        },
      );
      made.catch(() => this.groups.delete(partition));
      this.groups.set(partition, made);
    }
    return made;
  }
}

function toMessage([id, fields]: [string, string[]]): StreamMessage {
  const field = (name: string) => {
    const i = fields.indexOf(name);
    return i >= 0 && i % 2 === 0 ? fields[i + 1] : "";
  };
  return { id, model: field("model"), point: field("point") };
}
