import { describe, expect, it } from "vitest";
import { parseRecords, RecordsError } from "./records";

describe("parseRecords", () => {
  it("reads CSV with a header: numbers become numbers, text stays text, quotes hold commas", () => {
    const rows = parseRecords('timestamp,cpu,host\n2024-01-01T00:00:00Z,1.5,"a,b"\n2024-01-01T00:01:00Z,-2,x\n');
    expect(rows).toEqual([
      { timestamp: "2024-01-01T00:00:00Z", cpu: 1.5, host: "a,b" },
      { timestamp: "2024-01-01T00:01:00Z", cpu: -2, host: "x" },
    ]);
  });

  it("reads JSON lines and names the first bad line", () => {
    expect(parseRecords('{"a":1}\n{"a":2}')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(() => parseRecords('{"a":1}\n[1]')).toThrow(new RecordsError("Line 2 is not a JSON object."));
  });

  it("refuses a CSV row whose cell count differs from the header", () => {
    expect(() => parseRecords("a,b\n1,2\n3")).toThrow("CSV line 3 has 1 cells; the header has 2.");
  });
});
