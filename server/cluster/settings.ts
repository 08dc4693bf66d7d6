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

export interface ClusterSettings {
  s3: S3Settings | null;
  redisUrl: string | null;
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
  return { s3, redisUrl };
}
