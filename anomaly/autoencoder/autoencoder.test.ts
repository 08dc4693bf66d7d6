import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Xoshiro256 } from "../forest/prng";
import { FileStore } from "../node/fileStore";
import { AnomalyService } from "../service";
import { parseAutoencoderRequest } from "./autoencoder";
import { initMlp, reconstructionErrors, trainMlp } from "./mlp";

/** Points near a 1-D curve in 3-D: an autoencoder can learn them. */
function curve(n: number, seed: number): Float64Array {
  const g = new Xoshiro256(seed);
  const out = new Float64Array(n * 3);
  for (let i = 0; i < n; i++) {
    const t = g.u01();
    out.set([t, t * t, 1 - t], i * 3);
  }
  return out;
}

describe("MLP", () => {
  it("Adam training lowers the validation loss and is deterministic per seed", () => {
    const train = curve(400, 1);
    const val = curve(50, 2);
    const run = () => {
      const rng = new Xoshiro256(42);
      const mlp = initMlp([3, 8, 3], rng);
      const before = reconstructionErrors(mlp, val, 50).reduce((a, b) => a + b) / 50;
      const best = trainMlp(mlp, train, 400, val, 50, rng, {
        learningRate: 0.01,
        l2: 1e-4,
        maxEpochs: 60,
        batchSize: 200,
        patience: 10,
        tolerance: 1e-6,
      });
      return { before, best, w: Array.from(mlp.weights[0]) };
    };
    const a = run();
    expect(a.best).toBeLessThan(a.before / 4);
    expect(run().w).toEqual(a.w);
  });

  it("Glorot-uniform weights stay inside ±√(6/(fan_in+fan_out)), biases start at 0", () => {
    const mlp = initMlp([12, 64, 32, 64, 12], new Xoshiro256(42));
    mlp.weights.forEach((w, l) => {
      const limit = Math.sqrt(6 / (mlp.layers[l] + mlp.layers[l + 1]));
      for (const x of w) expect(Math.abs(x)).toBeLessThanOrEqual(limit);
    });
    for (const b of mlp.biases) expect(b.every((x) => x === 0)).toBe(true);
  });
});

describe("autoencoder version", () => {
  it("validates requests", () => {
    expect(parseAutoencoderRequest(undefined)).toEqual({ hidden: [64, 32, 64], contamination: 0.1 });
    expect(parseAutoencoderRequest({ contamination: 0 }).contamination).toBe(0.1);
    expect(parseAutoencoderRequest({ hidden: [8, 4, 8], contamination: 0.05 })).toEqual({
      hidden: [8, 4, 8],
      contamination: 0.05,
    });
    expect(() => parseAutoencoderRequest({ hidden: [0] })).toThrow();
    expect(() => parseAutoencoderRequest({ hidden: "64" })).toThrow();
    expect(() => parseAutoencoderRequest([1])).toThrow();
  });

  it("trains on request, joins the verdict, persists, and goes away on reset", async () => {
    const root = mkdtempSync(join(tmpdir(), "anomaly-ae-"));
    let svc = new AnomalyService(new FileStore(root, { durable: false }));
    for (let i = 0; i < 30; i++) await svc.detect("m", { x: i }, 1000 + i);
    await expect(svc.trainAutoencoder("m", {})).rejects.toMatchObject({ status: 400 });
    const g = new Xoshiro256(5);
    for (let i = 30; i < 300; i++) {
      const t = g.u01();
      await svc.detect("m", { x: t, y: t * t, z: 1 - t }, 1000 + i);
    }
    const r = await svc.trainAutoencoder("m", { hidden: [16, 8, 16] });
    expect(r.status).toBe("success");
    expect(r.training_data_points + r.filtered_anomalies).toBe(300);
    expect(r.filtered_anomalies).toBeGreaterThan(0);
    expect(r.reconstruction_threshold).toBeGreaterThan(0);
    svc = new AnomalyService(new FileStore(root, { durable: false }));
    const normal = await svc.detectOnly("m", { x: 0.5, y: 0.25, z: 0.5 });
    const odd = await svc.detectOnly("m", { x: 0.5, y: 5, z: -3 });
    if (normal.status !== "success" || odd.status !== "success") throw new Error("expected verdicts");
    expect(normal.versions.autoencoder.threshold_info.margin).toBe(0.05);
    expect(odd.versions.autoencoder.score).toBeLessThan(normal.versions.autoencoder.score);
    expect(odd.versions.autoencoder.anomaly).toBe(true);
    await svc.reset("m");
    for (let i = 0; i < 50; i++) await svc.detect("m", { x: i }, 2000 + i);
    const after = await svc.detectOnly("m", { x: 3 });
    expect(after.status === "success" && "autoencoder" in after.versions).toBe(false);
  });
});
