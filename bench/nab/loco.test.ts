// The leave-one-category-out protocol on series whose best settings are
// known: each fold chooses on the other groups only and scores the held-out
// group with that choice.
import { describe, expect, it } from "vitest";
import type { Series } from "./corpus";
import { CANDIDATES, chooseOn, DEFAULTS, groupOf, leaveOneGroupOut, type Scored, scoreWith } from "./loco";
import { PROFILES } from "./scoring";

const standard = PROFILES[0];

/** 1000 five-minute rows, one window at 600–699; one band's severity `peak` at row 610, `noise` at every 50th row. */
function synthetic(category: string, peak: number, noise: number): Scored {
  const n = 1000;
  const times = Array.from({ length: n }, (_, i) => 1_700_000_000 + 300 * i);
  const series: Series = {
    key: `${category}/s.csv`,
    category,
    times,
    isoTimes: times.map((t) => new Date(t * 1000).toISOString()),
    values: new Array(n).fill(0),
    windows: [[600, 699]],
  };
  const severity = new Float64Array(n);
  for (let i = 200; i < n; i += 50) if (i < 600 || i > 699) severity[i] = noise;
  severity[610] = peak;
  return { series, parts: { "band:value": severity } };
}

describe("leave-one-category-out", () => {
  it("groups every artificial folder together and each real source on its own", () => {
    expect(groupOf("artificialNoAnomaly")).toBe("artificial");
    expect(groupOf("artificialWithAnomaly")).toBe("artificial");
    expect(groupOf("realAWSCloudwatch")).toBe("AWSCloudwatch");
  });

  it("chooses the threshold that separates the training group's anomalies from its noise", () => {
    // Anomalies at 60 and noise at 50: the default (46) pays for the noise, 56 does not.
    const train = [synthetic("realA", 60, 50)];
    const chosen = chooseOn(train, standard);
    expect(chosen.threshold).toBeGreaterThan(50);
    expect(chosen.threshold).toBeLessThanOrEqual(60);
    expect(scoreWith(train, chosen, standard)).toBeGreaterThan(scoreWith(train, DEFAULTS, standard));
    // A search that finds nothing better keeps the default.
    expect(chooseOn([synthetic("realA", 90, 0)], standard)).toEqual(DEFAULTS);
    expect(CANDIDATES.threshold).toContain(DEFAULTS.threshold);
  });

  it("moves a setting only for a gain the training series share, not one carried by a single series", () => {
    // One noisy series gains from a higher threshold; three clean ones neither gain nor lose.
    const noisy = synthetic("realA", 60, 50);
    const clean = [1, 2, 3].map(() => synthetic("realA", 90, 0));
    expect(scoreWith([noisy, ...clean], { ...DEFAULTS, threshold: 56.02 }, standard)).toBeGreaterThan(
      scoreWith([noisy, ...clean], DEFAULTS, standard),
    );
    expect(chooseOn([noisy, ...clean], standard).threshold).toBe(DEFAULTS.threshold);
    // Two series that both gain: the gain is shared and the threshold moves.
    expect(chooseOn([noisy, synthetic("realA", 60, 50)], standard).threshold).toBeGreaterThan(50);
  });

  it("replays the sustained-departure rule with the candidate slack and limit", () => {
    // Severity 36 on 20 rows of the window: none flags alone (the lowest candidate threshold is
    // 36.02); each adds 6 over the default slack's level (30), 120 in all: under the default
    // limit (200), over a limit of 100.
    const x = synthetic("realA", 0, 0);
    (x.parts["band:value"] as Float64Array).fill(36, 600, 620);
    expect(scoreWith([x], DEFAULTS, standard)).toBe(0);
    expect(scoreWith([x], { ...DEFAULTS, limit: 100 }, standard)).toBeGreaterThan(0);
    expect(scoreWith([x], { ...DEFAULTS, slack: 24 }, standard)).toBeGreaterThan(0);
    // So the search leaves the defaults and catches it.
    const chosen = chooseOn([x], standard);
    expect(chosen).not.toEqual(DEFAULTS);
    expect(scoreWith([x], chosen, standard)).toBeGreaterThan(0);
    expect(CANDIDATES.slack).toContain(DEFAULTS.slack);
    expect(CANDIDATES.limit).toContain(DEFAULTS.limit);
  });

  it("scores each held-out group with the settings chosen on the others only", () => {
    // Group A's anomalies are faint (severity 40); group B's noise sits at 50.
    const list = [synthetic("realA", 40, 0), synthetic("realB", 70, 50)];
    const folds = leaveOneGroupOut(list, standard);
    expect(folds.map((f) => [f.heldOut, f.trainedOn])).toEqual([
      ["A", ["B"]],
      ["B", ["A"]],
    ]);
    const [heldA, heldB] = folds;
    // Chosen on B: a threshold above B's noise, which misses A's faint anomaly.
    expect(heldA.chosen.threshold).toBeGreaterThan(50);
    expect(heldA.heldOutScore).toBe(scoreWith([list[0]], heldA.chosen, standard));
    expect(heldA.heldOutScore).toBeLessThan(heldA.trainScore);
    // Chosen on A: a threshold low enough for 40, which pays for B's noise.
    expect(heldB.chosen.threshold).toBeLessThanOrEqual(40);
    expect(heldB.heldOutScore).toBeLessThan(heldA.trainScore);
  });
});
