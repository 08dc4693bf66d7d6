// Reading the optional `expected` field of a verdict.
import { describe, expect, it } from "vitest";
import { expectations } from "./expectedBand";

describe("expected bands in verdicts", () => {
  it("reads value with lower/upper, low/high or a band pair, and skips what is not a band", () => {
    expect(
      expectations({
        expected: {
          cpu: { value: 50, lower: 40, upper: 60 },
          mem: { low: 1, high: 2 },
          disk: { band: [3, 4] },
          site: { value: "north" },
          bad: 7,
        },
      }),
    ).toEqual({
      cpu: { value: 50, lower: 40, upper: 60 },
      mem: { lower: 1, upper: 2 },
      disk: { lower: 3, upper: 4 },
    });
  });

  it("is null for verdicts without the field (servers that do not compute it)", () => {
    expect(expectations({ anomaly: true, score: -0.2 })).toBeNull();
    expect(expectations({ expected: {} })).toBeNull();
    expect(expectations(null)).toBeNull();
  });
});
