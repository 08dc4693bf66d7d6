// Shared-state settings for running several instances, from the environment
// only. Unset, every instance keeps its single-machine defaults (disk store,
// in-memory rate limits). Each variable's kind, default and meaning are in
// the table of config/environment.ts; the rules between variables are here.
import { integerVariable, textVariable } from "../config/environment";

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
  const endpoint = textVariable(env, "S3_ENDPOINT");
  let s3: S3Settings | null = null;
  if (endpoint) {
    const need = (name: string): string => {
      const value = textVariable(env, name);
      if (!value) throw new Error(`S3_ENDPOINT is set, so ${name} must be set too`);
      return value;
    };
    s3 = {
      endpoint,
      region: textVariable(env, "S3_REGION") as string,
      bucket: need("S3_BUCKET"),
      accessKeyId: need("S3_ACCESS_KEY_ID"),
      secretAccessKey: need("S3_SECRET_ACCESS_KEY"),
    };
  }
  const redisUrl = textVariable(env, "REDIS_URL") ?? null;
  return { s3, redisUrl, anomaly: anomalySettings(env) };
}

function anomalySettings(env: NodeJS.ProcessEnv): AnomalyClusterSettings | null {
  const databaseUrl = textVariable(env, "ANOMALY_DATABASE_URL");
  if (!databaseUrl) return null;
  const advertiseUrl = textVariable(env, "ANOMALY_ADVERTISE_URL");
  if (!advertiseUrl) {
    throw new Error(
      "ANOMALY_DATABASE_URL is set, so ANOMALY_ADVERTISE_URL must be this instance's http(s) address for the others",
    );
  }
  const leaseMs = integerVariable(env, "ANOMALY_LEASE_MS");
  const streamPartitions = integerVariable(env, "ANOMALY_STREAM_PARTITIONS");
  if (streamPartitions > 0 && !textVariable(env, "REDIS_URL")) {
    throw new Error("ANOMALY_STREAM_PARTITIONS is set, so REDIS_URL must be set too (the streams are in Redis)");
  }
  return { databaseUrl, advertiseUrl: advertiseUrl.replace(/\/+$/, ""), leaseMs, streamPartitions };
}
