// The debounce state machine on flag sequences: what pages and what does not.
import { describe, expect, it } from "vitest";
import { type AlertEvent, freshState, step } from "./debounce";
import { type AlertRule, completeRules } from "./rule";

function rule(extra: Partial<AlertRule>): AlertRule {
  return completeRules([{ id: "r", url: "http://127.0.0.1/", ...extra }])[0];
}

/** Events for a flag string ("X" flagged, "." not), one point per second. */
function run(r: AlertRule, flags: string, start = 0): (AlertEvent | null)[] {
  const state = freshState();
  return [...flags].map((f, i) => step(r, state, f === "X", (start + i) * 1000));
}

const events = (out: (AlertEvent | null)[]) => out.flatMap((e, i) => (e === null ? [] : [`${e}@${i}`]));

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
