// Alert onsets: a run of flagged points opens one alert, a flag after the
// quiet period opens another, and a model that restarts (cleanly, or after a
// crash that lost its last checkpoint) goes on with the same alerts as one
// that never stopped.
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileStore } from "../node/fileStore";
import { AnomalyService, type DetectAnswer } from "../service";
import { newOnsetState, opensAlert, parseOnsetState, takePoint } from "./onset";

const T0 = 1_700_000_000;
const STEP = 300;
const open = (root: string) => new AnomalyService(new FileStore(root, { durable: false, log: () => {} }));

describe("the onset state", () => {
  it("opens an alert on the first flag, then only after quiet_min without one", () => {
    const s = { ...newOnsetState(), quiet_min: 10, warmup_min: 0 };
    const flags = "..XXX.X.....XX";
    const alerts = [...flags].map((c, i) => takePoint(s, c === "X", T0 + 60 * i, i + 1).alert);
    // Flags at minutes 2,3,4,6: one alert; minute 12 is 6 after the last flag (6): none; …
    expect(alerts.map((a) => (a ? "A" : ".")).join("")).toBe("..A...........");
    expect(takePoint(s, true, T0 + 60 * 22, 15).alert).toBe(false);
    expect(takePoint(s, true, T0 + 60 * 40, 16).alert).toBe(true);
    expect(s.scored_seen).toBe(16);
  });

  it("0 minutes: every flag is an alert; an older timestamp never opens one", () => {
    const s = { ...newOnsetState(), quiet_min: 0, warmup_min: 0 };
    expect([true, true, false, true].map((f, i) => takePoint(s, f, T0 + i, i + 1).alert)).toEqual([
      true,
      true,
      false,
      true,
    ]);
    const q = { ...newOnsetState(), quiet_min: 5, warmup_min: 0 };
    takePoint(q, true, T0 + 3600, 1);
    expect(opensAlert(q, true, T0)).toBe(false);
  });

  it("no alert during the warm-up, its flags do not hold back the first one after it, and it never comes back", () => {
    const s = { ...newOnsetState(), quiet_min: 240, warmup_min: 60 };
    // Flags at minutes 10 and 50 (learning), then 70 (warm): the 70 opens an alert though 50 was 20 minutes before.
    const at = (min: number, flagged: boolean, n: number) => takePoint(s, flagged, T0 + 60 * min, n, T0);
    expect(at(10, true, 1)).toEqual({ alert: false, learning: true });
    expect(at(50, true, 2)).toEqual({ alert: false, learning: true });
    expect(at(70, true, 3)).toEqual({ alert: true, learning: false });
    expect(s.ready_at).toBe(T0 + 60 * 70);
    // A longer warm-up set afterwards does not bring learning back.
    s.warmup_min = 10_000;
    expect(at(80, false, 4)).toEqual({ alert: false, learning: false });
  });

  it("stored state is checked; metadata without one starts current at its n_seen", () => {
    // A model stored before warm-ups existed, holding points, was alerting: it stays warm.
    expect(parseOnsetState(undefined, 70)).toEqual({
      quiet_min: 240,
      last_flagged: null,
      scored_seen: 70,
      evidence: 0,
      echo: 0,
      warmup_min: 2880,
      ready_at: 0,
    });
    expect(parseOnsetState({ warmup_min: 60, ready_at: null }, 70)).toMatchObject({ warmup_min: 60, ready_at: null });
    expect(parseOnsetState({ quiet_min: -1, last_flagged: "x", scored_seen: 90, evidence: -5, echo: 1.5 }, 70)).toEqual(
      {
        quiet_min: 240,
        last_flagged: null,
        scored_seen: 70,
        evidence: 0,
        echo: 0,
        warmup_min: 2880,
        ready_at: 0,
      },
    );
    expect(parseOnsetState({ quiet_min: 30, last_flagged: T0, scored_seen: 12, evidence: 57.5, echo: 40 }, 70)).toEqual(
      {
        quiet_min: 30,
        last_flagged: T0,
        scored_seen: 12,
        evidence: 57.5,
        echo: 40,
        warmup_min: 2880,
        ready_at: 0,
      },
    );
  });
});

/** A daily wave (288 points of 5 minutes) with a level shift (points 700–729) and a spike (900). */
const SHIFT = 700;
const SPIKE = 900;
const N = 1000;
/** The first point past the default two-day warm-up. */
const WARMUP = 576;
function wave(i: number, shift: number, spike: number): number {
  const base = 50 + 10 * Math.sin((2 * Math.PI * i) / 288) + ((i * 7919) % 13) / 13;
  if (i >= shift && i < shift + 30) return base + 60;
  if (i === spike) return base + 300;
  return base;
}
const value = (i: number) => wave(i, SHIFT, SPIKE);

/**
 * The restart cases need only an incident past the warm-up and the points
 * after it: with a warm-up set at the first point to end just before it
 * (flags a young model gives then page no one, nor hold back the shift's
 * alert), their shift comes after 400 points instead of 700, and the stream
 * ends 60 points later.
 */
const RESTART_WARMUP_MIN = (397 * STEP) / 60;
const RESTART_SHIFT = 400;
const RESTART_N = RESTART_SHIFT + 60;
const restartValue = (i: number) => wave(i, RESTART_SHIFT, -1);

async function feed(
  svc: AnomalyService,
  from: number,
  to: number,
  valueAt: (i: number) => number = value,
  warmupMin?: number,
): Promise<DetectAnswer[]> {
  const out: DetectAnswer[] = [];
  for (let i = from; i < to; i++) {
    const timestamp = new Date((T0 + STEP * i) * 1000).toISOString();
    out.push(await svc.detect("m", { timestamp, value: valueAt(i) }));
    if (i === 0 && warmupMin !== undefined) await svc.setAlertQuiet("m", { warmup_min: warmupMin });
  }
  return out;
}

const flags = (answers: DetectAnswer[], key: "anomaly" | "alert") =>
  answers.flatMap((a, i) => (a.body.status === "success" && a.body[key] ? [i] : []));

describe("alerts through the service", () => {
  it("a level shift flags many points and opens one alert; the spike later opens another", async () => {
    const svc = open(mkdtempSync(join(tmpdir(), "onset-")));
    const answers = await feed(svc, 0, N);
    await svc.close();
    const flagged = flags(answers, "anomaly");
    const alerts = flags(answers, "alert");
    expect(flagged.filter((i) => i >= SHIFT && i < SHIFT + 30).length).toBeGreaterThan(20);
    expect(alerts.filter((i) => i >= SHIFT && i < SPIKE)).toEqual([SHIFT]);
    expect(alerts).toContain(SPIKE);
    // Two days of 5-minute points are the warm-up: every answer before says learning, none after.
    const learning = answers.flatMap((a, i) => (a.body.status === "success" && a.body.learning ? [i] : []));
    expect(learning).toEqual(Array.from({ length: WARMUP - 49 }, (_, i) => i + 49));
    // An alert is exactly a flag after the warm-up with no such flag in the 48 points (240 minutes) before it.
    const warmFlags = flagged.filter((i) => i >= WARMUP);
    const quiet = (i: number) => !warmFlags.some((j) => j < i && j >= i - 48);
    expect(alerts).toEqual(warmFlags.filter(quiet));
  }, 60_000);

  for (const how of ["a clean restart", "a crash that lost the last checkpoint"]) {
    it(`after ${how} in the middle of an incident, the alerts are those of a model that never stopped`, async () => {
      const SHIFT = RESTART_SHIFT;
      const part = (svc: AnomalyService, from: number, to: number) =>
        feed(svc, from, to, restartValue, RESTART_WARMUP_MIN);
      const straight = open(mkdtempSync(join(tmpdir(), "onset-a-")));
      const expected = await part(straight, 0, RESTART_N);
      await straight.close();

      const root = mkdtempSync(join(tmpdir(), "onset-b-"));
      let svc = open(root);
      const got = await part(svc, 0, SHIFT + 3);
      const old = mkdtempSync(join(tmpdir(), "onset-old-"));
      for (const f of readdirSync(join(root, "m"))) {
        if (f === "metadata.json" || f.endsWith(".forest")) cpSync(join(root, "m", f), join(old, f));
      }
      got.push(...(await part(svc, SHIFT + 3, SHIFT + 25)));
      await svc.close();
      if (how !== "a clean restart") {
        for (const f of readdirSync(join(root, "m")).filter((x) => x.endsWith(".forest"))) rmSync(join(root, "m", f));
        for (const f of readdirSync(old)) cpSync(join(old, f), join(root, "m", f));
      }
      svc = open(root);
      got.push(...(await part(svc, SHIFT + 25, RESTART_N)));
      await svc.close();
      // The incident is past the warm-up and opens its alert at its first point, in both runs.
      expect(expected[SHIFT].body).toMatchObject({ learning: false, anomaly: true, alert: true });
      expect(flags(got, "alert")).toEqual(flags(expected, "alert"));
      expect(flags(got, "alert")).toContain(SHIFT);
      const body = (a: DetectAnswer) => JSON.stringify(a.body);
      expect(got.map(body)).toEqual(expected.map(body));
    }, 150_000);
  }
});
