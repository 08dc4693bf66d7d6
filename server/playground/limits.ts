// Every limit of the public playground, each read from one environment
// variable. LIMIT_VARIABLES is the single list: the README table and the
// /docs description are written from it, so the documentation cannot drift
// from what the server reads.
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";

export interface PlaygroundLimits {
  /** Largest accepted program source, in UTF-8 bytes (413 beyond). */
  maxSourceBytes: number;
  /** Largest accepted JSON request body, in bytes (413 beyond). */
  maxBodyBytes: number;
  /** compiler.wasm worker threads. */
  compilerWorkers: number;
  /** Bytes of remembered compile results; 0 turns the cache off. */
  compileCacheBytes: number;
  /** Nice value of the compiler threads (Linux); above 0 keeps requests ahead of compiles. */
  compilerNice: number;
  /** A compile running longer is stopped and answered 504. */
  compileTimeoutMs: number;
  /** A native build (clang + lld) running longer is killed and answered 504. */
  nativeTimeoutMs: number;
  /** Native builds running at once. */
  nativeConcurrency: number;
  /** Native builds waiting for a slot; one more is a 429. */
  nativeQueue: number;
  /** Builds per client per minute on the wasm route; 0 turns the limit off. */
  wasmBuildsPerMinute: number;
  /** Builds per client per minute on the native routes; 0 turns the limit off. */
  nativeBuildsPerMinute: number;
  /** Largest executable a native build may write. */
  maxOutputBytes: number;
  artifactDir: string;
  artifactTtlSeconds: number;
  artifactMaxBytes: number;
  artifactSweepSeconds: number;
  /** Folder of short links (POST /share), kept across restarts. */
  shareDir: string;
  shareTtlSeconds: number;
  shareMaxBytes: number;
  /** Largest single shared workspace, in bytes (413 beyond). */
  shareProgramBytes: number;
  /** Base of download URLs (e.g. https://play.example.org); else taken from the request. */
  publicUrl: string | null;
  /** Whether X-Forwarded-For names the client for rate limiting (only behind a proxy you run). */
  trustProxy: boolean;
}

type Key = Exclude<keyof PlaygroundLimits, "artifactDir" | "shareDir" | "publicUrl" | "trustProxy">;

interface Variable {
  name: string;
  key: Key;
  defaultValue: number;
  /** Smallest allowed value (0 where 0 means "off"). */
  min: number;
  description: string;
  max?: number;
  /** The default as documented, where it depends on the machine. */
  shown?: string;
}

const cores = availableParallelism();

export const LIMIT_VARIABLES: readonly Variable[] = [
  {
    name: "MAX_SOURCE_BYTES",
    key: "maxSourceBytes",
    defaultValue: 1 << 20,
    min: 1,
    description: "largest program source in UTF-8 bytes; larger is a 413",
  },
  {
    name: "MAX_BODY_BYTES",
    key: "maxBodyBytes",
    defaultValue: 4 << 20,
    min: 1024,
    description: "largest JSON request body in bytes; larger is a 413",
  },
  {
    name: "COMPILER_WORKERS",
    key: "compilerWorkers",
    defaultValue: cores,
    shown: "cores",
    min: 1,
    description: "worker threads running compiler.wasm",
  },
  {
    name: "COMPILE_CACHE_BYTES",
    key: "compileCacheBytes",
    defaultValue: 64 << 20,
    min: 0,
    description:
      "memory for remembered compile results (the compiler is deterministic, so a repeated build is answered without compiling); 0 turns it off",
  },
  {
    name: "COMPILER_NICE",
    key: "compilerNice",
    defaultValue: 0,
    min: 0,
    max: 19,
    description:
      "nice value (0-19) of the compiler threads on Linux; e.g. 10 keeps /health and downloads fast while every worker is busy, at the cost of compiles when other programs compete for the CPU",
  },
  {
    name: "COMPILE_TIMEOUT_MS",
    key: "compileTimeoutMs",
    defaultValue: 10_000,
    min: 100,
    description: "time limit of one compile; past it the worker is stopped and the answer is a 504",
  },
  {
    name: "NATIVE_BUILD_TIMEOUT_MS",
    key: "nativeTimeoutMs",
    defaultValue: 30_000,
    min: 100,
    description: "time limit of one native build (compile + clang + link); past it a 504",
  },
  {
    name: "NATIVE_BUILD_CONCURRENCY",
    key: "nativeConcurrency",
    defaultValue: cores,
    shown: "cores",
    min: 1,
    description: "native builds running at once",
  },
  {
    name: "NATIVE_BUILD_QUEUE",
    key: "nativeQueue",
    defaultValue: 4 * cores,
    shown: "4 × cores",
    min: 0,
    description: "native builds waiting for a slot; one more is a 429 with Retry-After",
  },
  {
    name: "RATE_LIMIT_WASM_PER_MINUTE",
    key: "wasmBuildsPerMinute",
    defaultValue: 300,
    min: 0,
    description: "POST /build_wasm requests per client per minute (0: no limit); beyond it a 429 with Retry-After",
  },
  {
    name: "RATE_LIMIT_NATIVE_PER_MINUTE",
    key: "nativeBuildsPerMinute",
    defaultValue: 60,
    min: 0,
    description: "native build requests per client per minute (0: no limit); beyond it a 429 with Retry-After",
  },
  {
    name: "MAX_OUTPUT_BYTES",
    key: "maxOutputBytes",
    defaultValue: 64 << 20,
    min: 1024,
    description: "largest executable a native build may write",
  },
  {
    name: "ARTIFACT_TTL_SECONDS",
    key: "artifactTtlSeconds",
    defaultValue: 3600,
    min: 1,
    description: "how long a build's downloads stay available",
  },
  {
    name: "ARTIFACT_MAX_BYTES",
    key: "artifactMaxBytes",
    defaultValue: 1 << 30,
    min: 1,
    description: "disk budget of all stored downloads; the oldest builds are evicted first",
  },
  {
    name: "ARTIFACT_SWEEP_SECONDS",
    key: "artifactSweepSeconds",
    defaultValue: 60,
    min: 1,
    description: "how often expired downloads are deleted",
  },
  {
    name: "SHARE_TTL_SECONDS",
    key: "shareTtlSeconds",
    defaultValue: 90 * 24 * 3600,
    min: 1,
    description:
      "how long a short link (POST /share) lives after it was last shared; sharing the same workspace again renews it",
  },
  {
    name: "SHARE_MAX_BYTES",
    key: "shareMaxBytes",
    defaultValue: 256 << 20,
    min: 1024,
    description:
      "disk quota of all short links; past it POST /share answers 507 until links expire (long links in the URL need no storage)",
  },
  {
    name: "SHARE_PROGRAM_BYTES",
    key: "shareProgramBytes",
    defaultValue: 256 * 1024,
    min: 1024,
    description: "largest shared workspace (every file, stdin) in UTF-8 bytes; larger is a 413",
  },
];

/** The variables that are not numbers, documented beside the numeric ones. */
export const OTHER_VARIABLES: readonly { name: string; description: string }[] = [
  {
    name: "ARTIFACT_DIR",
    description:
      "folder of stored downloads, kept across restarts (default: <tmp>/pith-artifacts; images: /data/artifacts)",
  },
  {
    name: "SHARE_DIR",
    description: "folder of short links, kept across restarts (default: <tmp>/pith-shares; images: /data/shares)",
  },
  {
    name: "PUBLIC_URL",
    description:
      "the address users reach (e.g. `https://play.example.com`): base of absolute download URLs, and a host MCP requests may name; unset, URLs come from Host / X-Forwarded-Proto / X-Forwarded-Host",
  },
  {
    name: "S3_ENDPOINT",
    description:
      "several instances: S3 API address (e.g. `http://127.0.0.1:7480`); set, downloads and short links live in S3_BUCKET under `builds/` and `shares/` instead of the folders, with the same TTLs and quotas, downloads answer a 302 to a signed URL valid 60 s, and compile results are shared under `compile-cache/`",
  },
  {
    name: "S3_BUCKET",
    description:
      "bucket of downloads, short links and shared compile results (required with S3_ENDPOINT; created if missing)",
  },
  { name: "S3_REGION", description: "region of S3_ENDPOINT (default: us-east-1)" },
  { name: "S3_ACCESS_KEY_ID", description: "S3 access key (required with S3_ENDPOINT)" },
  { name: "S3_SECRET_ACCESS_KEY", description: "S3 secret key (required with S3_ENDPOINT)" },
  {
    name: "REDIS_URL",
    description:
      "several instances: `redis://host:port`; set, the build rate limits count across every instance instead of per process",
  },
  {
    name: "ANOMALY_DATABASE_URL",
    description:
      "several instances: `postgres://user@host:port/db`; set, anomaly models live in PostgreSQL instead of ANOMALY_HOME, each owned by one instance at a time",
  },
  {
    name: "ANOMALY_ADVERTISE_URL",
    description:
      "this instance's address as the other instances reach it (e.g. `http://10.0.0.5:8000`), where they forward requests for the models it owns (required with ANOMALY_DATABASE_URL)",
  },
  {
    name: "ANOMALY_LEASE_MS",
    description:
      "how long a model stays with an instance that stopped renewing its lease (default 10000); a dead instance's models move after it",
  },
  {
    name: "ANOMALY_STREAM_PARTITIONS",
    description:
      "Redis Streams ingestion: number of partitions `anomaly:points:<p>` read (default 0: off; needs REDIS_URL and ANOMALY_DATABASE_URL)",
  },
  {
    name: "TRUST_PROXY",
    description: "1 to key rate limits on X-Forwarded-For (only behind your own proxy); default: the socket address",
  },
];

/** The limits from an environment; a malformed value is an error naming the variable. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): PlaygroundLimits {
  const numbers = {} as Record<Key, number>;
  for (const v of LIMIT_VARIABLES) {
    const raw = env[v.name]?.trim();
    const value = raw ? Number(raw) : v.defaultValue;
    if (!Number.isInteger(value) || value < v.min || value > (v.max ?? Number.MAX_SAFE_INTEGER)) {
      const range = v.max === undefined ? `>= ${v.min}` : `from ${v.min} to ${v.max}`;
      throw new Error(`${v.name} must be an integer ${range}, got "${raw}"`);
    }
    numbers[v.key] = value;
  }
  const publicUrl = env.PUBLIC_URL?.trim() || null;
  if (publicUrl !== null && !/^https?:\/\/[^/]+/.test(publicUrl)) {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${publicUrl}"`);
  }
  return {
    ...numbers,
    artifactDir: env.ARTIFACT_DIR?.trim() || join(tmpdir(), "pith-artifacts"),
    shareDir: env.SHARE_DIR?.trim() || join(tmpdir(), "pith-shares"),
    publicUrl: publicUrl?.replace(/\/+$/, "") ?? null,
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
  };
}

/** The limits as a Markdown table, for /docs and the README. */
export function limitsTable(): string {
  const rows = [
    ...LIMIT_VARIABLES.map((v) => `| \`${v.name}\` | ${v.shown ?? v.defaultValue} | ${v.description} |`),
    ...OTHER_VARIABLES.map((v) => `| \`${v.name}\` | | ${v.description} |`),
  ];
  return ["| variable | default | meaning |", "|---|---|---|", ...rows].join("\n");
}
