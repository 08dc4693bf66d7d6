// The state that several instances share, made once per process from the
// environment (settings.ts): an S3 client for the artifact and share stores
// and a Redis client for rate-limit counters. With neither variable set this
// module creates nothing and every caller keeps its single-machine default.
import type { S3Client } from "@aws-sdk/client-s3";
import type { Store } from "hono-rate-limiter";
import { Redis } from "ioredis";
import type { Artifacts } from "../playground/artifacts";
import { redisRateStore } from "./redisRateStore";
import { S3ArtifactStore, type S3ArtifactStoreOptions, s3Client, setLifecycle } from "./s3Artifacts";
import { COMPILE_CACHE_PREFIX, S3CompileResults } from "./s3CompileResults";
import { type ClusterSettings, clusterSettingsFromEnv } from "./settings";

interface ClusterState {
  settings: ClusterSettings;
  s3: S3Client | null;
  redis: Redis | null;
  prefixes: { prefix: string; ttlMs: number }[];
  /** Lifecycle updates in order: each sends every prefix known so far. */
  lifecycle: Promise<void>;
}

let state: ClusterState | undefined;

function cluster(): ClusterState {
  if (!state) {
    const settings = clusterSettingsFromEnv();
    state = {
      settings,
      s3: settings.s3 ? s3Client(settings.s3) : null,
      redis: settings.redisUrl ? new Redis(settings.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : null,
      prefixes: [],
      lifecycle: Promise.resolve(),
    };
  }
  return state;
}

/** Adds `prefix` to the bucket's lifecycle rules (each update sends every prefix known so far). */
function expireUnder(c: ClusterState, prefix: string, ttlMs: number): void {
  const client = c.s3;
  const bucket = c.settings.s3?.bucket;
  if (!client || !bucket) return;
  c.prefixes.push({ prefix, ttlMs });
  const rules = [...c.prefixes];
  c.lifecycle = c.lifecycle
    .then(() => setLifecycle(client, bucket, rules))
    .catch((error: Error) => console.error(`[cluster] S3 bucket or lifecycle rule not set: ${error.message}`));
}

/** An S3 store for `prefix` when S3_ENDPOINT is set; null keeps the disk store. */
export function sharedArtifacts(options: S3ArtifactStoreOptions): S3ArtifactStore | null {
  const c = cluster();
  if (!c.s3 || !c.settings.s3) return null;
  expireUnder(c, options.prefix, options.ttlMs);
  return new S3ArtifactStore(c.s3, c.settings.s3.bucket, options);
}

/** How long a shared compile result stays unused before the bucket drops it (the lifecycle rule adds a day). */
const COMPILE_RESULT_TTL_MS = 6 * 24 * 3600 * 1000;

/** The compile cache's S3 tier when S3_ENDPOINT is set; null: each instance caches alone. */
export function sharedCompileResults(): S3CompileResults | null {
  const c = cluster();
  if (!c.s3 || !c.settings.s3) return null;
  expireUnder(c, COMPILE_CACHE_PREFIX, COMPILE_RESULT_TTL_MS);
  return new S3CompileResults(c.s3, c.settings.s3.bucket);
}

/** Whether a store is the shared one (used by /health to say what it checks). */
export function isShared(store: Artifacts): boolean {
  return store instanceof S3ArtifactStore;
}

/** Rate-limit counters in Redis when REDIS_URL is set; undefined keeps the in-process counters. */
export function sharedRateStore(prefix: string): Store | undefined {
  const { redis } = cluster();
  return redis ? redisRateStore(redis, `rl:${prefix}:`) : undefined;
}

/**
 * Readiness of the shared services this instance depends on: null where not
 * configured, else whether it answered. An instance whose S3 or Redis is
 * down is not ready, so the balancer sends its traffic elsewhere.
 */
export async function sharedReadiness(): Promise<{ s3: boolean | null; redis: boolean | null }> {
  const c = cluster();
  const redis = c.redis
    ? await c.redis.ping().then(
        (r) => r === "PONG",
        () => false,
      )
    : null;
  let s3: boolean | null = null;
  if (c.s3 && c.settings.s3) {
    const { HeadBucketCommand } = await import("@aws-sdk/client-s3");
    s3 = await c.lifecycle
      .then(() => c.s3?.send(new HeadBucketCommand({ Bucket: c.settings.s3?.bucket })))
      .then(
        () => true,
        () => false,
      );
  }
  return { s3, redis };
}
