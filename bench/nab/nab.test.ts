// NAB through the real HTTP API (a smoke test of the nab bench's pipeline on
// two real series: one AWS metric with labelled anomalies and one with none),
// and the scorer checked on detectors whose score is known.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "./corpus";
import { feedSeries, startServer } from "./feed";
import { corpusScore, flaggedNormalShare, onsets, PROFILES, probationEnd } from "./scoring";

const corpus = loadCorpus();

describe("NAB scoring", () => {
  it("gives the null detector 0 and one detection at each window's start 100", () => {
    const labelled = corpus.filter((s) => s.windows.length > 0);
    expect(labelled.length).toBeGreaterThan(10);
    for (const p of PROFILES) {
      const none = labelled.map((series) => ({ series, detected: new Array(series.values.length).fill(false) }));
      const perfect = labelled.map((series) => {
        const detected = new Array(series.values.length).fill(false);
        for (const [a] of series.windows) detected[a] = true;
        return { series, detected };
      });
      expect(corpusScore(none, p)).toBe(0);
      expect(corpusScore(perfect, p)).toBeCloseTo(100, 6);
    }
  });

  it("charges false positives and counts only the first detection in a window", () => {
    const series = corpus.find((s) => s.windows.length > 0 && s.windows[0][0] > probationEnd(s.values.length) + 10);
    if (series === undefined) throw new Error("no labelled series with a window after probation");
    const [a, b] = series.windows[0];
    const once = new Array(series.values.length).fill(false);
    once[a] = true;
    const twice = [...once];
    twice[b] = true;
    const withFp = [...once];
    withFp[a - 5 > probationEnd(series.values.length) ? a - 5 : a] = true;
    const score = (d: boolean[]) => corpusScore([{ series, detected: d }], PROFILES[0]);
    expect(score(twice)).toBe(score(once));
    expect(score(withFp)).toBeLessThanOrEqual(score(once));
    expect(flaggedNormalShare([{ series, detected: once }])).toBe(0);
  });
});

describe("NAB through the HTTP API", () => {
  it("a back-fill of two real series flags few normal points with the defaults", async () => {
    const picked = corpus.filter((s) =>
      ["realAWSCloudwatch/ec2_cpu_utilization_24ae8d.csv", "artificialNoAnomaly/art_daily_small_noise.csv"].includes(
        s.key,
      ),
    );
    expect(picked).toHaveLength(2);
    const store = await mkdtemp(join(tmpdir(), "nab-test-"));
    const server = await startServer(store, ["--no-fsync"]);
    try {
      const list = [];
      for (const series of picked) {
        const verdicts = await feedSeries(server.url, `nab_${list.length}`, series);
        // Every verdict after the warm-up carries a severity on the 0–100 scale.
        expect(verdicts.severity.every((x) => x >= 0 && x <= 100)).toBe(true);
        // An alert is a flag after 240 quiet minutes of the series' clock, as the bench scores it.
        expect(verdicts.alert).toEqual(onsets(series, verdicts.anomaly));
        expect(verdicts.alert.filter(Boolean).length).toBeLessThanOrEqual(verdicts.anomaly.filter(Boolean).length);
        list.push({ series, detected: verdicts.anomaly });
      }
      expect(flaggedNormalShare(list)).toBeLessThanOrEqual(0.015);
    } finally {
      await server.stop();
      await rm(store, { recursive: true, force: true });
    }
  }, 900_000);
});
