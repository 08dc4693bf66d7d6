// Forest files take effect with the metadata naming them (forestStaging.ts):
// a process killed after some of a training's forest files were written
// restarts with the forests and metadata of one consistent training, and
// goes on exactly as a model that never stopped (same metadata, alert state
// included, and same verdicts).
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CpuBackend } from "../backends/backend";
import { AnomalyService, type DetectAnswer } from "../service";
import type { StoredForest } from "../store/store";
import { steadyRecord } from "../testing";
import { FileStore } from "./fileStore";

const T0 = 1_700_000_000;
const newRoot = () => mkdtempSync(join(tmpdir(), "forest-staging-"));
const quiet = { durable: false, log: () => {} };

/** A file store that copies its whole folder away right after its n-th forest file is written: the disk a kill then leaves. */
class SnapshotAfterForest extends FileStore {
  written = 0;
  snapshot: string | null = null;
  constructor(
    root: string,
    private readonly nth: number,
  ) {
    super(root, quiet);
  }
  override async saveForest(model: string, version: string, forest: StoredForest): Promise<void> {
    await super.saveForest(model, version, forest);
    if (++this.written === this.nth) {
      this.snapshot = newRoot();
      cpSync(this.root, this.snapshot, { recursive: true });
    }
  }
}

/** Points `from`..`to`−1, a minute apart, with a spike now and then and a level shift from 170 on. */
async function feed(svc: AnomalyService, from: number, to: number): Promise<DetectAnswer[]> {
  const out: DetectAnswer[] = [];
  for (let i = from; i < to; i++) {
    const r = steadyRecord(i);
    if (i > 120 && i % 37 === 0) r.cpu = 400;
    if (i >= 170) r.cpu = (r.cpu as number) + 30;
    out.push(await svc.detect("m", r, T0 + 60 * i));
  }
  return out;
}

const END = 220;
/** A file's digest (a failing comparison of megabytes of forest bytes takes minutes to print), or null when absent. */
const digest = (path: string) =>
  existsSync(path) ? createHash("sha256").update(readFileSync(path)).digest("hex") : null;
const open = (root: string) => new AnomalyService(new FileStore(root, quiet), { backend: new CpuBackend() });

describe("a kill while a training's forest files are being written", () => {
  it("restarts with the forests its metadata names, and then gives the metadata and verdicts of a model that never stopped", {
    timeout: 600_000,
  }, async () => {
    const straightRoot = newRoot();
    const straight = open(straightRoot);
    const expected = await feed(straight, 0, END);
    await straight.close();
    // A kill after each forest file of the model's second training (its
    // first written beside later appends), before the last.
    const files = readdirSync(join(straightRoot, "m")).filter((f) => f.endsWith(".forest"));
    for (let nth = files.length + 1; nth < 2 * files.length; nth++) {
      const root = newRoot();
      const store = new SnapshotAfterForest(root, nth);
      const svc = new AnomalyService(store, { backend: new CpuBackend() });
      for (let i = 0; store.snapshot === null && i < END; i++) await feed(svc, i, i + 1);
      await svc.close();
      const crashed = store.snapshot;
      if (crashed === null) throw new Error(`only ${store.written} forest files were written`);
      // The forests in force are those of the training the metadata on disk
      // names: those of a model that never stopped, at that checkpoint.
      const checkpoint = JSON.parse(readFileSync(join(crashed, "m", "metadata.json"), "utf8")).n_seen as number;
      const atCheckpoint = newRoot();
      const reference = open(atCheckpoint);
      await feed(reference, 0, checkpoint);
      await reference.close();
      await new FileStore(crashed, quiet).loadMetadata("m");
      for (const f of files) {
        expect(digest(join(crashed, "m", f)), `killed after forest file ${nth}: ${f}`).toEqual(
          digest(join(atCheckpoint, "m", f)),
        );
      }
      // No file of a training that no metadata named is left behind.
      expect(readdirSync(join(crashed, "m")).filter((f) => /\.forest\.s/.test(f))).toEqual([]);
      // The acknowledged points and the one in flight are on that disk; the
      // client retries the rest.
      const restarted = open(crashed);
      const nSeen = (await restarted.metadata("m")).n_seen;
      const after = await feed(restarted, nSeen, END);
      await restarted.close();
      expect(
        after.map((a) => JSON.stringify(a.body)),
        `killed after forest file ${nth}`,
      ).toEqual(expected.slice(nSeen).map((a) => JSON.stringify(a.body)));
    }
  });
});

describe("the forest stage named by the metadata on disk", () => {
  it("is put in force on load when a kill came between the metadata and the renames; any other stage is dropped", async () => {
    const root = newRoot();
    const svc = open(root);
    await feed(svc, 0, 60);
    await svc.close();
    const dir = join(root, "m");
    const forest = readdirSync(dir).find((f) => f.endsWith(".forest")) as string;
    const version = forest.replace(/^version_/, "").replace(/\.forest$/, "");
    // A committed stage whose rename did not happen, holding a copy of another version's file.
    const other = readdirSync(dir).find((f) => f.endsWith(".forest") && f !== forest) as string;
    const otherBytes = readFileSync(join(dir, other));
    writeFileSync(join(dir, `${forest}.sabc`), otherBytes);
    writeFileSync(join(dir, `${forest}.sdef`), "an uncommitted stage");
    const metaPath = join(dir, "metadata.json");
    const meta = JSON.parse(readFileSync(metaPath, "utf8"));
    meta.forests_staged = { id: "abc", versions: { [version]: "write" } };
    writeFileSync(metaPath, JSON.stringify(meta));
    const store = new FileStore(root, quiet);
    await store.loadMetadata("m");
    expect(readFileSync(join(dir, forest))).toEqual(otherBytes);
    expect(readdirSync(dir).filter((f) => /\.forest\.s/.test(f))).toEqual([]);
    await store.close();
  });
});
