// `anomaly alerts` and `anomaly alert-log` run for real against a temp
// store: rules set from stdin are what a server started on the store uses,
// bad rules exit 1 and change nothing, and the log the server wrote reads back.
import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { startAnomalyServer } from "../anomaly/serve";
import { CLI, postJson, REPO_ROOT } from "../anomaly/testing";

// The receivers here listen on loopback, which webhook targets may reach only when allowed.
process.env.ANOMALY_WEBHOOK_ALLOW = "127.0.0.1/32";

let dir: string;

function anomaly(args: string[], input = ""): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [...CLI, "--store", dir, ...args],
      { cwd: REPO_ROOT },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "anomaly-cli-alerts-"));
  const service = new AnomalyService(new FileStore(dir));
  for (let i = 0; i < 60; i++) await service.detect("m", { value: 10 + (i % 7) * 0.1 });
  // These points are milliseconds apart: no warm-up, so the four points below can page.
  await service.setAlertQuiet("m", { warmup_min: 0 });
  await service.close();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("anomaly alerts (CLI)", { timeout: 120_000 }, () => {
  it("sets rules from stdin, refuses bad ones without touching them, and reads the server's delivery log", async () => {
    const bodies: unknown[] = [];
    const hook = createServer((req, res) => {
      let text = "";
      req.on("data", (c) => {
        text += c;
      });
      req.on("end", () => {
        bodies.push(JSON.parse(text));
        res.end();
      });
    });
    hook.listen(0, "127.0.0.1");
    await once(hook, "listening");
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`;
    try {
      const set = await anomaly(
        ["alerts", "m", "--set", "-"],
        JSON.stringify([{ id: "pager", url, k: 2, n: 2, recovery_s: 0 }]),
      );
      expect(set.stderr).toBe("");
      expect(set.code).toBe(0);
      expect(JSON.parse(set.stdout).rules).toEqual([
        expect.objectContaining({ id: "pager", url, k: 2, n: 2, format: "json" }),
      ]);
      const before = await readFile(join(dir, "m", "alerts.json"), "utf8");

      const bad = await anomaly(
        ["alerts", "m", "--set", "-"],
        JSON.stringify({ rules: [{ id: "x", url, k: 3, n: 2 }] }),
      );
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/k \(3\) must not exceed n \(2\)/);
      expect(await readFile(join(dir, "m", "alerts.json"), "utf8")).toBe(before);
      expect((await anomaly(["alerts", "nobody"])).code).toBe(1);

      const handle = await startAnomalyServer({
        port: 0,
        store: new FileStore(dir, { durable: false }),
        log: () => {},
      });
      try {
        for (const value of [1000, 1000, 10.2, 10.3]) await fetch(`${handle.url}/detect/m`, postJson({ value }));
        const end = Date.now() + 60_000;
        while (bodies.length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      } finally {
        await handle.close();
      }
      expect(bodies.map((b) => (b as { event: string }).event)).toEqual(["onset", "recovery"]);

      const log = await anomaly(["alert-log", "m"]);
      expect(log.code).toBe(0);
      const lines = log.stdout.trim().split("\n");
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/\tpager\tonset\t#1\tdelivered \(200\)$/);
      expect(lines[1]).toMatch(/\tpager\trecovery\t#1\tdelivered \(200\)$/);
    } finally {
      hook.close();
    }
  });
});
