// The standard library against C and JavaScript on three everyday jobs:
// Map<str, i64> word counting over 1 MB of text, sorting 1M integers, and
// json.parse of a 1 MB document (bench/stdlib/<name>.{pith,c,js}). Pith is
// built for linux-x64 at -O2 (compiler.wasm --emit ll, clang-19) and as wasm
// (run under node:wasi); C with clang-19 -O2; JS under this Node. Target
// (issue 11): native Pith within 2× of C. Every output must equal C's.
//
//   npx tsx bench/stdlib.bench.ts [--runs 3] [--one sort]
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildNative } from "../server/toolchain/buildNative";
import { machineLine } from "./machine";
import { median } from "./median";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" }, one: { type: "string" } } });
const runs = Math.max(1, Number(values.runs));
const dir = new URL("./stdlib/", import.meta.url).pathname;
const root = new URL("../", import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), "pith-stdlib-bench-"));
const TARGET_RATIO = 2;

/** A deterministic generator (mulberry32), so every run sees the same input. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** About 1 MB of text: words from a 20,000-word vocabulary, Zipf-like frequencies. */
function wordText(): string {
  const r = generator(11);
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const vocab = Array.from({ length: 20000 }, () => {
    let w = "";
    const n = 2 + Math.floor(r() * 9);
    for (let i = 0; i < n; i++) w += letters[Math.floor(r() * 26)];
    return w;
  });
  const parts: string[] = [];
  let size = 0;
  while (size < 1 << 20) {
    const w = vocab[Math.floor(vocab.length * r() ** 3)];
    const sep = r() < 0.1 ? ".\n" : " ";
    parts.push(w + sep);
    size += w.length + sep.length;
  }
  return parts.join("");
}

/** About 1 MB of JSON: an array of records with numbers, strings, booleans, nulls and nesting. */
function jsonText(): string {
  const r = generator(12);
  const records: unknown[] = [];
  let size = 0;
  for (let i = 0; size < 1 << 20; i++) {
    const rec = {
      id: i,
      name: `user ${i} \u00e9\u20ac`,
      score: Math.round(r() * 1e6) / 100,
      ratio: r(),
      active: r() < 0.5,
      tags: ["alpha", "beta", "gamma"].slice(0, Math.floor(r() * 4)),
      nested: { x: Math.floor(r() * 2000) - 1000, y: null, z: [1.5e3, -2.25e-3] },
    };
    records.push(rec);
    size += JSON.stringify(rec).length;
  }
  return JSON.stringify(records, null, 1);
}

const WASI_RUNNER = `const { WASI } = require("node:wasi");
const wasi = new WASI({ version: "preview1", args: ["main"], env: {}, returnOnExit: true });
WebAssembly.instantiate(require("node:fs").readFileSync(process.argv[1]), wasi.getImportObject()).then(({ instance }) => {
  process.exitCode = wasi.start(instance);
});`;

function time(command: string, args: string[], input: string): { ms: number; out: string } {
  const started = performance.now();
  const result = spawnSync(command, args, { input, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return { ms, out: result.stdout };
}

const jobs: { name: string; input: () => string }[] = [
  { name: "word-count", input: wordText },
  { name: "sort", input: () => "" },
  { name: "json-parse", input: jsonText },
];

console.log(machineLine());
console.log(`std library, linux-x64 -O2 and wasm, median of ${runs}`);
const widths = [12, 8, 10, 8, 8, 10, 8, 8];
const line = (cells: (string | number)[]) => console.log(cells.map((c, i) => String(c).padEnd(widths[i])).join("  "));
line(["program", "C ms", "pith ms", "pith/C", "target", "wasm ms", "JS ms", "output"]);
let misses = 0;
try {
  for (const job of jobs.filter((j) => !values.one || j.name === values.one)) {
    const input = job.input();
    const source = readFileSync(join(dir, `${job.name}.pith`), "utf8");
    const build = await buildNative({ source, filename: `${job.name}.pith`, target: "linux-x64", opt: "-O2" });
    if (build.status !== "ok" || !build.binary) {
      line([job.name, "build failed", "", "", "", "", "", ""]);
      console.log(`  ${build.errors.map((e) => e.message).join("; ")}`);
      misses++;
      continue;
    }
    const pithBinary = join(work, `${job.name}-pith`);
    writeFileSync(pithBinary, build.binary);
    chmodSync(pithBinary, 0o755);
    const cBinary = join(work, `${job.name}-c`);
    execFileSync("clang-19", ["-O2", join(dir, `${job.name}.c`), "-o", cBinary, "-lm"]);
    const wasm = join(work, `${job.name}.wasm`);
    execFileSync(
      "node",
      ["--import", "tsx", join(root, "server/cli/pith.ts"), "build", join(dir, `${job.name}.pith`), "-O2", "-o", wasm],
      { cwd: root },
    );
    const samples: { ms: number; out: string }[][] = [[], [], [], []];
    for (let i = 0; i < runs; i++) {
      samples[0].push(time(cBinary, [], input));
      samples[1].push(time(pithBinary, [], input));
      samples[2].push(time("node", ["--no-warnings", "-e", WASI_RUNNER, wasm], input));
      samples[3].push(time("node", [join(dir, `${job.name}.js`)], input));
    }
    const [c, pith, wasmRun, js] = samples.map((s) => median(s.map((x) => x.ms)));
    const reference = samples[0][0].out;
    const same = samples.every((s) => s.every((x) => x.out === reference));
    const ratio = pith / c;
    if (ratio > TARGET_RATIO || !same) misses++;
    line([
      job.name,
      c.toFixed(0),
      pith.toFixed(0),
      ratio.toFixed(2),
      `≤ ${TARGET_RATIO}`,
      wasmRun.toFixed(0),
      js.toFixed(0),
      same ? "same" : "DIFFERS",
    ]);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(misses === 0 ? "all within target" : `${misses} program(s) outside the target`);
