// The stream's own clock, calibration and the band, on a 30-day seasonal
// series (a daily cycle plus noise, one point every 30 minutes): replaying it
// with timestamps equals living through it, few normal points are flagged,
// and a spike, a level shift and a drop to zero are caught at once.
import { describe, expect, it } from "vitest";
import { AnomalyService, type DetectAnswer, type VerdictOptions } from "../service";
import { MemoryStore } from "../store/memoryStore";
import { severityThreshold } from "./calibration";

const T0 = Date.UTC(2024, 0, 1) / 1000;
const STEP = 1800;
const DAYS = 30;
const N = (DAYS * 86_400) / STEP;

/** Deterministic noise (a 32-bit LCG turned into a sum of uniforms ≈ normal). */
function noise(seed: number) {
  let s = seed >>> 0;
  const uniform = () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
  return () => uniform() + uniform() + uniform() + uniform() - 2;
}

function seasonal(): number[] {
  const next = noise(7);
  return Array.from({ length: N }, (_, i) => 100 + 30 * Math.sin((2 * Math.PI * i * STEP) / 86_400) + 3 * next());
}

const iso = (t: number) => new Date(t * 1000).toISOString().replace(".000Z", "Z");
const verdictOf = (a: DetectAnswer) => (a.body.status === "success" ? a.body : null);

/** Feeds values as records carrying their own timestamp (a back-fill); the wall clock is far away. */
async function replay(
  values: number[],
  mutate: (i: number, v: number) => number = (_, v) => v,
  options: VerdictOptions = {},
) {
  const svc = new AnomalyService(new MemoryStore(), { clock: () => T0 + 10 * 365 * 86_400 });
  const out: DetectAnswer[] = [];
  for (let i = 0; i < values.length; i++) {
    out.push(await svc.detect("m", { timestamp: iso(T0 + i * STEP), value: mutate(i, values[i]) }, undefined, options));
  }
  return { svc, out };
}

describe("the stream's clock", () => {
  it("replaying a month with timestamps gives the verdicts of living through it", async () => {
    const values = seasonal();
    const { out: replayed } = await replay(values);
    const live = new AnomalyService(new MemoryStore());
    for (let i = 0; i < values.length; i++) {
      const answer = await live.detect("m", { value: values[i] }, T0 + i * STEP);
      const a = verdictOf(answer);
      const b = verdictOf(replayed[i]);
      expect(a === null).toBe(b === null);
      if (a === null || b === null) continue;
      expect({ ...a, data_point: null }).toEqual({ ...b, data_point: null });
    }
    // Cut from the wall clock (ten years on), every window would have held only
    // the last 50 rows and the two runs would differ; the band is fitted too.
    const meta = await live.metadata("m");
    expect(meta.bands.map((b) => b.feature)).toEqual(["value"]);
  }, 600_000);

  it("flags at most 1 % of normal points and catches a spike, a level shift and a drop to zero", async () => {
    const values = seasonal();
    const clean = await replay(values);
    const warm = 2 * 48;
    const flagged = clean.out.slice(warm).filter((a) => verdictOf(a)?.anomaly === true).length;
    expect(flagged / (N - warm)).toBeLessThanOrEqual(0.01);

    const SPIKE = 10 * 48 + 5;
    const SHIFT = 18 * 48 + 20;
    const DROP = 25 * 48 + 30;
    const broken = await replay(
      values,
      (i, v) => {
        if (i === SPIKE) return v + 80;
        if (i >= SHIFT && i < SHIFT + 48) return v + 70;
        if (i >= DROP && i < DROP + 12) return 0;
        return v;
      },
      { expected: true },
    );
    const threshold = severityThreshold(0.005);
    for (const onset of [SPIKE, SHIFT, DROP]) {
      const within = broken.out.slice(onset, onset + 3).map(verdictOf);
      const hit = within.find((v) => v?.anomaly === true);
      expect(hit, `nothing flagged within 3 points of row ${onset}`).toBeDefined();
      expect(hit?.severity).toBeGreaterThanOrEqual(threshold);
      // The band names the column and puts the value outside it.
      const e = hit?.expected?.value;
      expect(e?.anomaly).toBe(true);
      expect((e?.value ?? 0) < (e?.lower ?? 0) || (e?.value ?? 0) > (e?.upper ?? 0)).toBe(true);
    }
  }, 600_000);
});
