// A crash between a batch's append and its checkpoint (metadata, forests)
// leaves records on disk that the checkpoint does not describe. Loading takes
// them again as ingest did, so the model goes on as if it never stopped: a
// training one of them made due happens at the same point, and the verdicts
// after the restart equal those of a model that ran straight through (the
// cluster's takeover after kill -9 depends on this).
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileStore } from "../node/fileStore";
import { AnomalyService, type DetectAnswer } from "../service";
import { steadyRecord } from "../testing";

const T0 = 1_700_000_000;
const open = (root: string) => new AnomalyService(new FileStore(root, { durable: false, log: () => {} }));

/** Points from..to-1, a category appearing late so the encoder's order matters too. */
async function feed(svc: AnomalyService, from: number, to: number): Promise<DetectAnswer[]> {
  const out: DetectAnswer[] = [];
  for (let i = from; i < to; i++) {
    const record = { ...steadyRecord(i), ...(i >= 97 && i % 5 === 0 ? { host: "c" } : {}) };
    out.push(await svc.detect("m", record, T0 + 60 * i));
  }
  return out;
}

/** Copies a model folder's checkpoint files (metadata and forests), not its data log. */
function copyCheckpoint(from: string, to: string, withForests: boolean): void {
  for (const f of readdirSync(from)) {
    if (f === "metadata.json" || (withForests && f.endsWith(".forest"))) cpSync(join(from, f), join(to, f));
  }
}

describe("loading records written after the checkpoint", () => {
  // Point 100 starts a training beside ingest; it takes effect at 150, where
  // the next one starts, to take effect at 200, where the next one starts
  // (on the ring at 200) to take effect at 250. Point 200's checkpoint
  // names that training in flight (pending_training).
  for (const lost of ["metadata and forests", "metadata only", "nothing"]) {
    it(`switches forests where the live model did, when a crash lost ${lost} of the checkpoint at point 200`, async () => {
      const straight = open(mkdtempSync(join(tmpdir(), "catchup-a-")));
      const expected = [...(await feed(straight, 0, 195)), ...(await feed(straight, 195, 300))];
      await straight.close();

      const root = mkdtempSync(join(tmpdir(), "catchup-b-"));
      const old = mkdtempSync(join(tmpdir(), "catchup-old-"));
      let svc = open(root);
      const got = await feed(svc, 0, 195);
      copyCheckpoint(join(root, "m"), old, true);
      got.push(...(await feed(svc, 195, 205)));
      await svc.close();
      expect(readdirSync(old)).toContain("metadata.json");
      if (lost === "metadata and forests") {
        for (const f of readdirSync(join(root, "m")).filter((x) => x.endsWith(".forest"))) rmSync(join(root, "m", f));
      }
      if (lost !== "nothing") copyCheckpoint(old, join(root, "m"), lost === "metadata and forests");
      svc = open(root);
      const meta = await svc.metadata("m");
      expect(meta.n_seen).toBe(205);
      expect(meta.pending_training).toMatchObject({ from: 200, at: 250 });
      got.push(...(await feed(svc, 205, 300)));
      await svc.close();
      const body = (a: DetectAnswer) => JSON.stringify(a.body);
      // With the forests of point 200 on disk but the metadata of point 150,
      // the points in between are scored again (for the alert state) with
      // forests newer than the ones that scored them live: from the next
      // training in force on, the verdicts are those of the live model.
      const from = lost === "metadata only" ? 250 : 205;
      expect(got.slice(from).map(body)).toEqual(expected.slice(from).map(body));
    });
  }
});
