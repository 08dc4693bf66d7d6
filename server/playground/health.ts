// GET /health: proves the compiler works by instantiating compiler.wasm and
// asking it for its version, rather than only checking that the file exists.
import { readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { type AnomalyHealthBody, AnomalyHealthSchema } from "../../protocol/anomaly/health";
import { sharedReadiness } from "../cluster/shared";
import { COMPILER_WASM_PATH, loadCompilerModule } from "../compiler/compilerModule";
import { missingTools } from "../toolchain/detect";
import { SERVER_VERSION } from "../version";
import type { FairQueueCounters } from "./fairQueue";
import type { PlaygroundServices } from "./services";

const STDLIB_DIR = fileURLToPath(new URL("../../lang/stdlib/", import.meta.url));

/** One fair queue's state and its counts since the server started (fairQueue.ts). */
const QueueStatsSchema = z
  .object({
    running: z.number().int().openapi({ description: "jobs holding a slot now" }),
    waiting: z.number().int().openapi({ description: "jobs waiting for a slot now" }),
    started: z.number().int().openapi({ description: "jobs that got a slot" }),
    refused: z.object({
      client: z.number().int().openapi({ description: "429: the client already had its share waiting" }),
      full: z.number().int().openapi({ description: "429: every client's jobs together filled the queue" }),
      wait: z.number().int().openapi({ description: "503: the expected wait was past the longest allowed" }),
    }),
    expired: z.number().int().openapi({ description: "503: waited the longest allowed without a slot" }),
    cancelled: z.object({
      waiting: z.number().int().openapi({ description: "the client hung up before its job started" }),
      running: z.number().int().openapi({ description: "the client hung up while its job ran; the job was stopped" }),
    }),
  })
  .openapi("QueueStats");

type QueueStats = z.infer<typeof QueueStatsSchema>;

function queueStats(stats: FairQueueCounters & { running: number; waiting: number }): QueueStats {
  return {
    running: stats.running,
    waiting: stats.waiting,
    started: stats.started,
    refused: { client: stats.refusedClient, full: stats.refusedFull, wait: stats.refusedWait },
    expired: stats.expired,
    cancelled: { waiting: stats.cancelledWaiting, running: stats.cancelledRunning },
  };
}

const HealthSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]).openapi({
      description: "unavailable (with a 503) while a configured shared service (S3, Redis) does not answer",
    }),
    version: z.string(),
    compiler_available: z.boolean(),
    compiler_version: z.string().nullable(),
    compiler_error: z.string().nullable(),
    // Aliases the NURL playground page reads (additive: the names above stay).
    nurlc_available: z.boolean().openapi({ description: "alias of compiler_available, for NURL pages" }),
    wasi_toolchain_available: z
      .boolean()
      .openapi({ description: "alias of toolchain.wasm (a wasm32-wasi build would succeed), for NURL pages" }),
    nurlc_path: z
      .string()
      .openapi({ description: "where the compiler (compiler.wasm) is read from, for NURL clients" }),
    stdlib_available: z
      .boolean()
      .openapi({ description: "whether the standard library folder holds any module, for NURL clients" }),
    stdlib_dir: z.string().openapi({ description: "the standard library folder on the server, for NURL clients" }),
    toolchain: z.record(z.string(), z.boolean()),
    missing_tools: z.record(z.string(), z.array(z.string())),
    stdlib_modules: z.array(z.string()),
    build_queue: z.object({
      compiles: z.number().int().openapi({ description: "compiles running or waiting for a compiler worker" }),
      native: z.number().int().openapi({ description: "native builds running or waiting for a slot" }),
    }),
    queues: z.object({ compiles: QueueStatsSchema, native: QueueStatsSchema }).openapi({
      description: "the fair queues for compiles and native builds: what runs, waits, was refused or cancelled",
    }),
    artifacts: z.object({ builds: z.number().int(), bytes: z.number().int(), max_bytes: z.number().int() }),
    compile_cache: z.object({
      hits: z.number().int(),
      misses: z.number().int(),
      bytes: z.number().int(),
      shared_hits: z
        .number()
        .int()
        .openapi({ description: "hits answered by the shared tier (S3, several instances); counted in hits too" }),
    }),
    shared: z.object({ s3: z.boolean().nullable(), redis: z.boolean().nullable() }).openapi({
      description: "several instances: whether S3 and Redis answer (null: not configured)",
    }),
    anomaly: AnomalyHealthSchema.optional().openapi({
      description: "the anomaly service's models (as `anomaly serve`'s /health), when it is mounted",
    }),
  })
  .openapi("Health");

const route = createRoute({
  method: "get",
  path: "/health",
  tags: ["playground"],
  summary: "Service health: compiler, native toolchains, standard library",
  responses: {
    200: {
      description: "Health report",
      content: { "application/json": { schema: HealthSchema } },
    },
    503: {
      description: "A configured shared service (S3 or Redis) does not answer: not ready for traffic",
      content: { "application/json": { schema: HealthSchema } },
    },
  },
});

interface HostFacts {
  compiler: { version: string | null; error: string | null };
  modules: string[];
  missing: Record<string, string[]>;
}

// What the host can do is found out at most every few seconds: /health is
// polled by load balancers and must stay cheap while builds are running.
const FACTS_TTL_MS = 5000;
let lastFacts: { at: number; facts: Promise<HostFacts> } | null = null;

function hostFacts(): Promise<HostFacts> {
  const now = Date.now();
  if (!lastFacts || now - lastFacts.at > FACTS_TTL_MS) {
    const facts = Promise.all([probeCompiler(), stdlibModules()]).then(([compiler, modules]) => ({
      compiler,
      modules,
      missing: missingTools(),
    }));
    lastFacts = { at: now, facts };
  }
  return lastFacts.facts;
}

async function probeCompiler(): Promise<{ version: string | null; error: string | null }> {
  try {
    const result = await runWasiShim({
      module: await loadCompilerModule(),
      args: ["version"],
      program: "pith",
    });
    const out = new TextDecoder().decode(result.stdout).trim();
    if (result.exitCode !== 0) return { version: null, error: `compiler exited ${result.exitCode}` };
    return { version: out.replace(/^pith\s+/, ""), error: null };
  } catch (error) {
    return { version: null, error: (error as Error).message };
  }
}

async function stdlibModules(): Promise<string[]> {
  try {
    const entries = await readdir(STDLIB_DIR, { recursive: true });
    return entries
      .filter((name) => name.endsWith(".pith"))
      .map((name) => `std.${name.slice(0, -".pith".length).replaceAll("/", ".")}`)
      .sort();
  } catch {
    return [];
  }
}

export function registerHealth(
  app: OpenAPIHono,
  services: PlaygroundServices,
  anomaly?: () => Promise<AnomalyHealthBody>,
): void {
  app.openapi(route, async (c) => {
    const [{ compiler, modules, missing }, shared, anomalyHealth] = await Promise.all([
      hostFacts(),
      sharedReadiness(),
      anomaly?.(),
    ]);
    const ready = shared.s3 !== false && shared.redis !== false;
    // The wasm target needs no host tools, only a working compiler.
    const toolchain = Object.fromEntries(
      Object.entries(missing).map(([id, tools]) => [
        id,
        tools.length === 0 && (id !== "wasm" || compiler.version !== null),
      ]),
    );
    const body = {
      status: ready ? ("ok" as const) : ("unavailable" as const),
      version: SERVER_VERSION,
      compiler_available: compiler.version !== null,
      compiler_version: compiler.version,
      compiler_error: compiler.error,
      nurlc_available: compiler.version !== null,
      wasi_toolchain_available: toolchain.wasm === true,
      nurlc_path: COMPILER_WASM_PATH,
      stdlib_available: modules.length > 0,
      stdlib_dir: STDLIB_DIR,
      toolchain,
      missing_tools: missing,
      stdlib_modules: modules,
      build_queue: { compiles: services.compiler.queueLength, native: services.nativeQueue.length },
      queues: { compiles: queueStats(services.compiler.stats()), native: queueStats(services.nativeQueue.stats()) },
      artifacts: {
        builds: services.artifacts.buildCount,
        bytes: services.artifacts.diskBytes,
        max_bytes: services.limits.artifactMaxBytes,
      },
      compile_cache: {
        hits: services.compileCache.hits,
        misses: services.compileCache.misses,
        bytes: services.compileCache.bytes,
        shared_hits: services.compileCache.sharedHits,
      },
      shared,
      ...(anomalyHealth === undefined ? {} : { anomaly: anomalyHealth }),
    };
    return ready ? c.json(body, 200) : c.json(body, 503);
  });
}
