import { describe, expect, it } from "vitest";
import { AnomalyService } from "../service";
import { MemoryStore } from "../store/memoryStore";
import { fitNovelty, MAX_NOVELTY_VALUES, novelShare, noveltyChecks, parseNovelty } from "./novelty";

describe("categorical band (novelty)", () => {
  it("learns each categorical column's values and how many were seen once", () => {
    const records = [
      { status: "ok", latency: 1, host: "a" },
      { status: "ok", latency: 2, host: "b" },
      { status: "err", latency: 3, host: "a" },
      { status: "ok", latency: 4 },
    ];
    const fitted = fitNovelty(["status", "host"], records);
    expect(fitted).toEqual([
      { column: "status", rows: 4, singletons: 1, seen: ["err", "ok"] },
      { column: "host", rows: 3, singletons: 1, seen: ["a", "b"] },
    ]);
    expect(novelShare(fitted[0])).toBeCloseTo(2 / 5);
  });

  it("flags a value never seen only when such values are rarer than the rate", () => {
    const steady = { column: "status", rows: 999, singletons: 0, seen: ["err", "ok"] };
    const growing = { column: "host", rows: 999, singletons: 40, seen: ["a", "b"] };
    const checks = noveltyChecks([steady, growing], { status: "timeout", host: "z" }, 0.005);
    expect(checks.status).toEqual({ value: "timeout", severity: 60, anomaly: true });
    // 41 values in 1000 were new: a new host is ordinary here.
    expect(checks.host.anomaly).toBe(false);
    expect(checks.host.severity).toBeLessThan(46);
    // Seen values and absent columns have no check.
    expect(noveltyChecks([steady, growing], { status: "ok" }, 0.005)).toEqual({});
  });

  it("leaves a column with a vocabulary past the limit unchecked", () => {
    const records = Array.from({ length: MAX_NOVELTY_VALUES + 1 }, (_, i) => ({ id: `u${i}` }));
    expect(fitNovelty(["id"], records)).toEqual([]);
  });

  it("parses stored entries and drops malformed ones", () => {
    expect(
      parseNovelty([
        { column: "s", rows: 3, singletons: 1, seen: ["b", "a"] },
        { column: "t", rows: -1, singletons: 0, seen: [] },
        { column: "u", rows: 1, singletons: 0, seen: [1] },
        null,
      ]),
    ).toEqual([{ column: "s", rows: 3, singletons: 1, seen: ["a", "b"] }]);
    expect(parseNovelty(undefined)).toEqual([]);
  });

  it("flags a new category through the service and names its column", async () => {
    const service = new AnomalyService(new MemoryStore());
    const t0 = 1_767_225_600;
    const kinds = ["GET", "POST", "PUT"];
    for (let i = 0; i < 400; i++) {
      await service.detect("api", { timestamp: t0 + 60 * i, method: kinds[i % 3], ms: 100 + (i % 7) }, t0 + 60 * i);
    }
    const point = { timestamp: t0 + 60 * 400, method: "TRACE", ms: 103 };
    const body = await service.detectOnly("api", point, undefined, { explain: true });
    expect(body.anomaly).toBe(true);
    expect(body.voters[0]).toBe("band:method");
    expect(body.top_columns[0]?.column).toBe("method");
    expect(body.explanation?.voter).toBe("band:method");
    expect(body.explanation?.columns[0]?.column).toBe("method");
    // The same point with a known method is not flagged.
    expect((await service.detectOnly("api", { ...point, method: "PUT" })).anomaly).toBe(false);
    await service.close();
  });
});
