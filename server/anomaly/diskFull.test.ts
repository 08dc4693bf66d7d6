// A real full disk under a real `anomaly serve` process: a small tmpfs is
// mounted as the store and filled to the last page while two trained models
// keep ingesting (retraining every few points, so metadata and forest files
// are written besides the log). An answer must say exactly whether its point
// is stored: a 2xx point is in the model once, a 507 point is not there at
// all, so retrying the refused points after space is freed leaves every
// point stored exactly once. The episode is logged once, with the path, and
// health says "degraded" until a write succeeds. Needs root to mount the
// tmpfs; elsewhere the test says it was skipped.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { steadyRecord } from "../../anomaly/testing";
import { bundleCli, type ServerProcess, spawnServer } from "./testing";

let root: string;
let mount: string;
let cli: string[];
let mounted = false;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "anomaly-diskfull-"));
  mount = join(root, "store");
  await mkdir(mount);
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=32m", "tmpfs", mount], { stdio: "ignore" });
    mounted = true;
  } catch {
    console.warn("disk-full test skipped: cannot mount a tmpfs here (needs root)");
  }
  if (mounted) cli = await bundleCli();
});
afterAll(async () => {
  for (const s of servers) s.child.kill("SIGKILL");
  if (mounted) execFileSync("umount", ["-l", mount]);
  await rm(root, { recursive: true, force: true });
  if (cli) await rm(cli[0] as string, { force: true });
});

const BASE = 1_700_000_000;
/** Point i of a model; its timestamp identifies it in the stored data. */
// The padding (one category) makes a line about 400 bytes, so some appends fit in the last page of the log and some need a new one of the tmpfs.
const point = (i: number) => ({ ...steadyRecord(i), timestamp: BASE + i * 60, pad: "x".repeat(300) });

async function call(s: ServerProcess, method: string, path: string, body?: unknown) {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/**
 * Grows a file until the filesystem refuses another byte; returns its path.
 * Called again before every point: a failed write's temporary file and a
 * replaced forest free pages, which would otherwise let later appends in.
 */
async function fill(dir: string): Promise<string> {
  const path = join(dir, "filler");
  const handle = await open(path, "a");
  try {
    for (const size of [65536, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size, 120);
      try {
        for (;;) await handle.write(chunk);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "ENOSPC") throw e;
      }
    }
  } finally {
    await handle.close();
  }
  return path;
}

async function stop(s: ServerProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => s.child.once("exit", (code) => resolve(code)));
  s.child.kill("SIGTERM");
  return exited;
}

const MODELS = ["full_a", "full_b"];
const PER_MODEL = 16;
const ROUNDS = 1;

describe("a full disk", () => {
  it("answers 507 only for points not stored; retried after freeing space, every point is stored once", async () => {
    if (!mounted) return;
    const s = await spawnServer(mount, cli);
    servers.push(s);
    for (const m of MODELS) {
      for (let i = 0; i < 60; i++) expect((await call(s, "POST", `/detect/${m}`, point(i))).status).toBeLessThan(300);
      // A retrain every 3 points: checkpoints (metadata, forests) keep being written while the disk is full.
      const schedule = { below_max_retrain_frequency: 3, at_max_retrain_frequency: 3 };
      expect((await call(s, "PUT", `/api/dynamic/${m}/schedule`, schedule)).status).toBe(200);
    }
    expect((await call(s, "GET", `/api/dynamic/${MODELS[0]}/health`)).json.status).toBe("ok");

    const filler = await fill(mount);
    const refused = new Map<string, number[]>(MODELS.map((m) => [m, []]));
    const statuses = new Set<number>();
    for (let i = 60; i < 60 + ROUNDS * PER_MODEL; i++) {
      for (const m of MODELS) {
        await fill(mount);
        const res = await call(s, "POST", `/detect/${m}`, point(i));
        statuses.add(res.status);
        if (res.status === 507) refused.get(m)?.push(i);
        else expect(res.status, JSON.stringify(res.json)).toBe(200);
      }
    }
    const allRefused = [...refused.values()].flat();
    expect(allRefused.length).toBeGreaterThan(0);
    expect([...statuses].every((x) => x === 200 || x === 507)).toBe(true);
    const health = await call(s, "GET", `/api/dynamic/${MODELS[0]}/health`);
    expect(health.status).toBe(200);
    expect(health.json.status).toBe("degraded");
    expect((health.json.disk_full as { path: string }).path).toContain(mount);
    // Once per episode: a "disk full" line (with the file) is never followed
    // by another one without a write succeeding in between. (Refilling
    // before each point makes several episodes: a forest replaced by
    // rename frees its old file's pages, and the next write gets them.)
    const episodes = (s.stderr().match(/disk full \(ENOSPC\) writing \S+|writes succeed again/g) ?? []).map((line) =>
      line.startsWith("disk full") ? "full" : "again",
    );
    expect(episodes[0], s.stderr()).toBe("full");
    expect(episodes.at(-1)).toBe("full");
    for (const [i, e] of episodes.entries()) expect(e, s.stderr()).toBe(i % 2 === 0 ? "full" : "again");
    expect(s.stderr()).toContain(`disk full (ENOSPC) writing ${mount}`);

    // Space again: the refused points are retried, in order, and accepted.
    await rm(filler);
    for (const [m, points] of refused) {
      for (const i of points) expect((await call(s, "POST", `/detect/${m}`, point(i))).status).toBe(200);
    }
    expect((await call(s, "GET", `/api/dynamic/${MODELS[0]}/health`)).json.status, s.stderr()).toBe("ok");
    expect(await stop(s)).toBe(0);

    // After a restart (so from what is on disk): every point exactly once.
    const again = await spawnServer(mount, cli);
    servers.push(again);
    for (const m of MODELS) {
      const data = (await call(again, "GET", `/models/dynamic/${m}/data?limit=all`)).json.data as {
        timestamp: number;
      }[];
      const seen = new Map<number, number>();
      for (const r of data) seen.set(r.timestamp, (seen.get(r.timestamp) ?? 0) + 1);
      const duplicates = [...seen.values()].filter((n) => n > 1).length;
      const expected = Array.from({ length: 60 + ROUNDS * PER_MODEL }, (_, i) => BASE + i * 60);
      const lost = expected.filter((t) => !seen.has(t)).length;
      expect({ model: m, duplicates, lost, stored: data.length }).toEqual({
        model: m,
        duplicates: 0,
        lost: 0,
        stored: expected.length,
      });
    }
    console.log(
      `full disk: ${allRefused.length} of ${MODELS.length * ROUNDS * PER_MODEL} points refused (507) and retried; 0 duplicates, 0 lost`,
    );
    expect(await stop(again)).toBe(0);
  }, 300_000);
});
