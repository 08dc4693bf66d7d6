// A fuzzing campaign: generate programs from consecutive seeds for a time
// budget, judge each one, minimise and save every failure, and count what
// happened. Used by `npm run fuzz` (scripts/fuzz.ts) and the CI test.
import { Differ, describe, nativeAvailable, type Verdict } from "./differential";
import { generateProgram } from "./generator";
import { minimise, saveRepro } from "./minimise";

export interface CampaignOptions {
  seed: number;
  seconds: number;
  native?: boolean;
  /** Save minimised repros under lang/tests/fuzz (default true). */
  save?: boolean;
  /** Stop after this many failures (default 3). */
  maxFailures?: number;
  log?: (line: string) => void;
}

export interface Failure {
  seed: number;
  kind: Verdict["kind"];
  detail: string;
  repro: string;
  savedAs: string | null;
}

export interface CampaignReport {
  programs: number;
  agreed: number;
  rejected: number;
  /** Programs that ended in a panic (every configuration agreeing on it). */
  panicked: number;
  failures: Failure[];
  rejections: string[];
  seconds: number;
  native: boolean;
}

export async function runCampaign(options: CampaignOptions): Promise<CampaignReport> {
  const native = options.native ?? nativeAvailable();
  const log = options.log ?? (() => {});
  const differ = new Differ(native);
  const started = Date.now();
  const deadline = started + options.seconds * 1000;
  const report: CampaignReport = {
    programs: 0,
    agreed: 0,
    rejected: 0,
    panicked: 0,
    failures: [],
    rejections: [],
    seconds: 0,
    native,
  };
  try {
    for (let seed = options.seed; Date.now() < deadline; seed = (seed + 1) >>> 0) {
      if (report.failures.length >= (options.maxFailures ?? 3)) break;
      const source = generateProgram(seed);
      const verdict = await differ.judge(source);
      report.programs++;
      if (verdict.kind === "agree") {
        report.agreed++;
        if (verdict.outcome.exit === 101) report.panicked++;
        continue;
      }
      if (verdict.kind === "rejected") {
        // A well-typed program the checker refuses: a generator or checker bug.
        report.rejected++;
        if (report.rejections.length < 5) report.rejections.push(`seed ${seed}: ${verdict.message.split("\n")[0]}`);
        continue;
      }
      log(`seed ${seed}: ${verdict.kind}; minimising`);
      const small = await minimise(source, verdict, differ);
      const savedAs =
        options.save === false ? null : saveRepro(`seed_${seed}`, small.source, small.verdict, `seed ${seed}`);
      report.failures.push({ seed, kind: verdict.kind, detail: describe(small.verdict), repro: small.source, savedAs });
      log(
        `seed ${seed}: ${small.source.split("\n").length} lines after ${small.tries} tries${savedAs ? `, saved as ${savedAs}` : ""}`,
      );
    }
  } finally {
    await differ.close();
  }
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

export function summary(report: CampaignReport, seed: number): string {
  const perMinute = Math.round((report.programs / Math.max(report.seconds, 1)) * 60);
  const configs = report.native ? "wasm and linux-x64 at -O0 and -O3" : "wasm at -O0 and -O3 (no native toolchain)";
  return (
    `differential fuzz from seed ${seed}: ${report.programs} programs in ${report.seconds.toFixed(0)} s ` +
    `(${perMinute}/min) on ${configs}; ${report.agreed} agreed (${report.panicked} of them panicked), ` +
    `${report.rejected} rejected by the checker, ${report.failures.length} failures`
  );
}
