// Before/after tables from verdict dumps, so a detection change is judged on
// the same series without re-feeding: `npx tsx bench/nab.bench.ts --dump
// a.json` on each side, then
//
//   npx tsx bench/nab-compare.ts before.json after.json [--generated before-gen.json after-gen.json]
//
// NAB part: the standard-profile score of the alerts and of the per-point
// `anomaly` flags per leave-one-category-out group (artificial, AWS, ...)
// and overall, with the share of normal points flagged and the windows
// caught. Nothing here is chosen: the engine's defaults are what the dumps
// hold, so each group's row is what a held-out group gets. Generated part
// (dumps of bench/nab-generated.bench.ts --dump): false-flag rate per
// cadence on the anomaly-free streams and windows caught per anomaly kind.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadCorpus, type Series } from "./nab/corpus";
import { groupOf } from "./nab/loco";
import { corpusScore, flaggedNormalShare, PROFILES, probationEnd } from "./nab/scoring";
import { CADENCES, type GeneratedSeries, generateCorpus, STREAM_KINDS } from "./streams/generator";
import { type Detected, detectionRates, falseFlagRates, share } from "./streams/rates";

const { positionals, values: args } = parseArgs({
  allowPositionals: true,
  options: { generated: { type: "string", multiple: true } },
});

type Dump = Record<string, { anomaly: (boolean | number)[]; alert: (boolean | number)[] }>;
const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Dump & { "@corpus"?: unknown };
const standard = PROFILES[0];
const pct = (x: number) => (Number.isNaN(x) ? "–" : `${(100 * x).toFixed(2)} %`);

/** Windows (after probation) with at least one detection in them, of all windows. */
function caught(list: { series: Series; detected: ArrayLike<boolean | number> }[]): string {
  let hits = 0;
  let total = 0;
  for (const { series, detected } of list) {
    const start = probationEnd(series.values.length);
    for (const [a, b] of series.windows) {
      total++;
      for (let i = Math.max(a, start); i <= b; i++) {
        if (detected[i]) {
          hits++;
          break;
        }
      }
    }
  }
  return `${hits}/${total}`;
}

if (positionals.length === 2) {
  const dumps = positionals.map(read);
  const corpus = loadCorpus().filter((s) => dumps.every((d) => d[s.key] !== undefined));
  const groups = [...new Set(corpus.map((s) => groupOf(s.category)))].sort();
  console.log(`NAB subset, standard profile, engine defaults (${corpus.length} series)`);
  console.log(
    `${"group".padEnd(16)}${"side".padEnd(8)}${"alerts".padStart(8)}${"flags".padStart(8)}` +
      `${"caught (alerts)".padStart(17)}${"false alerts".padStart(14)}${"false flags".padStart(13)}`,
  );
  for (const group of [...groups, "all"]) {
    const inGroup = corpus.filter((s) => group === "all" || groupOf(s.category) === group);
    dumps.forEach((d, k) => {
      const alerts = inGroup.map((series) => ({ series, detected: d[series.key].alert.map(Boolean) }));
      const flags = inGroup.map((series) => ({ series, detected: d[series.key].anomaly.map(Boolean) }));
      console.log(
        `${(k === 0 ? group : "").padEnd(16)}${(k === 0 ? "before" : "after").padEnd(8)}` +
          `${corpusScore(alerts, standard).toFixed(1).padStart(8)}${corpusScore(flags, standard).toFixed(1).padStart(8)}` +
          `${caught(alerts).padStart(17)}${pct(flaggedNormalShare(alerts)).padStart(14)}${pct(flaggedNormalShare(flags)).padStart(13)}`,
      );
    });
  }
  const all = corpus.map((series) => ({ series, detected: dumps[1][series.key].alert.map(Boolean) }));
  console.log(
    `distance of the alerts (after) to the field's best published 74.9: ${(74.9 - corpusScore(all, standard)).toFixed(1)}`,
  );
}

if (args.generated !== undefined && args.generated.length === 2) {
  const dumps = args.generated.map(read);
  const meta = dumps[0]["@corpus"] as { count: number; seed: number; rows?: number };
  const corpus: GeneratedSeries[] = generateCorpus(meta.count, meta.seed, meta.rows);
  console.log(`\ngenerated streams (${corpus.length}, seeds ${meta.seed}…, rows ${meta.rows ?? "default"})`);
  const side = (d: Dump, pick: "anomaly" | "alert"): Detected[] =>
    corpus.map((series) => ({ series, detected: d[series.key][pick].map(Boolean) }));
  console.log(`${"".padEnd(22)}${"before".padStart(14)}${"after".padStart(14)}`);
  console.log("false flags (per-point `anomaly`) on anomaly-free streams");
  const ff = dumps.map((d) => falseFlagRates(side(d, "anomaly")));
  for (const c of CADENCES) {
    const cells = ff.map((m) => {
      const r = m.get(c) ?? { hits: 0, total: 0 };
      return `${r.hits}/${r.total} ${pct(share(r))}`.padStart(14);
    });
    console.log(`  ${c.padEnd(20)}${cells.join("")}`);
  }
  console.log("windows caught by a flag, per kind");
  const dr = dumps.map((d) => detectionRates(side(d, "anomaly")));
  for (const kind of STREAM_KINDS) {
    if (kind === "none") continue;
    const cells = dr.map((m) => {
      const r = m.get(kind) ?? { hits: 0, total: 0 };
      return `${r.hits}/${r.total}`.padStart(14);
    });
    console.log(`  ${kind.padEnd(20)}${cells.join("")}`);
  }
  const scores = dumps.map((d) => [corpusScore(side(d, "alert"), standard), corpusScore(side(d, "anomaly"), standard)]);
  console.log(
    `NAB standard score, alerts / flags: before ${scores[0].map((x) => x.toFixed(1)).join(" / ")}, after ${scores[1].map((x) => x.toFixed(1)).join(" / ")}`,
  );
}
