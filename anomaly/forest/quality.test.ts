/**
 * Checks the forest against published scikit-learn ROC-AUC figures on the
 * ADBench datasets (100 trees, 256 samples, all rows, no scaling: a split is
 * drawn uniformly between a column's min and max, so per-column affine
 * scaling cannot change the trees).
 *
 * scikit-learn's figures are means over 5 seeds and its own seed-to-seed
 * spread is larger than the tolerance (satellite: 0.67–0.73), so the
 * assertion compares like with like: our mean over seeds 42–46. The seed-42
 * value is printed too and held to 0.025, about scikit-learn's own spread.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CpuBackend } from "../backends/backend";
import { buildForest } from "./forest";
import { rocAuc } from "./rocAuc";
import { decisionFunction } from "./scoring";

const DATA = "/work/shared/data/adbench";
const SKLEARN: Record<string, number> = {
  breastw: 0.988,
  cardio: 0.932,
  shuttle: 0.997,
  satellite: 0.696,
  mammography: 0.859,
};

function load(name: string) {
  const lines = readFileSync(`${DATA}/${name}.csv`, "utf8").trim().split("\n").slice(1);
  const d = lines[0].split(",").length - 1;
  const data = new Float64Array(lines.length * d);
  const labels = new Int8Array(lines.length);
  lines.forEach((line, i) => {
    const f = line.split(",").map(Number);
    for (let j = 0; j < d; j++) data[i * d + j] = f[j];
    labels[i] = f[d];
  });
  return { rows: { data, nRows: lines.length, rowStride: d }, d, labels };
}

describe.skipIf(!existsSync(DATA))("quality against scikit-learn (ADBench)", () => {
  it("ROC-AUC within 0.015 of scikit-learn's on every dataset", async () => {
    const backend = new CpuBackend();
    const table: Record<string, unknown>[] = [];
    for (const [name, reference] of Object.entries(SKLEARN)) {
      const { rows, d, labels } = load(name);
      const aucs: number[] = [];
      for (const seed of [42, 43, 44, 45, 46]) {
        const forest = buildForest(rows, d, { nTrees: 100, maxSamples: 256, seed });
        const decision = await decisionFunction(backend, forest, rows);
        aucs.push(
          rocAuc(
            Array.from(decision, (x) => -x),
            labels,
          ),
        );
      }
      const mean = aucs.reduce((a, b) => a + b) / aucs.length;
      table.push({
        dataset: name,
        rows: rows.nRows,
        sklearn: reference,
        seed42: +aucs[0].toFixed(4),
        mean5: +mean.toFixed(4),
        diff: +(mean - reference).toFixed(4),
      });
      expect(Math.abs(mean - reference), name).toBeLessThanOrEqual(0.015);
      // A single seed is held to scikit-learn's own single-seed spread.
      expect(Math.abs(aucs[0] - reference), `${name} seed 42`).toBeLessThanOrEqual(0.025);
    }
    console.table(table);
  });
});
