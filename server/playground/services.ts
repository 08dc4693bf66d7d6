// The long-lived pieces behind the playground routes (and the MCP tools):
// the limits, the compiler worker pool, the artifact store and the native
// build queue. One instance per server; tests make their own with a private
// artifact folder and clock.

import { sharedArtifacts, sharedCompileResults } from "../cluster/shared";
import type { CompilerRunner } from "../compiler/compilerRun";
import { ArtifactStore, type Artifacts } from "./artifacts";
import { BuildQueue } from "./buildQueue";
import { CompileCache } from "./compileCache";
import { CompilerPool } from "./compilerPool";
import { DebugRuns } from "./debugRuns";
import { limitsFromEnv, type PlaygroundLimits } from "./limits";

export interface PlaygroundServices {
  limits: PlaygroundLimits;
  compiler: CompilerPool;
  compileCache: CompileCache;
  /** Runs compiler.wasm: the cache in front of the worker pool. Builds use this. */
  compile: CompilerRunner;
  artifacts: Artifacts;
  nativeQueue: BuildQueue;
  /** Runs users' programs under the debugger (lang_debug), on threads of their own. */
  debugRuns: DebugRuns;
  /** Stops the workers and the sweep timer. */
  close(): Promise<void>;
}

export interface PlaygroundServicesOptions {
  limits?: Partial<PlaygroundLimits>;
  /** Clock of the artifact store (ms since the epoch). */
  now?: () => number;
  /** Start the periodic artifact sweep (default true). */
  sweep?: boolean;
}

export function createPlaygroundServices(options: PlaygroundServicesOptions = {}): PlaygroundServices {
  const limits = { ...limitsFromEnv(), ...options.limits };
  const compiler = new CompilerPool({
    workers: limits.compilerWorkers,
    timeoutMs: limits.compileTimeoutMs,
    nice: limits.compilerNice,
    maxQueued: limits.compileQueue,
    perClientRunning: limits.compileClientRunning,
    perClientQueued: limits.compileClientQueue,
    maxWaitMs: limits.compileMaxWaitMs,
    lightReserve: limits.compileLightReserve,
    lightMs: limits.compileLightMs,
    lightUseMs: limits.compileLightUseMs,
  });
  // Shared through S3 when S3_ENDPOINT is set (several instances).
  const compileCache = new CompileCache(limits.compileCacheBytes, sharedCompileResults());
  const budget = { ttlMs: limits.artifactTtlSeconds * 1000, maxBytes: limits.artifactMaxBytes, now: options.now };
  // S3 when S3_ENDPOINT is set (several instances), else the folder.
  const artifacts: Artifacts =
    sharedArtifacts({ prefix: "builds/", ...budget }) ?? new ArtifactStore({ dir: limits.artifactDir, ...budget });
  if (options.sweep !== false) artifacts.start(limits.artifactSweepSeconds * 1000);
  const nativeQueue = new BuildQueue({
    concurrency: limits.nativeConcurrency,
    maxWaiting: limits.nativeQueue,
    perClientRunning: limits.nativeClientRunning,
    perClientWaiting: limits.nativeClientQueue,
    maxWaitMs: limits.nativeMaxWaitMs,
  });
  const debugRuns = new DebugRuns(limits);
  return {
    limits,
    compiler,
    compileCache,
    compile: compileCache.wrap(compiler.run),
    artifacts,
    nativeQueue,
    debugRuns,
    async close() {
      artifacts.stop();
      await Promise.all([compiler.close(), debugRuns.close()]);
    },
  };
}
