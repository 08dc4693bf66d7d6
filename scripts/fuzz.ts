// `npm run fuzz -- [--minutes N] [--seed S] [--no-native] [--no-save]`: the
// differential fuzzer for as long as asked. Every program is compiled at -O0
// and -O3 for wasm and linux-x64; a disagreement is minimised and saved under
// lang/tests/fuzz/ (and listed in lang/tests/pending.txt). Exit 1 on failures.
// `--compile-only` runs the robustness fuzzer instead (mutated, random and
// generated programs through check and build; no crash, hang or invalid
// module), fast enough for runs of a million programs.
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { COMPILER_WASM_PATH } from "../server/compiler/compilerModule";
import { runCampaign, summary } from "../wasm/fuzz/campaign";
import { robustnessSummary, runRobustness } from "../wasm/fuzz/robustness";

const USAGE = `usage: npm run fuzz -- [--minutes N] [--seed S] [--no-native] [--no-save]
       npm run fuzz -- --compile-only [--minutes N] [--programs N] [--workers N] [--seed S]

  --minutes N     how long to run (default 1; fractions allowed)
  --seed S        first seed (default: random, printed so a run can be replayed)
  --no-native     compare the wasm builds only (no clang needed)
  --no-save       print failures instead of saving repros under lang/tests/fuzz/
  --compile-only  robustness fuzzing: check and build only, no differential runs
  --programs N    with --compile-only: stop after N programs (or at --minutes)
  --workers N     with --compile-only: compiler threads (default: cores - 1)
  --help          this text`;

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      minutes: { type: "string", default: "1" },
      seed: { type: "string" },
      "no-native": { type: "boolean" },
      "no-save": { type: "boolean" },
      "compile-only": { type: "boolean" },
      programs: { type: "string" },
      workers: { type: "string" },
      help: { type: "boolean" },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const minutes = Number(values.minutes);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 32) : Number(values.seed);
if (!(minutes > 0) || !Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
  console.error(`--minutes must be a positive number and --seed an integer in [0, 2^32)\n\n${USAGE}`);
  process.exit(2);
}
if (values["compile-only"]) {
  const programs = values.programs === undefined ? undefined : Number(values.programs);
  const workers = values.workers === undefined ? Math.max(1, availableParallelism() - 1) : Number(values.workers);
  if (
    (programs !== undefined && !(Number.isInteger(programs) && programs > 0)) ||
    !(Number.isInteger(workers) && workers > 0)
  ) {
    console.error(`--programs and --workers must be positive integers\n\n${USAGE}`);
    process.exit(2);
  }
  console.log(
    `robustness fuzzing for ${minutes} min${programs ? ` or ${programs} programs` : ""} from seed ${seed} on ${workers} threads`,
  );
  const report = await runRobustness({
    root: join(import.meta.dirname, ".."),
    compilerPath: COMPILER_WASM_PATH,
    seed,
    seconds: minutes * 60,
    programs,
    workers,
    maxFailures: 20,
    progress: (r) => console.log(robustnessSummary(r, seed)),
    onFailure: (f) => console.log(`\n=== ${f}\n`),
  });
  console.log(robustnessSummary(report, seed));
  process.exit(report.failures.length > 0 ? 1 : 0);
}
console.log(`fuzzing for ${minutes} min from seed ${seed}`);
const report = await runCampaign({
  seed,
  seconds: minutes * 60,
  native: values["no-native"] ? false : undefined,
  save: !values["no-save"],
  maxFailures: 20,
  log: (line) => console.log(line),
});
console.log(summary(report, seed));
for (const r of report.rejections) console.log(`rejected: ${r}`);
for (const f of report.failures) console.log(`\n=== seed ${f.seed} (${f.kind}) ===\n${f.repro}\n${f.detail}`);
process.exit(report.failures.length > 0 ? 1 : 0);
