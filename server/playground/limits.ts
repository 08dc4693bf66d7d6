// Every limit of the public playground, each read from one environment
// variable of the table in server/config/environment.ts (which also writes
// the README's table and the /docs description).
import {
  booleanVariable,
  type EnvironmentVariable,
  environmentVariable,
  integerVariable,
  textVariable,
} from "../config/environment";

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
  /** A lang_debug program running longer has its thread terminated. */
  debugTimeoutMs: number;
  /** The memory a lang_debug program may grow to. */
  debugMemoryMb: number;
  /** Threads running lang_debug programs. */
  debugThreads: number;
  /** A native build (clang + lld) running longer is killed and answered 504. */
  nativeTimeoutMs: number;
  /** Native builds running at once. */
  nativeConcurrency: number;
  /** Native builds waiting for a slot; one more is a 429. */
  nativeQueue: number;
  /** Compiles waiting for a compiler thread, all clients together; one more is a 429. */
  compileQueue: number;
  /** Compiles one client runs at once. */
  compileClientRunning: number;
  /** Compiles one client may have waiting; one more is a 429. */
  compileClientQueue: number;
  /** Longest wait for a compiler thread; past it (or expected past it) a 503. */
  compileMaxWaitMs: number;
  /** Compiler threads beyond COMPILER_WORKERS for light clients when the others are busy. */
  compileLightReserve: number;
  /** A client whose compiles average longer is not light. */
  compileLightMs: number;
  /** A client whose recent compile CPU is over this is not light, whatever its compiles' lengths. */
  compileLightUseMs: number;
  /** Native builds one client runs at once. */
  nativeClientRunning: number;
  /** Native builds one client may have waiting; one more is a 429. */
  nativeClientQueue: number;
  /** Longest wait for a native build slot; past it (or expected past it) a 503. */
  nativeMaxWaitMs: number;
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

/** Each numeric limit's variable; its range, default and meaning are in the table of server/config/environment.ts. */
const LIMIT_NAMES: Record<Key, string> = {
  maxSourceBytes: "MAX_SOURCE_BYTES",
  maxBodyBytes: "MAX_BODY_BYTES",
  compilerWorkers: "COMPILER_WORKERS",
  compileCacheBytes: "COMPILE_CACHE_BYTES",
  compilerNice: "COMPILER_NICE",
  compileTimeoutMs: "COMPILE_TIMEOUT_MS",
  debugTimeoutMs: "DEBUG_TIMEOUT_MS",
  debugMemoryMb: "DEBUG_MEMORY_MB",
  debugThreads: "DEBUG_THREADS",
  nativeTimeoutMs: "NATIVE_BUILD_TIMEOUT_MS",
  nativeConcurrency: "NATIVE_BUILD_CONCURRENCY",
  nativeQueue: "NATIVE_BUILD_QUEUE",
  compileQueue: "COMPILE_QUEUE",
  compileClientRunning: "COMPILE_CLIENT_RUNNING",
  compileClientQueue: "COMPILE_CLIENT_QUEUE",
  compileMaxWaitMs: "COMPILE_MAX_WAIT_MS",
  compileLightReserve: "COMPILE_LIGHT_RESERVE",
  compileLightMs: "COMPILE_LIGHT_MS",
  compileLightUseMs: "COMPILE_LIGHT_USE_MS",
  nativeClientRunning: "NATIVE_BUILD_CLIENT_RUNNING",
  nativeClientQueue: "NATIVE_BUILD_CLIENT_QUEUE",
  nativeMaxWaitMs: "NATIVE_BUILD_MAX_WAIT_MS",
  wasmBuildsPerMinute: "RATE_LIMIT_WASM_PER_MINUTE",
  nativeBuildsPerMinute: "RATE_LIMIT_NATIVE_PER_MINUTE",
  maxOutputBytes: "MAX_OUTPUT_BYTES",
  artifactTtlSeconds: "ARTIFACT_TTL_SECONDS",
  artifactMaxBytes: "ARTIFACT_MAX_BYTES",
  artifactSweepSeconds: "ARTIFACT_SWEEP_SECONDS",
  shareTtlSeconds: "SHARE_TTL_SECONDS",
  shareMaxBytes: "SHARE_MAX_BYTES",
  shareProgramBytes: "SHARE_PROGRAM_BYTES",
};

/** The numeric limits' entries of the table of every environment variable. */
export const LIMIT_VARIABLES: readonly (EnvironmentVariable & { key: Key })[] = (
  Object.entries(LIMIT_NAMES) as [Key, string][]
).map(([key, name]) => ({ ...environmentVariable(name), key }));

/** The limits from an environment; a malformed value is an error naming the variable. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): PlaygroundLimits {
  const numbers = {} as Record<Key, number>;
  for (const v of LIMIT_VARIABLES) numbers[v.key] = integerVariable(env, v.name);
  const publicUrl = textVariable(env, "PUBLIC_URL") ?? null;
  return {
    ...numbers,
    artifactDir: textVariable(env, "ARTIFACT_DIR") as string,
    shareDir: textVariable(env, "SHARE_DIR") as string,
    publicUrl: publicUrl?.replace(/\/+$/, "") ?? null,
    trustProxy: booleanVariable(env, "TRUST_PROXY"),
  };
}
