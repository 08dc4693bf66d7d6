// Ingestion from a stream, as the ingestor (streamIngest.ts) sees it: points
// arrive in partitions, a model's points always in the same partition and in
// order; each partition is read by one consumer at a time; a message is
// acknowledged only after its point is durable, so a consumer that dies
// leaves its unacknowledged messages to be read again by the next one (at
// least once). redisPointSource.ts implements it on Redis Streams. Kafka is
// the usual choice at scale and fits the same shape: a topic with
// `partitions` partitions keyed by model (partitionOf), read() a poll of one
// assigned partition from the committed offset, ack() an offset commit,
// publish() a produce to a verdicts topic. No Kafka-compatible broker is
// installable on the machines this project is tested on, so no adapter is
// shipped.

/** One point as produced: the model it is for and the record (same JSON as POST /detect/<model>). */
export interface StreamMessage {
  /** The source's position of the message (Redis stream id, Kafka offset). */
  id: string;
  model: string;
  /** The raw field as produced; the ingestor parses it (a malformed one gets an error verdict). */
  point: string;
}

/** What the ingestor answers for a message, in the shape POST /detect/<model> answers. */
export interface StreamVerdict {
  id: string;
  model: string;
  /** The HTTP status the same point would have got over HTTP. */
  status: number;
  body: unknown;
}

export interface PointSource {
  readonly partitions: number;
  /**
   * Up to `max` messages of `partition` in order, waiting up to `waitMs` for
   * one: first those delivered before and not acknowledged (a previous
   * consumer's, after a takeover), then new ones.
   */
  read(partition: number, max: number, waitMs: number): Promise<StreamMessage[]>;
  /** Marks messages done; called only once their points are durable. */
  ack(partition: number, ids: string[]): Promise<void>;
  /** Makes verdicts readable by producers (a verdict stream or topic per partition). */
  publish(partition: number, verdicts: StreamVerdict[]): Promise<void>;
  close(): Promise<void>;
}

/** The partition of a model's points: FNV-1a (32-bit) of the name, modulo the partition count. Producers use the same rule. */
export function partitionOf(model: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < model.length; i++) {
    hash ^= model.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}
