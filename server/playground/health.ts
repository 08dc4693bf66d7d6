// GET /health: proves the compiler works by instantiating compiler.wasm and
// asking it for its version, rather than only checking that the file exists.
import { readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { loadCompilerModule } from "../compiler/compilerModule";
import { missingTools } from "../toolchain/detect";
import { SERVER_VERSION } from "../version";
import type { PlaygroundServices } from "./services";

const STDLIB_DIR = fileURLToPath(new URL("../../lang/stdlib/", import.meta.url));

const HealthSchema = z
  .object({
    status: z.literal("ok"),
    version: z.string(),
    compiler_available: z.boolean(),
    compiler_version: z.string().nullable(),
    compiler_error: z.string().nullable(),
    toolchain: z.record(z.string(), z.boolean()),
    missing_tools: z.record(z.string(), z.array(z.string())),
    stdlib_modules: z.array(z.string()),
    build_queue: z.object({
      compiles: z.number().int().openapi({ description: "compiles running or waiting for a compiler worker" }),
      native: z.number().int().openapi({ description: "native builds running or waiting for a slot" }),
    }),
    artifacts: z.object({ builds: z.number().int(), bytes: z.number().int(), max_bytes: z.number().int() }),
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
  },
});

// The probe's answer is kept briefly: /health is polled by load balancers
// and must stay cheap while builds are running.
const PROBE_TTL_MS = 5000;
let lastProbe: { at: number; result: Promise<{ version: string | null; error: string | null }> } | null = null;

function probeCompilerCached(): Promise<{ version: string | null; error: string | null }> {
  const now = Date.now();
  if (!lastProbe || now - lastProbe.at > PROBE_TTL_MS) lastProbe = { at: now, result: probeCompiler() };
  return lastProbe.result;
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

export function registerHealth(app: OpenAPIHono, services: PlaygroundServices): void {
  app.openapi(route, async (c) => {
    const [compiler, modules] = await Promise.all([probeCompilerCached(), stdlibModules()]);
    const missing = missingTools();
    return c.json({
      status: "ok" as const,
      version: SERVER_VERSION,
      compiler_available: compiler.version !== null,
      compiler_version: compiler.version,
      compiler_error: compiler.error,
      // The wasm target needs no host tools, only a working compiler.
      toolchain: Object.fromEntries(
        Object.entries(missing).map(([id, tools]) => [
          id,
          tools.length === 0 && (id !== "wasm" || compiler.version !== null),
        ]),
      ),
      missing_tools: missing,
      stdlib_modules: modules,
      build_queue: { compiles: services.compiler.queueLength, native: services.nativeQueue.length },
      artifacts: {
        builds: services.artifacts.buildCount,
        bytes: services.artifacts.diskBytes,
        max_bytes: services.limits.artifactMaxBytes,
      },
    });
  });
}
