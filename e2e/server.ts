// Starts the real production server (`server/main.ts`) on a free loopback
// port, serving the built SPA from dist/, and stops it after the tests.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  // `node --import tsx`, not the `tsx` launcher: the launcher relays a signal
  // only if the child confirms it within 30 ms, and on a loaded machine it
  // SIGKILLs the server instead of letting it shut down gracefully (exit 143).
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    // A private model store so tests never touch the user's ~/.anomaly.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      ANOMALY_HOME: mkdtempSync(join(tmpdir(), "e2e-anomaly-")),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (Date.now() >= deadline) throw new Error(`server did not become healthy in 30 s:\n${output}`);
  return {
    url,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
