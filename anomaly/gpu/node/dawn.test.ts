// WebGPU through Dawn in Node gives the CPU's exact bits. The check runs in a
// child process because Chromium's Vulkan loader (the driver here is its
// SwiftShader) is only found through LD_LIBRARY_PATH, which a process reads
// when it starts. No adapter is a failure that says why, never a skip.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

function runCheck(rows: number, trees: number) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "anomaly/gpu/node/checkDawn.ts", String(rows), String(trees)],
    {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 240_000,
      env: {
        ...process.env,
        LD_LIBRARY_PATH: [process.env.LD_LIBRARY_PATH, "/usr/lib/chromium"].filter(Boolean).join(":"),
      },
    },
  );
  const line = result.stdout.trim().split("\n").pop() ?? "";
  let report: { error?: string; mismatches?: number; rows?: number; trees?: number; first?: unknown };
  try {
    report = JSON.parse(line);
  } catch {
    throw new Error(`checkDawn printed no report (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  if (report.error !== undefined) throw new Error(`No WebGPU adapter in Node: ${report.error}`);
  return report;
}

describe("WebGPU backend on Dawn (Node)", () => {
  it("scores 10,000 rows × 300 trees with the CPU's exact bits", { timeout: 250_000 }, () => {
    const report = runCheck(10_000, 300);
    expect(report.rows).toBe(10_000);
    expect(report.trees).toBe(300);
    expect(report.first).toBeNull();
    expect(report.mismatches).toBe(0);
  });
});
