// The anomaly service's scale-out mode, chosen by the environment: with
// ANOMALY_DATABASE_URL set, models live in PostgreSQL (pgModelStore.ts), each
// owned by one instance at a time (modelLeases.ts), and requests for a model
// reach its owner (modelOwner.ts). Unset, nothing here is made and the file
// store stays the default.
import type { MiddlewareHandler } from "hono";
import { Redis } from "ioredis";
import pg from "pg";
import type { DetectAnswer, ModelStore } from "../../anomaly";
import { ModelLeases } from "./modelLeases";
import { modelOwnerGate } from "./modelOwner";
import { createSchema, PgModelStore } from "./pgModelStore";
import { RedisPointSource } from "./redisPointSource";
import { clusterSettingsFromEnv } from "./settings";
import { StreamIngest } from "./streamIngest";

export interface AnomalyCluster {
  /** Where the models are, for the startup line. */
  description: string;
  store: ModelStore;
  /** Put before every route that names a model (MODEL_ROUTES). */
  gate: MiddlewareHandler;
  /**
   * Starts reading points from Redis Streams when ANOMALY_STREAM_PARTITIONS
   * is set (after the app exists: models owned elsewhere go through it).
   */
  startStreams(
    detect: (model: string, record: unknown) => Promise<DetectAnswer>,
    request: (path: string, init: RequestInit) => Promise<Response> | Response,
  ): void;
  /** Hands the leases back (the others take the models at once), then closes the pool. */
  close(): Promise<void>;
}

/**
 * Synchronous, so the entry point needs no top-level await (the server is
 * bundled to CommonJS); the tables are created in the background and every
 * statement waits for them. Throws on a malformed variable.
 */
export function openAnomalyCluster(env: NodeJS.ProcessEnv = process.env): AnomalyCluster | null {
  const settings = clusterSettingsFromEnv(env).anomaly;
  if (settings === null) return null;
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 8 });
  // A dropped idle connection is replaced by the pool; without a listener it would crash the process.
  pool.on("error", (error) => console.error(`[cluster] PostgreSQL connection lost: ${error.message}`));
  const ready = createSchema(pool);
  ready.catch((error: Error) => console.error(`[cluster] anomaly tables not created: ${error.message}`));
  const leases = new ModelLeases(pool, { address: settings.advertiseUrl, leaseMs: settings.leaseMs, ready });
  let streams: StreamIngest | null = null;
  let streamRedis: Redis | null = null;
  return {
    description: `PostgreSQL (${new URL(settings.databaseUrl).host}), this instance at ${settings.advertiseUrl}`,
    store: new PgModelStore(pool, leases, ready),
    gate: modelOwnerGate(leases),
    startStreams(detect, request) {
      if (settings.streamPartitions === 0 || streams !== null) return;
      streamRedis = new Redis(env.REDIS_URL ?? "", { maxRetriesPerRequest: 2 });
      const source = new RedisPointSource(streamRedis, settings.streamPartitions);
      streams = new StreamIngest({ source, leases, detect, request });
    },
    async close() {
      await streams?.close();
      streamRedis?.disconnect();
      await leases.release().catch(() => undefined);
      await pool.end();
    },
  };
}
