import { describe, expect, it } from "vitest";
import { CpuBackend } from "./backends/backend";
import { parseNumericCsv, scoreTable } from "./batch";
import { AnomalyService } from "./service";
import type { ModelStore } from "./store/store";

describe("CSV batch input", () => {
  it("keeps numeric fields; the first data row fixes the column count", () => {
    const t = parseNumericCsv("a,b,name\n1,2,x\n3,4,y\n5\n6,7,8\n\n9,10\n", true);
    expect(t.columns).toEqual(["a", "b", "name"]);
    expect(t.nCols).toBe(2);
    expect(Array.from(t.data)).toEqual([1, 2, 3, 4, 9, 10]);
    expect(t.nRows).toBe(3);
    expect(t.skippedRows).toBe(2);
  });

  it("accepts semicolons and tabs on lines without commas, quotes and CRLF", () => {
    const t = parseNumericCsv('1;2\r\n3\t4\r\n"5",6\r\n', false);
    expect(Array.from(t.data)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(t.columns).toBeNull();
  });

  it("without the header flag the first line is data", () => {
    expect(parseNumericCsv("1,2\n3,4", false).nRows).toBe(2);
    expect(parseNumericCsv("1,2\n3,4", true).nRows).toBe(1);
  });

  it("flags the outlier (decision ≤ 0 reproduces predict == −1)", async () => {
    const lines = ["x,y"];
    for (let i = 0; i < 300; i++) lines.push(`${((i * 37) % 100) / 100},${((i * 53) % 100) / 100}`);
    lines.push("25,-30");
    const t = parseNumericCsv(lines.join("\n"), true);
    const { scores, anomalies } = await scoreTable(t, new CpuBackend());
    expect(anomalies).toContain(300);
    expect(Math.min(...scores)).toBe(scores[300]);
    for (const i of anomalies) expect(scores[i]).toBeLessThanOrEqual(0);
  });

  it("the service reports the documented result shape and learns nothing", async () => {
    const svc = new AnomalyService({} as ModelStore);
    const r = await svc.batch("a,b\n1,2\n2,3\n3,4\n100,-100\n1,x\n", true);
    expect(r.status).toBe("success");
    expect(r.message).toBe("Anomaly detection completed");
    expect(r.result).toMatchObject({ total_rows: 4, model_used: "batch:iforest", skipped_rows: 1 });
    expect(r.result.scores.length).toBe(4);
    expect(r.result.anomaly_count).toBe(r.result.anomaly_indices.length);
    expect(r.result.has_anomalies).toBe(r.result.anomaly_count > 0);
    expect(r.result.anomaly_percentage).toBe(Math.round((10000 * r.result.anomaly_count) / 4) / 100);
    await expect(svc.batch("a,b\nx,y\n", true)).rejects.toMatchObject({ status: 400 });
  });
});
