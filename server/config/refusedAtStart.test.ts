// A malformed variable stops the real programs before they listen: the
// server (server/main.ts) and `anomaly serve` exit non-zero, naming it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const REPO_ROOT = new URL("../../", import.meta.url).pathname;
const store = mkdtempSync(join(tmpdir(), "env-refused-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

/** Exit code and stderr of a program that should stop at once (killed after 30 s if it listens instead). */
function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: REPO_ROOT,
    // Loopback and a free port, so a server that wrongly starts binds nothing in use.
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", ANOMALY_HOME: store, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

describe("the server with a malformed variable", () => {
  it.each([
    ["PORT", "abc", "an integer from 0 to 65535"],
    ["ANOMALY_AUTH_READS", "yes", "1, 0, true or false"],
    ["ANOMALY_LEASE_MS", "fast", "an integer from 500 to 600000"],
    ["ANOMALY_MAX_UPLOAD_BYTES", "-1", "an integer >= 1"],
    ["TRUST_PROXY", "maybe", "1, 0, true or false"],
    ["ANOMALY_WEBHOOK_ALLOW", "10.0.0.0/33", "host names, addresses or CIDRs (e.g. 127.0.0.1/32)"],
  ])("%s=%s exits 2 before listening, naming it", async (name, value, accepted) => {
    const { code, stderr } = await run(["server/main.ts"], { [name]: value });
    expect(code).toBe(2);
    expect(stderr).toContain(`${name} must be ${accepted}, got "${value}"`);
  });
});

describe("`anomaly serve` with a malformed variable", () => {
  it("exits 2, naming it", async () => {
    const { code, stderr } = await run(["server/cli/anomaly.ts", "serve", "--addr", "127.0.0.1:0"], {
      ANOMALY_BODY_TYPES: "loose",
    });
    expect(code).toBe(2);
    expect(stderr).toContain('ANOMALY_BODY_TYPES must be one of strict, browser, lenient, got "loose"');
  });
});
