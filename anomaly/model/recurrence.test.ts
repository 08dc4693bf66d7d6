// Daily recurrence: a nightly job's spike stops paging once two earlier
// nights showed it, while the same spike at a new time of day, or a bigger
// one at the usual time, is still flagged.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileStore } from "../node/fileStore";
import { AnomalyService } from "../service";
import { recursDaily } from "./recurrence";
import { Ring } from "./ring";

const T0 = Date.UTC(2026, 0, 5) / 1000;
const STEP = 300;
const PER_DAY = 288;

describe("recursDaily", () => {
  const ring = new Ring(10_000);
  // Three days of a flat 10 with 40 at 03:00 (point 36 of each day), on host a.
  for (let i = 0; i < 3 * PER_DAY; i++) ring.push({ v: i % PER_DAY === 36 ? 40 : 10, host: "a" }, T0 + STEP * i);
  const at = (day: number, slot: number) => T0 + STEP * (day * PER_DAY + slot);
  const V = [{ name: "v", numeric: true }];
  const VH = [...V, { name: "host", numeric: false }];

  it("finds the record in the same slot of at least two earlier days", () => {
    expect(recursDaily(ring, V, { v: 40 }, at(3, 36))).toBe(true);
    expect(recursDaily(ring, V, { v: 41 }, at(3, 37))).toBe(true);
    expect(recursDaily(ring, VH, { v: 40, host: "a" }, at(3, 36))).toBe(true);
  });
  it("not at another time of day, beyond the range, with a new category, or with one day of history", () => {
    expect(recursDaily(ring, V, { v: 40 }, at(3, 150))).toBe(false);
    expect(recursDaily(ring, V, { v: 90 }, at(3, 36))).toBe(false);
    expect(recursDaily(ring, VH, { v: 40, host: "b" }, at(3, 36))).toBe(false);
    expect(recursDaily(ring, V, { v: 40 }, at(1, 36))).toBe(false);
    expect(recursDaily(ring, V, { v: 40 }, 0)).toBe(false);
  });
  it("a numeric string counts; a column no earlier point had never recurs", () => {
    const r = new Ring(100);
    r.push({ v: "40" }, at(0, 36));
    r.push({ v: 40 }, at(1, 36));
    expect(recursDaily(r, V, { v: 40 }, at(2, 36))).toBe(true);
    expect(recursDaily(r, [{ name: "w", numeric: true }], { w: 40 }, at(2, 36))).toBe(false);
    expect(recursDaily(r, V, {}, at(2, 36))).toBe(false);
  });
});

describe("a nightly spike through the service", () => {
  it("pages the first nights, then only for a spike that is new in time or size", async () => {
    const svc = new AnomalyService(
      new FileStore(mkdtempSync(join(tmpdir(), "recur-")), { durable: false, log: () => {} }),
    );
    const value = (i: number) => {
      const slot = i % PER_DAY;
      const base = 30 + 5 * Math.sin((2 * Math.PI * slot) / PER_DAY) + ((i * 7919) % 11) / 11;
      if (slot === 36 && i < 5 * PER_DAY) return base + 50; // the nightly job at 03:00
      return base;
    };
    const days = 6;
    const flagged = new Set<number>();
    for (let i = 0; i < days * PER_DAY; i++) {
      const special = i === 5 * PER_DAY + 150 ? 50 : i === 5 * PER_DAY + 36 ? 400 : 0;
      const timestamp = new Date((T0 + STEP * i) * 1000).toISOString();
      const a = await svc.detect("m", { timestamp, cpu: value(i) + special });
      if (a.body.status === "success" && a.body.anomaly) flagged.add(i);
    }
    await svc.close();
    const nightly = (d: number) => d * PER_DAY + 36;
    // Nights 3 and 4 (two earlier nights in the ring) are the metric's shape.
    for (let d = 3; d < 5; d++) expect(flagged.has(nightly(d)), `night ${d}`).toBe(false);
    // Day 5: the job is 8× bigger at its usual time, and the usual spike comes at 12:30.
    expect(flagged.has(nightly(5))).toBe(true);
    expect(flagged.has(5 * PER_DAY + 150)).toBe(true);
  }, 120_000);
});
