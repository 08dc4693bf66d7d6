// Test fixture: the whole app over a private artifact folder (and clock),
// with limits a test chooses on top of the defaults. Not a test itself.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { TIME_FACTOR } from "../../vitest.timing.config";
import { createApp } from "../app";
import type { PlaygroundLimits } from "./limits";
import { createPlaygroundServices, type PlaygroundServices } from "./services";

export interface TestPlayground {
  app: OpenAPIHono;
  services: PlaygroundServices;
  dir: string;
  close(): Promise<void>;
}

/**
 * Requests through app.request all come from one client ("local"): its share
 * of the queues is unbounded unless a test of fairness sets it.
 */
export const ONE_CLIENT_UNBOUNDED = {
  compileClientRunning: 1000,
  compileClientQueue: 1000,
  compileMaxWaitMs: 600_000,
  nativeClientRunning: 1000,
  nativeClientQueue: 1000,
  nativeMaxWaitMs: 600_000,
} satisfies Partial<PlaygroundLimits>;

export function testPlayground(
  limits: Partial<PlaygroundLimits> = {},
  options: { now?: () => number; spaRoot?: string } = {},
): TestPlayground {
  const dir = mkdtempSync(join(tmpdir(), "playground-test-"));
  const services = createPlaygroundServices({
    // Build limits scaled for a busy CI machine (vitest.timing.config.ts); a test of a limit sets its own.
    limits: {
      artifactDir: join(dir, "artifacts"),
      shareDir: join(dir, "shares"),
      publicUrl: null,
      compileTimeoutMs: 10_000 * TIME_FACTOR,
      nativeTimeoutMs: 30_000 * TIME_FACTOR,
      ...ONE_CLIENT_UNBOUNDED,
      ...limits,
    },
    now: options.now,
    sweep: false,
  });
  const app = createApp({ playground: services, spaRoot: options.spaRoot ?? join(dir, "no-spa") });
  return {
    app,
    services,
    dir,
    async close() {
      await services.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const HELLO = 'fn main() {\n  let n = 6 * 7\n  println("hello from {n}")\n}\n';

/** 8000 chained functions: valid, and over a second of compiler work at -O2. */
export const HEAVY_PROGRAM = `${Array.from(
  { length: 8000 },
  (_, i) => `fn f${i}(x: i64) -> i64 {\n  x * ${i} + ${i ? `f${i - 1}(x)` : "1"}\n}\n`,
).join("")}fn main() {\n  println("{f7999(2)}")\n}\n`;

/** A JSON POST through app.request, as a browser or script would send it. */
export function postJson(app: OpenAPIHono, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });
}
