// Shared-state settings for running several instances, from the environment
// only. Unset, every instance keeps its single-machine defaults (disk store,
// in-memory rate limits). The variables are documented in the one table of
// playground/limits.ts (CLUSTER_VARIABLES there), which the README repeats.
export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The anomaly models in PostgreSQL, one owner per model (ANOMALY_DATABASE_URL). */
export interface AnomalyClusterSettings {
  databaseUrl: string;
  /** Where the other instances forward requests for the models this one owns. */
  advertiseUrl: string;
  leaseMs: number;
  /** Redis Streams ingestion: the number of partitions (0: off). Needs REDIS_URL. */
  streamPartitions: number;
}

export interface ClusterSettings {
  s3: S3Settings | null;
  redisUrl: string | null;
  anomaly: AnomalyClusterSettings | null;
}

/** A partial S3 configuration is an error naming the missing variable, not a silent fallback to disk. */
export function clusterSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ClusterSettings {
  const endpoint = env.S3_ENDPOINT?.trim();
  let s3: S3Settings | null = null;
  if (endpoint) {
    if (!/^https?:\/\/[^/]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
    const need = (name: string): string => {
      const value = env[name]?.trim();
      if (!value) throw new Error(`S3_ENDPOINT is set, so ${name} must be set too`);
      return value;
    };
    s3 = {
      endpoint,
      region: env.S3_REGION?.trim() || "us-east-1",
      bucket: need("S3_BUCKET"),
      accessKeyId: need("S3_ACCESS_KEY_ID"),
      secretAccessKey: need("S3_SECRET_ACCESS_KEY"),
    };
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) {
    throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${redisUrl}"`);
  }
  return { s3, redisUrl, anomaly: anomalySettings(env) };
}

function anomalySettings(env: NodeJS.ProcessEnv): AnomalyClusterSettings | null {
  const databaseUrl = env.ANOMALY_DATABASE_URL?.trim();
  if (!databaseUrl) return null;
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(`ANOMALY_DATABASE_URL must be a postgres:// URL, got "${databaseUrl}"`);
  }
  const advertiseUrl = env.ANOMALY_ADVERTISE_URL?.trim();
  if (!advertiseUrl || !/^https?:\/\/[^/]+/.test(advertiseUrl)) {
    throw new Error(
      `ANOMALY_DATABASE_URL is set, so ANOMALY_ADVERTISE_URL must be this instance's http(s) address for the others, got "${advertiseUrl ?? ""}"`,
    );
  }
  const leaseText = env.ANOMALY_LEASE_MS?.trim() || "10000";
  const leaseMs = Number(leaseText);
  if (!Number.isInteger(leaseMs) || leaseMs < 500 || leaseMs > 600_000) {
    throw new Error(`ANOMALY_LEASE_MS must be an integer from 500 to 600000, got "${leaseText}"`);
  }
  const partitionText = env.ANOMALY_STREAM_PARTITIONS?.trim() || "0";
  const streamPartitions = Number(partitionText);
  if (!Number.isInteger(streamPartitions) || streamPartitions < 0 || streamPartitions > 1024) {
    throw new Error(`ANOMALY_STREAM_PARTITIONS must be an integer from 0 to 1024, got "${partitionText}"`);
  }
  if (streamPartitions > 0 && !env.REDIS_URL?.trim()) {
    throw new Error("ANOMALY_STREAM_PARTITIONS is set, so REDIS_URL must be set too (the streams are in Redis)");
  }
  return { databaseUrl, advertiseUrl: advertiseUrl.replace(/\/+$/, ""), leaseMs, streamPartitions };
}
