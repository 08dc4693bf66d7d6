// The offline replay of the decision layer gives the engine's own verdicts
// at the defaults: a generated stream is fed to a real `anomaly serve`
// (every check's severity asked for) and replayed from those severities.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { generateStream } from "../streams/generator";
import { feedSeries, startServer } from "./feed";
import { DEFAULTS, decisionOf } from "./loco";
import { replay } from "./replay";
import { probationMinutes } from "./scoring";

it("replays the engine's flags and alerts from its checks' severities", async () => {
  const store = await mkdtemp(join(tmpdir(), "replay-test-"));
  const server = await startServer(store, ["--no-fsync"]);
  try {
    // A level shift: single-point flags, the window version and the sustained sum all take part.
    for (const series of [
      generateStream(7, { kind: "level_shift", cadence: "5min", rows: 400 }),
      generateStream(11, { kind: "spike", cadence: "hourly", rows: 400 }),
    ]) {
      const engine = await feedSeries(server.url, `replay_${series.seed}`, series, true);
      expect(Object.keys(engine.parts)).toContain("band:value");
      const replayed = replay(series, engine.parts, decisionOf(DEFAULTS), probationMinutes(series));
      expect(engine.anomaly.some(Boolean)).toBe(true);
      expect(replayed.anomaly).toEqual(engine.anomaly);
      expect(replayed.alert).toEqual(engine.alert);
      // Other settings give other verdicts (the replay is not reading the engine's flags).
      const strict = replay(series, engine.parts, decisionOf({ ...DEFAULTS, threshold: 100.5 }), 0);
      expect(strict.anomaly.filter(Boolean).length).toBeLessThan(engine.anomaly.filter(Boolean).length);
    }
  } finally {
    await server.stop();
    await rm(store, { recursive: true, force: true });
  }
}, 600_000);
