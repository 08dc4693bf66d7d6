// The debounce state machine on flag sequences: what pages and what does not.
import { describe, expect, it } from "vitest";
import { freshState, type RulePoint, type StepResult, step } from "./debounce";
import { type AlertRule, completeRules } from "./rule";

// No re-opening here (reopen.test.ts covers it): these cases are about what each other setting does alone.
function rule(extra: Partial<AlertRule>): AlertRule {
  return completeRules([{ id: "r", url: "http://127.0.0.1/", recovery_s: 0, reopen_s: 0, ...extra }])[0];
}

/** Events for a flag string ("X" flagged, "." not), one point per second. */
function run(r: AlertRule, flags: string, start = 0): (StepResult | null)[] {
  const state = freshState();
  return [...flags].map((f, i) => step(r, state, { flagged: f === "X" }, (start + i) * 1000));
}

const events = (out: (StepResult | null)[]) =>
  out.flatMap((e, i) => (e === null ? [] : [`${e.event}${e.muted ? "(muted)" : ""}@${i}`]));

/**
 * Points of one column "value" whose band (as the model gives it) is
 * [lower, upper]: "X" flagged at 100, "s" unflagged at 100 (the model took
 * the shift as normal), "." unflagged at 10; `muted` marks muted indices.
 */
function banded(r: AlertRule, points: string, band: [number, number], mutedAt: (i: number) => boolean = () => false) {
  const state = freshState();
  return [...points].map((p, i) => {
    const value = p === "." ? 10 : 100;
    const point: RulePoint = { flagged: p === "X", expected: { value: { value, lower: band[0], upper: band[1] } } };
    return step(r, state, point, i * 60_000, mutedAt(i));
  });
}

describe("alert debouncing", () => {
  it("k of n: stray flags do not page, a burst pages once, recovery when none of the last n is flagged", () => {
    expect(events(run(rule({ k: 2, n: 3 }), "X..X..XX.X...."))).toEqual(["onset@7", "recovery@12"]);
  });

  it("a minimum duration on the points' clock holds the onset back", () => {
    expect(events(run(rule({ min_duration_s: 3 }), "XXX.XXXX...."))).toEqual(["onset@7", "recovery@8"]);
  });

  it("cooldown silences an onset too soon after a recovery, and then its recovery", () => {
    expect(events(run(rule({ cooldown_s: 5 }), "X.X.....X."))).toEqual([
      "onset@0",
      "recovery@1",
      "onset@8",
      "recovery@9",
    ]);
  });

  it("recovery waits for the stream to be back inside its onset band, for recovery_s, not for the flags to stop", () => {
    // The model absorbs the shift after 3 points ("s": unflagged at 100); its band at the onset was [0, 20].
    const r = rule({ recovery_s: 180 });
    expect(events(banded(r, "XXXsssss.....", [0, 20]))).toEqual(["onset@0", "recovery@11"]);
    // A point outside the band restarts the count.
    expect(events(banded(r, "XX...s.....", [0, 20]))).toEqual(["onset@0", "recovery@9"]);
  });

  it("an incident is re-sent every repeat_s while it fires, never after its recovery", () => {
    const r = rule({ repeat_s: 120 });
    expect(events(banded(r, "XXsssss..", [0, 20]))).toEqual([
      "onset@0",
      "firing@2",
      "firing@4",
      "firing@6",
      "recovery@7",
    ]);
    expect(rule({ format: "alertmanager" }).repeat_s).toBe(60);
    expect(rule({ format: "slack" }).repeat_s).toBe(0);
  });

  it("a muted onset is logged, not sent, and goes out when the mute ends with the incident open; its re-sends wait", () => {
    const r = rule({ repeat_s: 60 });
    // Muted for points 0-2: the onset is held, sent at 3, re-sent from then on.
    expect(events(banded(r, "XXXXX..", [0, 20], (i) => i < 3))).toEqual([
      "onset(muted)@0",
      "onset@3",
      "firing@4",
      "recovery@5",
    ]);
    // Recovered inside the mute: nothing was sent, so no recovery either.
    expect(events(banded(r, "XX....", [0, 20], () => true))).toEqual(["onset(muted)@0"]);
    // An incident sent before the mute still gets its recovery (the receiver would hold it open forever).
    expect(events(banded(rule({}), "XX..", [0, 20], (i) => i > 0))).toEqual(["onset@0", "recovery@2"]);
  });

  it("refuses k above n and duplicate ids", () => {
    expect(() => completeRules([{ id: "a", url: "http://x/", k: 3, n: 2 }])).toThrow(/must not exceed/);
    expect(() =>
      completeRules([
        { id: "a", url: "http://x/" },
        { id: "a", url: "http://y/" },
      ]),
    ).toThrow(/twice/);
  });
});
