// The long-lived pieces behind the playground routes (and the MCP tools):
// the limits, the compiler worker pool, the artifact store and the native
// build queue. One instance per server; tests make their own with a private
// artifact folder and clock.
import { ArtifactStore } from "./artifacts";
import { BuildQueue } from "./buildQueue";
import { CompilerPool } from "./compilerPool";
import { limitsFromEnv, type PlaygroundLimits } from "./limits";

export interface PlaygroundServices {
  limits: PlaygroundLimits;
  compiler: CompilerPool;
  artifacts: ArtifactStore;
  nativeQueue: BuildQueue;
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
  const compiler = new CompilerPool({ workers: limits.compilerWorkers, timeoutMs: limits.compileTimeoutMs });
  const artifacts = new ArtifactStore({
    dir: limits.artifactDir,
    ttlMs: limits.artifactTtlSeconds * 1000,
    maxBytes: limits.artifactMaxBytes,
    now: options.now,
  });
  if (options.sweep !== false) artifacts.start(limits.artifactSweepSeconds * 1000);
  const nativeQueue = new BuildQueue({ concurrency: limits.nativeConcurrency, maxWaiting: limits.nativeQueue });
  return {
    limits,
    compiler,
    artifacts,
    nativeQueue,
    async close() {
      artifacts.stop();
      await compiler.close();
    },
  };
}
