// `npm run fuzz -- [--minutes N] [--seed S] [--no-native] [--no-save]`: the
// differential fuzzer for as long as asked. Every program is compiled at -O0
// and -O3 for wasm and linux-x64; a disagreement is minimised and saved under
// lang/tests/fuzz/ (and listed in lang/tests/pending.txt). Exit 1 on failures.
import { parseArgs } from "node:util";
import { runCampaign, summary } from "../wasm/fuzz/campaign";

const USAGE = `usage: npm run fuzz -- [--minutes N] [--seed S] [--no-native] [--no-save]

  --minutes N   how long to run (default 1; fractions allowed)
  --seed S      first seed (default: random, printed so a run can be replayed)
  --no-native   compare the wasm builds only (no clang needed)
  --no-save     print failures instead of saving repros under lang/tests/fuzz/
  --help        this text`;

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      minutes: { type: "string", default: "1" },
      seed: { type: "string" },
      "no-native": { type: "boolean" },
      "no-save": { type: "boolean" },
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
