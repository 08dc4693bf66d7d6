// Test doubles for the route layer: a service that records what reached it
// and answers a fixed body, so edge checks (names, sizes, encodings, error
// mapping) can prove the engine was never called. Behaviour of the engine
// itself is tested through the real AnomalyService elsewhere.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AnomalyApi } from "./anomalyApi";

export interface RecordingService extends AnomalyApi {
  calls: [string, ...unknown[]][];
  close(): Promise<void>;
}

export function recordingService(
  answer: (method: string, args: unknown[]) => unknown = () => ({ status: "success", message: "ok" }),
): RecordingService {
  const calls: [string, ...unknown[]][] = [];
  return new Proxy({ calls } as unknown as RecordingService, {
    get(target, key) {
      // Methods assigned onto the double (slow or failing ones) win.
      if (Object.hasOwn(target, key)) return Reflect.get(target, key);
      if (key === "then" || typeof key === "symbol") return undefined;
      if (key === "close") return async () => {};
      // A subscription the metrics make at start-up, not a call by a route.
      if (key === "onRetrain") return () => {};
      return async (...args: unknown[]) => {
        calls.push([key, ...args]);
        const body = answer(key, args);
        if (key === "detect") return { httpStatus: 200, body };
        // The batch route sends the engine's encoded JSON as it is.
        return key === "batchEncoded" ? new TextEncoder().encode(JSON.stringify(body)) : body;
      };
    },
  });
}

export const JSON_HEADERS = { "content-type": "application/json" };

export function postJson(body: unknown, method = "POST"): RequestInit {
  return { method, headers: JSON_HEADERS, body: typeof body === "string" ? body : JSON.stringify(body) };
}

/** A real `anomaly serve` process on a free loopback port. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stderr so far (for failure messages). */
  stderr(): string;
}

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Arguments that run the CLI from source with the tsx loader. */
export const CLI = ["--import", "tsx", join(REPO_ROOT, "server/cli/anomaly.ts")];

/**
 * The CLI bundled into one file with esbuild (a dependency of tsx and vite):
 * it starts in ~0.1 s instead of ~0.45 s under the tsx loader, which is what
 * lets a test restart a server hundreds of times. Same source, same code.
 * The bundle sits under node_modules/.cache so package lookups (swagger-ui
 * assets for /docs) still resolve from the repository.
 */
export async function bundleCli(): Promise<string[]> {
  const { build } = await import("esbuild");
  const outfile = join(REPO_ROOT, "node_modules/.cache/anomaly-test", `cli-${process.pid}.mjs`);
  await build({
    entryPoints: [join(REPO_ROOT, "server/cli/anomaly.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    logLevel: "warning",
    // CommonJS packages inside an ESM bundle still call require().
    banner: {
      js: "import { createRequire as __anomalyRequire } from 'node:module'; const require = __anomalyRequire(import.meta.url);",
    },
  });
  return [outfile];
}

export function spawnServer(store: string, cli: string[] = CLI, env?: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...cli, "serve", "--addr", "127.0.0.1:0", "--store", store], {
    cwd: REPO_ROOT,
    env: env === undefined ? process.env : { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      const url = /serving on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url, stderr: () => err });
    });
    child.once("exit", (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening: ${err}`)),
    );
  });
}
