// A forest file that no longer decodes, and a model whose metadata.json is
// broken, as operators meet them: real model files written by a real
// server, damaged on disk, then read back through `anomaly serve`'s /health
// and /metrics, the main server's /health, and the real `anomaly` CLI (doctor, ls, info) in child
// processes. Damage must show (degraded health naming model and version,
// a gauge, doctor's exit 1) and read-only commands must change no byte.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { createApp } from "../app";
import { type AnomalyServerHandle, startAnomalyServer } from "./serve";
import { CLI, postJson, REPO_ROOT } from "./testing";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempStore(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "anomaly-damaged-forest-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function serve(dir: string): Promise<AnomalyServerHandle> {
  const handle = await startAnomalyServer({ port: 0, store: new FileStore(dir, { durable: false }), log: () => {} });
  cleanups.push(() => handle.close());
  return handle;
}

/** 60 points: past the first training, so every version has a forest file. */
async function trainedModel(url: string, model: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${url}/detect/${model}`, postJson({ value: 10 + (i % 5), other: i % 3 }));
    expect([200, 202]).toContain(res.status);
  }
}

function anomaly(dir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...CLI, "--store", dir, ...args], { cwd: REPO_ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every file under the store with the SHA-256 of its bytes. */
async function checksums(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = createHash("sha256")
      .update(await readFile(path))
      .digest("hex");
  }
  return out;
}

async function health(url: string) {
  const res = await fetch(`${url}/health`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    status: string;
    models: number;
    damaged_models: { model: string }[];
    damaged_versions: { model: string; version: string; file: string; error: string }[];
  };
}

async function damagedVersionsGauge(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^anomaly_damaged_versions (\S+)$/m.exec(text)?.[1]);
}

describe("a damaged forest file", { timeout: 180_000 }, () => {
  it("shows in anomaly serve's /health and /metrics and fails anomaly doctor until retrained", async () => {
    const dir = await tempStore();
    let handle = await serve(dir);
    await trainedModel(handle.url, "m");
    await trainedModel(handle.url, "fine");
    expect(await health(handle.url)).toEqual({ status: "ok", models: 2, damaged_models: [], damaged_versions: [] });
    expect(await damagedVersionsGauge(handle.url)).toBe(0);
    await handle.close();

    const forest = (await readdir(join(dir, "m"))).find((f) => /^version_\w+\.forest$/.test(f)) as string;
    expect(forest).toBeDefined();
    const version = (/^version_(\w+)\.forest$/.exec(forest) as RegExpExecArray)[1];
    await writeFile(join(dir, "m", forest), "not a forest at all");

    handle = await serve(dir);
    const degraded = await health(handle.url);
    expect(degraded.status).toBe("degraded");
    expect(degraded.damaged_versions).toEqual([
      { model: "m", version, file: forest, error: expect.stringContaining(`${forest} cannot be decoded`) },
    ]);
    expect(await damagedVersionsGauge(handle.url)).toBe(1);
    await handle.close();

    // The main server (npm start) reports the same body as its /health's `anomaly` part.
    const service = new AnomalyService(new FileStore(dir, { durable: false }));
    try {
      const app = createApp({ anomaly: service, anomalyStoreRoot: dir });
      const main = (await (await app.request("/health")).json()) as { anomaly?: unknown };
      expect(main.anomaly).toEqual(degraded);
    } finally {
      await service.close();
    }

    const doctor = await anomaly(dir, "doctor");
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(new RegExp(`^m\\tdamaged\\t${forest} cannot be decoded.*anomaly train m\`$`, "m"));
    expect(doctor.stdout).toMatch(/^fine\tok\t/m);

    // The remedy doctor names rewrites the forest; everything is healthy again.
    expect((await anomaly(dir, "train", "m")).code).toBe(0);
    expect(await anomaly(dir, "doctor")).toMatchObject({ code: 0 });
    handle = await serve(dir);
    expect((await health(handle.url)).status).toBe("ok");
  });
});

describe("read-only commands", { timeout: 180_000 }, () => {
  it("ls, info, alerts and alert-log change no byte of a model with broken metadata or a torn log", async () => {
    const dir = await tempStore();
    const handle = await serve(dir);
    await trainedModel(handle.url, "broken");
    await trainedModel(handle.url, "torn");
    await handle.close();
    // A metadata.json that does not parse, beside an intact log: loading for writing would rebuild it.
    await writeFile(join(dir, "broken", "metadata.json"), '{"name": "broken", "n_seen": ');
    // A half-written last line: loading for writing would cut it off.
    await appendFile(join(dir, "torn", "data.jsonl"), '{"value": 1');
    const before = await checksums(dir);

    const ls = await anomaly(dir, "ls");
    expect(ls.code).toBe(0);
    expect(ls.stdout).toMatch(/^broken\tDAMAGED\t.*metadata\.json.*left as it is by a command that only reads/m);
    expect(ls.stdout).toMatch(/^torn\t60\t/m);
    const info = await anomaly(dir, "info", "broken");
    expect(info.code).toBe(1);
    expect(info.stderr).toContain("left as it is by a command that only reads");
    expect((await anomaly(dir, "info", "torn")).code).toBe(0);
    expect((await anomaly(dir, "alerts", "torn")).code).toBe(0);
    expect((await anomaly(dir, "alert-log", "torn")).code).toBe(0);

    // A write through a read-only store is refused outright, not half done.
    const readOnly = new FileStore(dir, { readOnly: true });
    await expect(readOnly.appendRecords("torn", [{ value: 2 }])).rejects.toThrow("this command only reads");
    await readOnly.close();

    expect(await checksums(dir)).toEqual(before);
  });
});
