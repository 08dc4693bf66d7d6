// Scheduled trainings with the server's backend (a real training thread)
// and the real file store: the thread that serves requests encodes no forest
// file and compiles no forest for scoring while a model retrains (the
// training thread hands both back ready), handles at most a slice of the
// ring per turn of its event loop, and the forests trained are on disk,
// decoding to the forests that scored.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeForestFile } from "../forest/forestFile";
import { forestWork } from "../forest/threadWork";
import { TRAINING_SLICE, trainingSlices } from "../model/trainingInput";
import { AnomalyService } from "../service";
import { steadyRecord } from "../testing";
import { FileStore } from "./fileStore";
import { WorkerBackend } from "./workerBackend";

const T0 = 1_700_000_000;

describe("scheduled trainings on the training thread", () => {
  it("leave no forest encoding or compiling to the thread serving requests, and their forests reach the disk", async () => {
    const root = mkdtempSync(join(tmpdir(), "training-off-thread-"));
    const backend = new WorkerBackend();
    const svc = new AnomalyService(new FileStore(root, { log: () => {} }), { backend });
    try {
      const encoded = forestWork.encodedBytes;
      const compiled = forestWork.compiled;
      // A young model retrains every 50 points; points a minute apart pass
      // the stream-clock lag, so each training takes effect.
      for (let i = 0; i < 420; i++) await svc.detect("m", steadyRecord(i), T0 + 60 * i);
      const counts = svc.trainingCounts("m");
      await svc.close();
      expect(counts?.applied ?? 0).toBeGreaterThanOrEqual(5);
      expect(forestWork.encodedBytes - encoded).toBe(0);
      expect(forestWork.compiled - compiled).toBe(0);
      expect(trainingSlices.largest).toBeLessThanOrEqual(TRAINING_SLICE);
      const files = readdirSync(join(root, "m")).filter((f) => /^version_\w+\.forest$/.test(f));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        const vname = f.slice("version_".length, -".forest".length);
        expect(decodeForestFile(new Uint8Array(readFileSync(join(root, "m", f))), vname)).not.toBeNull();
      }
    } finally {
      await svc.close();
      await backend.close();
    }
  });
});
