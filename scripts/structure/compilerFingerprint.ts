// The compiler's observable output over the whole corpus, as one hash per
// program and mode, so a restructuring of the compiler (issue 33: phases as
// plain modules) can show it changed nothing: run it before, keep the
// manifest, run it after with --compare.
//
//   npx tsx scripts/structure/compilerFingerprint.ts --out before.json
//   npx tsx scripts/structure/compilerFingerprint.ts --compare before.json
//
// Programs: every .pith of lang/tests, lang/examples and bench/programs,
// plus fuzz-generated programs (--generated N, default 60). Modes: check
// --json, wasm at every level, LLVM IR at -O2 and -Os, the optimised IR,
// and editor queries (symbols everywhere, hover/complete/definition at a
// few positions). A program that fails to compile is fingerprinted by its
// exit code and diagnostics, so error paths are covered as well.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parseArgs } from "node:util";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { loadCompilerModule } from "../../server/compiler/compilerModule";
import { generateProgram } from "../../wasm/fuzz/generator";

const HELP = `usage: npx tsx scripts/structure/compilerFingerprint.ts [--out FILE] [--compare FILE] [--generated N]
  --out FILE       write the manifest (program/mode -> sha256) to FILE
  --compare FILE   compare with a manifest written before; exit 1 on any difference
  --generated N    fuzz-generated programs to add (default 60)`;

const { values } = parseArgs({
  options: {
    out: { type: "string" },
    compare: { type: "string" },
    generated: { type: "string", default: "60" },
    help: { type: "boolean" },
  },
});
if (values.help || (!values.out && !values.compare)) {
  console.log(HELP);
  process.exit(values.help ? 0 : 2);
}

const root = join(import.meta.dirname, "..", "..");
const MODES: string[][] = [
  ["check", "main.pith", "--json"],
  ["build", "main.pith", "-O0", "-o", "out"],
  ["build", "main.pith", "-O1", "-o", "out"],
  ["build", "main.pith", "-O2", "-o", "out"],
  ["build", "main.pith", "-O3", "-o", "out"],
  ["build", "main.pith", "-Os", "-o", "out"],
  ["build", "main.pith", "-O2", "--leak-check", "-o", "out"],
  ["build", "main.pith", "-O2", "--emit", "ll", "-o", "out"],
  ["build", "main.pith", "-Os", "--emit", "ll", "-o", "out"],
  ["build", "main.pith", "-O2", "--emit", "ir", "-o", "out"],
  ["build", "main.pith", "-O0", "--emit", "ll", "-g", "-o", "out"],
  ["query", "main.pith", "symbols"],
];

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.name.endsWith(".pith")) out.push(full);
  }
}

/** Positions for hover/complete/definition: a few identifiers spread over the file. */
function probePositions(source: string): string[] {
  const lines = source.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length && out.length < 4; i += Math.max(1, Math.floor(lines.length / 4))) {
    const m = /[A-Za-z_][A-Za-z0-9_]*/.exec(lines[i].replace(/\/\/.*$/, ""));
    if (m) out.push(`${i + 1}:${m.index + 2}`);
  }
  return out;
}

const module = await loadCompilerModule();

async function fingerprint(args: string[], files: Record<string, string>): Promise<string> {
  const r = await runWasiShim({ module, program: "pith", args, files });
  const h = createHash("sha256");
  h.update(`exit ${r.exitCode}\n`);
  h.update(r.stdout);
  h.update("\n--stderr--\n");
  h.update(r.stderr);
  const out = r.files.get("out");
  if (out) h.update(out);
  return h.digest("hex");
}

const programs: { name: string; files: Record<string, string> }[] = [];
const paths: string[] = [];
for (const dir of ["lang/tests", "lang/examples", "bench/programs"]) walk(join(root, dir), paths);
paths.sort();
for (const path of paths) {
  const files: Record<string, string> = {};
  // Sibling files are the modules a program may import.
  for (const sibling of readdirSync(dirname(path))) {
    if (sibling.endsWith(".pith")) files[sibling] = readFileSync(join(dirname(path), sibling), "utf8");
  }
  files["main.pith"] = readFileSync(path, "utf8");
  programs.push({ name: relative(root, path), files });
}
for (let seed = 1; seed <= Number(values.generated); seed++) {
  programs.push({ name: `generated/${seed}`, files: { "main.pith": generateProgram(seed) } });
}

const manifest: Record<string, string> = {};
const started = performance.now();
for (const p of programs) {
  for (const mode of MODES)
    manifest[`${p.name} ${mode.slice(2).join(" ")} ${mode[0]}`] = await fingerprint(mode, p.files);
  for (const at of probePositions(p.files["main.pith"])) {
    for (const what of ["hover", "complete", "definition", "references"]) {
      manifest[`${p.name} query ${what} ${at}`] = await fingerprint(["query", "main.pith", what, "--at", at], p.files);
    }
  }
}
console.log(
  `${programs.length} programs, ${Object.keys(manifest).length} fingerprints in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
if (values.out) writeFileSync(values.out, `${JSON.stringify(manifest, null, 1)}\n`);
if (values.compare) {
  const before: Record<string, string> = JSON.parse(readFileSync(values.compare, "utf8"));
  const keys = new Set([...Object.keys(before), ...Object.keys(manifest)]);
  const differ = [...keys].filter((k) => before[k] !== manifest[k]).sort();
  for (const k of differ.slice(0, 40)) console.log(`differs: ${k}`);
  if (differ.length > 0) {
    console.log(`${differ.length} of ${keys.size} fingerprints differ`);
    process.exit(1);
  }
  console.log(`all ${keys.size} fingerprints identical`);
}
