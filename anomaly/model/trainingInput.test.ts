import { describe, expect, it } from "vitest";
import { seededUniform } from "../testing";
import { checkRecord, featureNames, learnRecord, Projector } from "./encoding";
import { newMetadata } from "./metadata";
import { fitNovelty } from "./novelty";
import { noveltyInSlices, projectInSlices, TRAINING_SLICE, trainingSlices } from "./trainingInput";

/** A full-sized ring's worth of mixed records: numbers, a few categories, an id-like column, gaps. */
function ring(n: number) {
  const random = seededUniform(11);
  const meta = newMetadata("m", 0, []);
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const r: Record<string, unknown> = { cpu: 100 * random(), host: `h${Math.floor(random() * 5)}`, id: `r${i}` };
    if (i % 7 === 0) delete r.host;
    learnRecord(meta, checkRecord(r));
    records.push(r);
  }
  return { meta, records };
}

describe("a training's input in slices", () => {
  it("projects and counts exactly as in one go, never more than a slice of records between two turns", async () => {
    const n = 3 * TRAINING_SLICE + 123;
    const { meta, records } = ring(n);
    const projector = new Projector(meta, featureNames(meta));
    let turns = 0;
    const turn = async () => {
      turns++;
    };
    const before = trainingSlices.slices;
    const matrix = await projectInSlices(projector, records, turn);
    expect([...matrix]).toEqual([...projector.projectAll(records)]);
    expect(turns).toBe(3);
    const novelty = await noveltyInSlices(["host", "id"], records, turn);
    expect(novelty).toEqual(fitNovelty(["host", "id"], records));
    // The id column passed the cap: not checked, as in one go.
    expect(novelty.map((c) => c.column)).toEqual(["host"]);
    expect(turns).toBe(6);
    expect(trainingSlices.slices - before).toBe(8);
    expect(trainingSlices.largest).toBeLessThanOrEqual(TRAINING_SLICE);
  });

  it("makes the matrix in shared memory, so handing it to a training thread copies nothing", async () => {
    const { meta, records } = ring(10);
    const matrix = await projectInSlices(new Projector(meta, featureNames(meta)), records);
    expect(matrix.buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
