import { describe, expect, it } from "vitest";
import { Ring } from "./ring";
import { defaultVersions } from "./versions";
import { slidingWindows, windowStart } from "./windows";

describe("training windows", () => {
  const minutes = (n: number, now: number) => Array.from({ length: n }, (_, i) => now - (n - 1 - i) * 60);

  it("starts at the first point within window_min minutes", () => {
    const now = 1_000_000;
    const times = minutes(1000, now); // one point a minute
    expect(windowStart(times, now, { window_min: 180, window_pts: 0 })).toBe(1000 - 181);
    expect(windowStart(times, now, { window_min: 0, window_pts: 0 })).toBe(0);
  });

  it("caps by window_pts", () => {
    const now = 1_000_000;
    const times = minutes(1000, now);
    expect(windowStart(times, now, { window_min: 180, window_pts: 100 })).toBe(900);
  });

  it("falls back to the most recent 50 when 50 or fewer remain", () => {
    const now = 1_000_000;
    const old = Array.from({ length: 300 }, (_, i) => i); // all long ago
    expect(windowStart(old, now, { window_min: 180, window_pts: 0 })).toBe(250);
    const times = minutes(300, now);
    expect(windowStart(times, now, { window_min: 10, window_pts: 0 })).toBe(250);
    expect(windowStart(times, now, { window_min: 50, window_pts: 0 })).toBe(249);
    expect(windowStart(minutes(30, now), now, { window_min: 10, window_pts: 0 })).toBe(0);
  });

  it("the default versions are the documented five, in order", () => {
    const v = defaultVersions();
    expect(
      v.map((x) => [
        x.vname,
        x.window_min,
        x.window_size,
        x.step_size,
        x.n_estimators,
        x.max_samples,
        x.decision_margin,
      ]),
    ).toEqual([
      ["short_term", 180, 0, 0, 200, 256, 0.16],
      ["daily", 1440, 0, 0, 300, 256, 0.12],
      ["weekly", 10080, 0, 0, 350, 256, 0.06],
      ["seasonal", 129600, 0, 0, 400, 256, 0.08],
      ["timevector", 0, 100, 1, 200, 256, 0.1],
    ]);
    expect(v.every((x) => x.enabled && x.contamination === "auto" && x.window_pts === 0)).toBe(true);
  });
});

describe("sliding windows (timevector geometry)", () => {
  it("has ⌊(cnt − W)/S⌋ + 1 rows of W consecutive rows, oldest first", () => {
    const nFeat = 2;
    const rows = 10;
    const m = Float64Array.from({ length: rows * nFeat }, (_, i) => i);
    const w = slidingWindows(m, nFeat, 1, 9, 3, 2);
    expect(w).not.toBeNull();
    if (w === null) return;
    expect(w.nRows).toBe(Math.floor((9 - 3) / 2) + 1);
    const row = (k: number) => Array.from(w.data.subarray(k * w.rowStride, k * w.rowStride + 3 * nFeat));
    expect(row(0)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(row(1)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(row(3)).toEqual([14, 15, 16, 17, 18, 19]);
  });
  it("step 0 means 1, and too few rows means no forest", () => {
    const m = new Float64Array(10);
    expect(slidingWindows(m, 1, 0, 10, 4, 0)?.nRows).toBe(7);
    expect(slidingWindows(m, 1, 0, 3, 4, 1)).toBeNull();
  });
});

describe("ring", () => {
  it("evicts the oldest at capacity", () => {
    const r = new Ring(3);
    for (let i = 0; i < 5; i++) r.push({ i }, i);
    expect(r.length).toBe(3);
    expect(r.full).toBe(true);
    expect(r.toArray()).toEqual([{ i: 2 }, { i: 3 }, { i: 4 }]);
    expect(Array.from(r.timesArray())).toEqual([2, 3, 4]);
    expect(r.toArray(1)).toEqual([{ i: 3 }, { i: 4 }]);
  });
});
