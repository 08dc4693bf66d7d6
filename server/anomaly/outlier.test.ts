// Issue 9's reproduction through HTTP and the real engine: a plain numeric
// outlier next to a categorical column must be flagged. (Before the split
// rule changed, every version answered anomaly: false with score −0.037.)
// A forest saturates on a value far past its training range (it scores like
// the window's highest normal point), so under calibrated margins the flag
// comes from the column's band, which measures distance without bound; the
// forests still rank the point as their most isolated.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { createAnomalyApp } from "./routes";
import { postJson } from "./testing";

let dir: string;
let service: AnomalyService;
let app: ReturnType<typeof createAnomalyApp>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "anomaly-outlier-"));
  service = new AnomalyService(new FileStore(join(dir, "store"), { durable: false }));
  app = createAnomalyApp({ service, pages: false });
});

afterAll(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

describe("an outlier beside a categorical column", () => {
  it("temp 9000 at site a is flagged, by the temp band, after 50 ordinary points", async () => {
    for (let i = 1; i <= 49; i++) {
      const res = await app.request("/detect/plant", postJson({ temp: 200 + ((i * 37) % 23), site: "a" }));
      expect(res.status).toBe(202);
    }
    expect((await app.request("/detect/plant", postJson({ temp: 211, site: "a" }))).status).toBe(200);
    const res = await app.request("/detect/plant?expected=1", postJson({ temp: 9000, site: "a" }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      anomaly: boolean;
      score: number;
      severity: number;
      versions: Record<string, { anomaly: boolean; score: number }>;
      expected: Record<string, { value: number; upper: number; anomaly: boolean }>;
    };
    console.log(
      `verdict: anomaly ${body.anomaly}, score ${body.score.toFixed(4)}; ${Object.entries(body.versions)
        .map(([v, r]) => `${v} ${r.anomaly} ${r.score.toFixed(4)}`)
        .join(", ")}`,
    );
    expect(body.anomaly).toBe(true);
    expect(body.severity).toBeGreaterThanOrEqual(46);
    expect(body.expected.temp).toMatchObject({ value: 9000, anomaly: true });
    expect(body.expected.temp.upper).toBeLessThan(9000);
    expect(body.score).toBeLessThan(-0.1);
  });
});
