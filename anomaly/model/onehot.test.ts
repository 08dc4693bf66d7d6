/**
 * The split rule next to one-hot columns (issue 9): a node is a leaf only
 * when every column is constant over it, and the split column is drawn among
 * the varying ones. With the old rule (a leaf as soon as the drawn column was
 * constant) a plain numeric outlier beside categorical columns scored near 0.
 *
 * The reference is scikit-learn itself, run live by onehotReference.py (the
 * same rows); where python3 cannot import sklearn the numbers it printed with
 * scikit-learn 1.2.1 are used instead, so the check never silently vanishes.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildForest } from "../forest/forest";
import { decodeForestFile } from "../forest/forestFile";
import { decisionOne } from "../forest/scoring";

const PYTHON = process.env.SKLEARN_PYTHON ?? "/usr/bin/python3";
const SCRIPT = fileURLToPath(new URL("./onehotReference.py", import.meta.url));
/** `onehotReference.py` with scikit-learn 1.2.1. */
const STORED: Record<string, number> = {
  "1": -0.13668880598267086,
  "3": -0.1081008138101246,
  "10": -0.03066368568503717,
};

function sklearnReference(): Record<string, number> {
  const r = spawnSync(PYTHON, [SCRIPT], { encoding: "utf8", timeout: 60_000 });
  if (r.status === 0) return JSON.parse(r.stdout) as Record<string, number>;
  console.warn(`scikit-learn unavailable (${PYTHON}): using the stored reference. ${r.stderr?.slice(-200) ?? ""}`);
  return STORED;
}

const N = 300;

/** The rows of onehotReference.py: one numeric column, then k one-hot columns. */
function rows(k: number) {
  const d = 1 + k;
  const data = new Float64Array(N * d);
  for (let i = 0; i < N; i++) {
    data[i * d] = 200 + ((i * 37) % 23) + 0.01 * (i % 11);
    data[i * d + 1 + (i % k)] = 1;
  }
  const outlier = new Float64Array(d);
  outlier[0] = 9000;
  outlier[1] = 1;
  return { matrix: { data, nRows: N, rowStride: d }, d, outlier };
}

describe("isolation forest beside one-hot columns", () => {
  it("scores a numeric outlier within 0.03 of scikit-learn's mean over 5 seeds, with 1, 3 and 10 one-hot columns", () => {
    const reference = sklearnReference();
    for (const k of [1, 3, 10]) {
      const { matrix, d, outlier } = rows(k);
      let sum = 0;
      for (const seed of [42, 43, 44, 45, 46]) {
        const forest = buildForest(matrix, d, { nTrees: 100, maxSamples: 256, seed });
        sum += decisionOne(forest, outlier);
      }
      const ours = sum / 5;
      console.log(`k=${k}: ours ${ours.toFixed(4)}, scikit-learn ${reference[String(k)].toFixed(4)}`);
      expect(Math.abs(ours - reference[String(k)]), `k=${k}`).toBeLessThanOrEqual(0.03);
    }
  });

  it("a constant column never ends a node while another column still varies", () => {
    const { matrix, d } = rows(1);
    const forest = buildForest(matrix, d, { nTrees: 20, maxSamples: 64, seed: 42 });
    for (let t = 0; t < forest.nTrees; t++) {
      const root = forest.roots[t];
      // Column 1 is constant (every row is category 0): the root splits column 0.
      expect(forest.feature[root]).toBe(0);
    }
    for (let i = 0; i < forest.feature.length; i++) expect(forest.feature[i]).not.toBe(1);
  });

  it("every column constant over a node makes it a leaf", () => {
    const data = new Float64Array(2 * 50).fill(7);
    const forest = buildForest({ data, nRows: 50, rowStride: 2 }, 2, { nTrees: 3, maxSamples: 32, seed: 42 });
    expect(Array.from(forest.feature)).toEqual([-1, -1, -1]);
    expect(Array.from(forest.size)).toEqual([32, 32, 32]);
  });
});

describe("forest files grown by the old rule", () => {
  // Written before the rule changed: 3 trees × 8 samples over [numeric,
  // constant 1, constant 0]; trees 2 and 3 stopped at the root because the
  // drawn column was constant. The file format never recorded the rule.
  const OLD =
    "QU5PTUZPUjEFAAAAAAAAAGRhaWx5AAAAAAAA4L+4HoXrUbi+PwMAAAAAAAAACAAAAAAAAABkNWosuV4KQAMAAAAAAAAAAwAAAAAAAAAAAAAAAAAAAAMAAAAAAAAABAAAAAAAAAAHAAAAAAAAAAcAAAAAAAAAAAAAAAAAAAD///////////////////////////////8AAAAAAAAAAP////////////////////8HAAAAAAAAAEWACRFLJOE/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAE2i7+bHa6z8AAAAAAAAAAAAAAAAAAAAABwAAAAAAAAABAAAAAAAAAP///////////////////////////////wUAAAAAAAAA/////////////////////wcAAAAAAAAAAgAAAAAAAAD///////////////////////////////8GAAAAAAAAAP////////////////////8HAAAAAAAAAAgAAAAAAAAABAAAAAAAAAAEAAAAAAAAAAgAAAAAAAAACAAAAAAAAAAHAAAAAAAAAAEAAAAAAAAA";

  it("still load and score exactly as before", () => {
    const stored = decodeForestFile(new Uint8Array(Buffer.from(OLD, "base64")), "daily");
    expect(stored).not.toBeNull();
    const forest = stored?.forest as NonNullable<typeof stored>["forest"];
    expect(Array.from(forest.feature)).toEqual([0, -1, -1, -1, 0, -1, -1]);
    expect(decisionOne(forest, Float64Array.from([0.5, 1, 0]))).toBe(0.009814362167563817);
    expect(decisionOne(forest, Float64Array.from([9, 1, 0]))).toBe(-0.1059069229051296);
  });
});
