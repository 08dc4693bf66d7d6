import { describe, expect, it } from "vitest";
import { calendarFeatures, parseIsoTimestamp } from "./timestamp";

describe("ISO-8601 timestamps", () => {
  it("parses the basic form as UTC", () => {
    expect(parseIsoTimestamp("2024-01-31T12:00:00")).toBe(Date.UTC(2024, 0, 31, 12) / 1000);
    expect(parseIsoTimestamp("2024-01-31T12:00:00Z")).toBe(Date.UTC(2024, 0, 31, 12) / 1000);
  });
  it("accepts a lower-case t and a fraction", () => {
    expect(parseIsoTimestamp("2024-01-31t12:00:00.250Z")).toBe(Date.UTC(2024, 0, 31, 12) / 1000 + 0.25);
  });
  it("applies ±HH:MM and ±HHMM offsets", () => {
    const utc = Date.UTC(2024, 0, 31, 12) / 1000;
    expect(parseIsoTimestamp("2024-01-31T14:30:00+02:30")).toBe(utc);
    expect(parseIsoTimestamp("2024-01-31T09:00:00-0300")).toBe(utc);
  });
  it("rejects anything after the zone, missing parts and impossible dates", () => {
    for (const bad of [
      "2024-01-31T12:00:00Z ",
      "2024-01-31T12:00:00ZZ",
      "2024-01-31 12:00:00",
      "2024-01-31",
      "2024-01-31T12:00",
      "2024-02-30T00:00:00",
      "2023-02-29T00:00:00",
      "2024-13-01T00:00:00",
      "2024-01-01T24:00:00",
      "2024-01-01T23:60:00",
      "2024-01-01T23:59:60",
      "2024-01-01T00:00:00+24:00",
      "2024-01-01T00:00:00+0",
      "2024-01-01T00:00:00.Z",
      "24-01-01T00:00:00",
      "x2024-01-01T00:00:00",
    ]) {
      expect(parseIsoTimestamp(bad), bad).toBeNull();
    }
  });
  it("knows leap years", () => {
    expect(parseIsoTimestamp("2024-02-29T00:00:00")).not.toBeNull();
    expect(parseIsoTimestamp("2000-02-29T00:00:00")).not.toBeNull();
    expect(parseIsoTimestamp("1900-02-29T00:00:00")).toBeNull();
  });
  it("handles years before 100 without the Date.UTC 1900 shift", () => {
    expect(parseIsoTimestamp("0050-01-01T00:00:00Z")).toBe(-60589296000);
  });
  it("reads calendar features in UTC after the offset (Monday = 0)", () => {
    // 2024-01-01 was a Monday; 01:00+02:00 is 23:00 UTC on Sunday 2023-12-31.
    const t = parseIsoTimestamp("2024-01-01T01:00:00+02:00") as number;
    expect(calendarFeatures(t)).toEqual({ hour: 23, day: 31, month: 12, weekday: 6 });
    const m = parseIsoTimestamp("2024-01-01T10:00:00Z") as number;
    expect(calendarFeatures(m)).toEqual({ hour: 10, day: 1, month: 1, weekday: 0 });
  });
});
