// The artifact store against real files and an injected clock: ids,
// expiry (on read and by the sweep, gone from disk), the disk budget
// (oldest evicted first), and a restart that keeps what has not expired.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ArtifactStore } from "./artifacts";
import { HELLO, postJson, testPlayground } from "./testPlayground";

const root = mkdtempSync(join(tmpdir(), "artifacts-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const freshDir = () => join(root, `store-${folders++}`);

const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);
const HOUR = 3_600_000;

function storeAt(dir: string, clock: { now: number }, options: { ttlMs?: number; maxBytes?: number } = {}) {
  return new ArtifactStore({
    dir,
    ttlMs: options.ttlMs ?? HOUR,
    maxBytes: options.maxBytes ?? 1 << 30,
    now: () => clock.now,
  });
}

describe("ArtifactStore", () => {
  it("names builds with 128 random bits and serves their files", async () => {
    const store = storeAt(freshDir(), { now: 0 });
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const { id, artifacts } = await store.put([{ name: "prog", bytes: bytes(10, i) }]);
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(artifacts).toEqual([{ name: "prog", bytes: 10 }]);
      ids.add(id);
      expect(await store.get(id, "prog")).toEqual(bytes(10, i));
    }
    expect(ids.size).toBe(20);
    expect(await store.get([...ids][0], "other")).toBeNull();
  });

  it("serves a build until its TTL, then the sweep deletes it from disk", async () => {
    const dir = freshDir();
    const clock = { now: 1_000_000 };
    const store = storeAt(dir, clock);
    const { id } = await store.put([{ name: "prog", bytes: bytes(100) }]);
    clock.now += HOUR - 1;
    expect(await store.sweep()).toBe(0);
    expect(await store.get(id, "prog")).not.toBeNull();
    clock.now += 1;
    expect(await store.sweep()).toBe(1);
    expect(existsSync(join(dir, id))).toBe(false);
    expect(await store.get(id, "prog")).toBeNull();
    expect(store.diskBytes).toBe(0);
  });

  it("sweeps periodically once started, without anyone reading", async () => {
    const dir = freshDir();
    const clock = { now: 0 };
    const store = storeAt(dir, clock);
    const { id } = await store.put([{ name: "prog", bytes: bytes(5) }]);
    clock.now = HOUR;
    store.start(20);
    try {
      const deadline = Date.now() + 2000;
      while (existsSync(join(dir, id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(existsSync(join(dir, id))).toBe(false);
    } finally {
      store.stop();
    }
  });

  it("refuses an expired build on read even before a sweep", async () => {
    const clock = { now: 0 };
    const store = storeAt(freshDir(), clock);
    const { id } = await store.put([{ name: "prog", bytes: bytes(5) }]);
    clock.now = HOUR;
    expect(await store.get(id, "prog")).toBeNull();
    expect(store.buildCount).toBe(0);
  });

  it("evicts the oldest builds first when the disk budget is exceeded", async () => {
    const dir = freshDir();
    const clock = { now: 0 };
    const store = storeAt(dir, clock, { maxBytes: 250 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.now += 1000;
      ids.push((await store.put([{ name: "prog", bytes: bytes(100) }])).id);
    }
    // 300 bytes > 250: the first build went, the newer two stay.
    expect(await store.get(ids[0], "prog")).toBeNull();
    expect(existsSync(join(dir, ids[0]))).toBe(false);
    expect(await store.get(ids[1], "prog")).not.toBeNull();
    expect(await store.get(ids[2], "prog")).not.toBeNull();
    expect(store.diskBytes).toBe(200);
  });

  it("keeps unexpired builds across a restart and drops expired ones", async () => {
    const dir = freshDir();
    const clock = { now: 0 };
    const first = storeAt(dir, clock);
    const old = (await first.put([{ name: "a", bytes: bytes(3) }])).id;
    clock.now = HOUR / 2;
    const recent = (await first.put([{ name: "b", bytes: bytes(4) }])).id;
    clock.now = HOUR + 1;
    const restarted = storeAt(dir, clock);
    expect(await restarted.get(recent, "b")).toEqual(bytes(4));
    expect(await restarted.get(old, "a")).toBeNull();
    expect(restarted.diskBytes).toBe(4);
  });

  it("removes a folder without its meta file when it loads", async () => {
    const dir = freshDir();
    const store = storeAt(dir, { now: 0 });
    const { id } = await store.put([{ name: "a", bytes: bytes(3) }]);
    rmSync(join(dir, id, "meta.json"));
    const restarted = storeAt(dir, { now: 0 });
    expect(await restarted.get(id, "a")).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("downloads and expiry through the routes", () => {
  it("serves a build's download before ARTIFACT_TTL_SECONDS and a 404 after the sweep", async () => {
    const clock = { now: 5_000_000 };
    const playground = testPlayground({ artifactTtlSeconds: 60 }, { now: () => clock.now });
    try {
      const body = await (await postJson(playground.app, "/build", { source: HELLO })).json();
      const path = new URL(body.binary_artifact.download_url).pathname;
      // The answer says when the download stops working, so a client need not guess the server's TTL.
      expect(body.binary_artifact.expires_at).toBe(new Date(5_000_000 + 60_000).toISOString());
      expect(body.ll_artifact.expires_at).toBe(body.binary_artifact.expires_at);
      clock.now += 59_000;
      expect((await playground.app.request(path)).status).toBe(200);
      clock.now += 1_000;
      expect(await playground.services.artifacts.sweep()).toBe(1);
      const gone = await playground.app.request(path);
      expect(gone.status).toBe(404);
      expect(await gone.json()).toMatchObject({ status: "error" });
      expect(readdirSync(join(playground.dir, "artifacts"))).toEqual([]);
    } finally {
      await playground.close();
    }
  });
});
