// The warning for an anomaly API open to the network, from the real
// programs: the server (server/main.ts, what npm start runs) and `anomaly
// serve`, started as child processes; their stderr is read once they listen.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exposureWarning, isLoopbackHost } from "./exposure";
import { REPO_ROOT } from "./testing";

const store = mkdtempSync(join(tmpdir(), "anomaly-exposure-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

/** Starts a program, waits until it says it is serving, stops it; its stderr until then. */
function stderrUntilServing(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: "0",
      ANOMALY_HOME: store,
      ANOMALY_API_TOKENS: "",
      ANOMALY_READ_TOKENS: "",
      ANOMALY_LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (!/serving on/.test(stdout)) return;
      // The warning is written right after the listening line.
      setTimeout(() => child.kill("SIGKILL"), 500);
    });
    child.once("exit", () =>
      /serving on/.test(stdout) ? resolve(stderr) : reject(new Error(`did not start: ${stderr}`)),
    );
  });
}

describe("warning about an unauthenticated anomaly API beyond loopback", { timeout: 120_000 }, () => {
  it("the server on 0.0.0.0 without tokens warns, naming what is exposed and what to set", async () => {
    const stderr = await stderrUntilServing(["server/main.ts"], { HOST: "0.0.0.0" });
    expect(stderr).toMatch(
      /WARNING: listening on 0\.0\.0\.0:\d+, beyond this machine, with the anomaly API unauthenticated/,
    );
    expect(stderr).toContain("delete and export models");
    expect(stderr).toContain("ANOMALY_API_TOKENS");
    expect(stderr).toContain("HOST=127.0.0.1");
  });

  it("the server stays quiet on loopback, and with a token configured", async () => {
    expect(await stderrUntilServing(["server/main.ts"], { HOST: "127.0.0.1" })).not.toContain("WARNING");
    expect(
      await stderrUntilServing(["server/main.ts"], { HOST: "0.0.0.0", ANOMALY_API_TOKENS: "s3cret-token" }),
    ).not.toContain("WARNING");
  });

  it("`anomaly serve` on all interfaces warns too", async () => {
    const stderr = await stderrUntilServing(["server/cli/anomaly.ts", "serve", "--addr", ":0", "--store", store], {});
    expect(stderr).toContain("with the anomaly API unauthenticated");
  });

  it("knows loopback spellings and that read-only tokens do not guard changes", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "::ffff:127.0.0.1"])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ["0.0.0.0", "::", "10.0.0.1", "192.168.1.5", "example.com"])
      expect(isLoopbackHost(host)).toBe(false);
    expect(exposureWarning("0.0.0.0", 8000, { readTokens: ["r"] })).toContain("read-only tokens alone");
  });
});
