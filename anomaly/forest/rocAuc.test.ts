import { describe, expect, it } from "vitest";
import { rocAuc } from "./rocAuc";

describe("ROC-AUC", () => {
  it("is 1 for a perfect ranking, 0.5 for ties, and averages tied ranks", () => {
    expect(rocAuc([0.1, 0.2, 0.9, 0.8], [0, 0, 1, 1])).toBe(1);
    expect(rocAuc([1, 1, 1, 1], [0, 1, 0, 1])).toBe(0.5);
    // scikit-learn: roc_auc_score([0,0,1,1],[0.1,0.4,0.35,0.8]) = 0.75
    expect(rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBe(0.75);
  });
});
