// Shutdown and retries against real `anomaly serve` processes: 8 clients
// stream points, each with its own Idempotency-Key, and retry whatever got
// no answer (a 503 while draining, a refused or cut connection) against
// the next server on the same store. The server is stopped with SIGTERM
// (every request it accepted is answered, and it exits 0) and later killed
// with SIGKILL (requests cut after their point may be stored). In the end
// every point is stored exactly once: 0 duplicates, 0 lost.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { steadyRecord } from "../../anomaly/testing";
import { bundleCli, type ServerProcess, spawnServer } from "./testing";

let root: string;
let cli: string[];
const servers: ServerProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "anomaly-drain-"));
  cli = await bundleCli();
});
afterAll(async () => {
  for (const s of servers) s.child.kill("SIGKILL");
  await rm(root, { recursive: true, force: true });
  await rm(cli[0] as string, { force: true });
});

const CLIENTS = 8;
const PER_CLIENT = 60;
const BASE = 1_700_000_000;
const MODEL = "drained";
const point = (c: number, i: number) => ({ ...steadyRecord(i), timestamp: BASE + (i * CLIENTS + c) * 60 });

async function start(): Promise<ServerProcess> {
  const s = await spawnServer(root, cli);
  servers.push(s);
  return s;
}

function exited(s: ServerProcess): Promise<number | null> {
  if (s.child.exitCode !== null) return Promise.resolve(s.child.exitCode);
  return new Promise((resolve) => s.child.once("exit", (code) => resolve(code)));
}

describe("SIGTERM, SIGKILL and retries with Idempotency-Key", () => {
  it("answers every accepted request on SIGTERM and exits 0; retried points are stored exactly once", async () => {
    let server = await start();
    let ready: Promise<ServerProcess> = Promise.resolve(server);
    let acked = 0;
    const outcomes = { answered: 0, refused503: 0, cut: 0, replayed: 0, afterTerm: 0 };
    /** The server a SIGTERM was sent to, while it drains. */
    let draining: ServerProcess | null = null;

    const send = async (c: number, i: number) => {
      for (;;) {
        const s = await ready;
        const sentBeforeTerm = draining !== s;
        try {
          const res = await fetch(`${s.url}/detect/${MODEL}`, {
            method: "POST",
            headers: { "content-type": "application/json", "idempotency-key": `client${c}-point${i}` },
            body: JSON.stringify(point(c, i)),
          });
          await res.text();
          if (res.status === 503) {
            expect(res.headers.get("connection")).toBe("close");
            outcomes.refused503++;
          } else {
            expect([200, 202], `point ${c}/${i}`).toContain(res.status);
            if (res.headers.get("idempotent-replayed") === "true") outcomes.replayed++;
            // Sent before the SIGTERM and answered after it: the drain waited for it.
            if (sentBeforeTerm && draining === s) outcomes.afterTerm++;
            outcomes.answered++;
            acked++;
            return;
          }
        } catch {
          outcomes.cut++;
        }
        // Let the next server come up before retrying.
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const clients = Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; i < PER_CLIENT; i++) await send(c, i);
    });

    const waitFor = async (n: number) => {
      while (acked < n) await new Promise((r) => setTimeout(r, 5));
    };
    const restart = async (signal: "SIGTERM" | "SIGKILL") => {
      const old = server;
      let open!: (s: ServerProcess) => void;
      ready = new Promise((resolve) => {
        open = resolve;
      });
      if (signal === "SIGTERM") draining = old;
      old.child.kill(signal);
      const code = await exited(old);
      draining = null;
      server = await start();
      open(server);
      return code;
    };

    await waitFor(120);
    const inFlightAtTerm = acked;
    expect(await restart("SIGTERM")).toBe(0);
    expect(outcomes.afterTerm).toBeGreaterThan(0);
    await waitFor(300);
    await restart("SIGKILL");
    await Promise.all(clients);
    expect(acked).toBe(CLIENTS * PER_CLIENT);

    // A retry of an answered point is a replay; another body under its key is refused.
    const again = await fetch(`${server.url}/detect/${MODEL}`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": "client0-point0" },
      body: JSON.stringify(point(0, 0)),
    });
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const reused = await fetch(`${server.url}/detect/${MODEL}`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": "client0-point0" },
      body: JSON.stringify(point(0, 1)),
    });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { message: string }).message).toMatch(/already used for a different request body/);

    const data = (await (await fetch(`${server.url}/models/dynamic/${MODEL}/data?limit=all`)).json()) as {
      data: { timestamp: number }[];
    };
    const seen = new Map<number, number>();
    for (const r of data.data) seen.set(r.timestamp, (seen.get(r.timestamp) ?? 0) + 1);
    let lost = 0;
    for (let c = 0; c < CLIENTS; c++) for (let i = 0; i < PER_CLIENT; i++) if (!seen.has(point(c, i).timestamp)) lost++;
    const duplicates = [...seen.values()].filter((n) => n > 1).length;
    console.log(
      `drain: ${CLIENTS * PER_CLIENT} points; SIGTERM after ${inFlightAtTerm} acks (exit 0) with ${outcomes.afterTerm} requests in flight answered during the drain, then SIGKILL; ${outcomes.refused503} answered 503 while draining, ${outcomes.cut} connections refused or cut, ${outcomes.replayed} retries replayed; ${duplicates} duplicates, ${lost} lost`,
    );
    expect({ duplicates, lost, stored: data.data.length }).toEqual({
      duplicates: 0,
      lost: 0,
      stored: CLIENTS * PER_CLIENT,
    });
    expect(await restart("SIGTERM")).toBe(0);
  }, 300_000);
});
