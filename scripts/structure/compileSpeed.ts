// Compile speed of two compiler.wasm builds side by side (issue 33: a
// restructured compiler must compile within 5 % of the one before it). Each
// round compiles the generated 20,000-line program and every example with
// both, taking turns going first; the figure is the CPU time of this
// process during each compile (steadier than wall time on a shared
// machine), and the ratio is the median of the rounds' own ratios.
//
//   npx tsx scripts/structure/compileSpeed.ts BEFORE.wasm AFTER.wasm [--rounds 9]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generate } from "../../bench/generatedProgram";
import { median } from "../../bench/median";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: "string", default: "9" }, help: { type: "boolean" } },
});
if (values.help || positionals.length !== 2) {
  console.log("usage: npx tsx scripts/structure/compileSpeed.ts BEFORE.wasm AFTER.wasm [--rounds 9]");
  process.exit(values.help ? 0 : 2);
}
const root = join(import.meta.dirname, "..", "..");
const examples = readdirSync(join(root, "lang/examples"))
  .filter((f) => f.endsWith(".pith"))
  .sort()
  .map((f) => readFileSync(join(root, "lang/examples", f), "utf8"));
const workloads: { name: string; sources: string[] }[] = [
  { name: "20,000-line program -O2", sources: [generate(20_000)] },
  { name: `${examples.length} examples -O2`, sources: examples },
];
const modules = await Promise.all(positionals.map((p) => WebAssembly.compile(readFileSync(p))));

async function cpuMs(module: WebAssembly.Module, sources: string[]): Promise<number> {
  const before = process.cpuUsage();
  for (const source of sources) {
    const r = await runWasiShim({
      module,
      program: "pith",
      args: ["build", "main.pith", "-O2", "-o", "out.wasm"],
      files: { "main.pith": source },
    });
    if (r.exitCode !== 0) throw new Error(`compile failed (exit ${r.exitCode})`);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

for (const w of workloads) {
  await cpuMs(modules[0], w.sources);
  await cpuMs(modules[1], w.sources);
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < Number(values.rounds); round++) {
    const first = round % 2;
    const t: number[] = [0, 0];
    t[first] = await cpuMs(modules[first], w.sources);
    t[1 - first] = await cpuMs(modules[1 - first], w.sources);
    a.push(t[0]);
    b.push(t[1]);
    ratios.push(t[1] / t[0]);
  }
  console.log(
    `${w.name}: before ${median(a).toFixed(1)} ms CPU, after ${median(b).toFixed(1)} ms, after/before ${median(ratios).toFixed(3)}`,
  );
}
