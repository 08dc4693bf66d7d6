// Webhook delivery mechanics against real receivers on loopback: an attempt
// to a receiver that accepts and never answers ends at its timeout even
// while the garbage collector runs (in a child process started with
// --expose-gc, since vitest's workers are not), the rule's later events are
// still delivered, and the stall is logged and counted.
import { execFile } from "node:child_process";
import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./testing";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface ChildReport {
  log: { event: string; attempt: number; ok: boolean; final: boolean; error?: string; status?: number }[];
  stats: { attempts: Record<string, number>; oldestWaitingMs: number };
  ageWhileStalled: number;
  lines: string[];
}

describe("webhook delivery under forced garbage collection", { timeout: 120_000 }, () => {
  it("ends an attempt to a silent receiver at its timeout and delivers the rule's next event", async () => {
    const held: ServerResponse[] = [];
    let arrivals = 0;
    const receiver = createServer((req, res) => {
      arrivals++;
      req.resume();
      // The first request is accepted and never answered.
      if (arrivals === 1) held.push(res);
      else req.on("end", () => res.end("ok"));
    });
    receiver.listen(0, "127.0.0.1");
    await once(receiver, "listening");
    cleanups.push(async () => {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ["--expose-gc", "--import", "tsx", join(REPO_ROOT, "server/anomaly/deliveryUnderGc.child.ts"), url],
        { cwd: REPO_ROOT, env: { ...process.env, ANOMALY_WEBHOOK_ALLOW: "127.0.0.1/32" }, timeout: 100_000 },
        (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
      );
    });
    const report = JSON.parse(stdout.trim().split("\n").at(-1) as string) as ChildReport;

    expect(arrivals).toBe(2);
    expect(report.log.map(({ event, attempt, ok, final, error }) => ({ event, attempt, ok, final, error }))).toEqual([
      { event: "onset", attempt: 1, ok: false, final: true, error: "no answer within 300 ms" },
      { event: "recovery", attempt: 1, ok: true, final: true, error: undefined },
    ]);
    expect(report.stats.attempts).toMatchObject({ timeout: 1, success: 1, failure: 0 });
    // The stalled onset showed as queue age while it hung; nothing waits now.
    expect(report.ageWhileStalled).toBeGreaterThan(0);
    expect(report.stats.oldestWaitingMs).toBe(0);
    expect(report.lines.some((l) => /attempt 1 to .* failed: no answer within 300 ms; giving up/.test(l))).toBe(true);
  });
});
