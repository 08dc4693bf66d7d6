// The streamed export spells exactly JSON.stringify(bundle), slice by slice.
import { describe, expect, it } from "vitest";
import { AnomalyService, MemoryStore, type ModelBundle } from "../../anomaly";
import { steadyRecord } from "../../anomaly/testing";
import { bundleStream } from "./exportStream";

async function text(bundle: ModelBundle): Promise<string> {
  return new Response(bundleStream(bundle)).text();
}

describe("the streamed export", () => {
  it("is JSON.stringify(bundle), byte for byte, for a trained model, an untrained one and one with feedback", async () => {
    const svc = new AnomalyService(new MemoryStore());
    for (let i = 0; i < 2500; i++) await svc.detect("big", { ...steadyRecord(i), timestamp: 1_700_000_000 + i * 60 });
    for (let i = 0; i < 10; i++) await svc.detect("small", steadyRecord(i), 1_700_000_000 + i);
    await svc.addMaintenance("big", { from: 1_700_000_000, to: 1_700_000_600, note: "upgrade" });
    for (const name of ["big", "small"]) {
      const bundle = await svc.exportModel(name);
      expect(await text(bundle)).toBe(JSON.stringify(bundle));
    }
    const odd = { format: 1, metadata: { a: [1, 2] }, ring: [], forests: {}, autoencoder: null, feedback: undefined };
    expect(await text(odd as unknown as ModelBundle)).toBe(JSON.stringify(odd));
  }, 120_000);
});
