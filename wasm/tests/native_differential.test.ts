// The differential proof of the native targets: every positive program in
// lang/tests and lang/examples that the compiler passes (not in pending.txt)
// and that uses no host module is compiled once to LLVM IR, built for each
// runnable native target at -O0 and -O2, run (arm64/riscv64 under qemu,
// Windows under Wine), and must print exactly what its wasm build prints:
// stdout, stderr and exit status byte for byte, panics included.
//
// Builds and runs are separate processes, so the targets run concurrently
// under one limit on processes in flight. PITH_NATIVE_TARGETS / _OPTS (comma
// lists) narrow a local run; every program left out is listed as skipped.
import { availableParallelism } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { discover, readPending } from "../../lang/tests/corpus";
import { missingToolsFor } from "../../server/toolchain/detect";
import { HOST_MODULES } from "../../server/toolchain/hostModules";
import { wineRunsRepeated } from "../../server/toolchain/runNative";
import { builtReference, Limiter, nativeDifferences, type Reference, reference } from "./llvm_support";

const ALL_TARGETS = [
  "linux-x64",
  "linux-x64-musl",
  "linux-arm64-musl",
  "linux-riscv64-musl",
  "linux-arm64-gnu",
  "windows-x64",
];
const ALL_OPTS = ["-O0", "-O2"];
const listFrom = (value: string | undefined, all: string[]) =>
  value
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter((s) => all.includes(s))
    : all;
const targets = listFrom(process.env.PITH_NATIVE_TARGETS, ALL_TARGETS);
const opts = listFrom(process.env.PITH_NATIVE_OPTS, ALL_OPTS);

const HOST_IMPORT = new RegExp(
  `^\\s*import\\s+(${HOST_MODULES.map((m) => m.name.replace(".", "\\.")).join("|")})\\b`,
  "m",
);

const pending = readPending();
const all = discover().filter((c) => c.expected);
const programs = all.filter((c) => !pending.has(c.path) && !HOST_IMPORT.test(c.source));

// One IR and one wasm reference per program, shared by every target.
const references = new Map<string, Promise<Reference>>();
function referenceOf(path: string, source: string, stdin: string, env: Record<string, string>): Promise<Reference> {
  let ref = references.get(path);
  if (!ref) {
    ref = reference(source, path.split("/").pop() as string, stdin, env);
    references.set(path, ref);
  }
  return ref;
}

// One more than the cores: qemu and Wine spend part of each run starting up, not computing.
const limiter = new Limiter(availableParallelism() + 1);
const results = new Map<string, { run: number; passed: number }>();
function tally(target: string, opt: string, passed: boolean): void {
  const key = `${target} ${opt}`;
  const row = results.get(key) ?? { run: 0, passed: 0 };
  row.run++;
  if (passed) row.passed++;
  results.set(key, row);
}

afterAll(() => {
  if (results.size === 0) return;
  const lines = ["target × opt: programs run / passed"];
  for (const target of targets) {
    for (const opt of opts) {
      const row = results.get(`${target} ${opt}`);
      if (row) lines.push(`  ${target.padEnd(20)} ${opt}  ${row.run} / ${row.passed}`);
    }
  }
  lines.push(`Wine runs repeated because Wine itself failed: ${wineRunsRepeated()}`);
  console.log(lines.join("\n"));
});

describe("the corpus", () => {
  it("has programs to compare", () => {
    expect(programs.length).toBeGreaterThan(100);
  });
  for (const c of all.filter((x) => !programs.includes(x))) {
    const why = pending.has(c.path) ? `pending: ${pending.get(c.path)}` : "uses a host module no native target has";
    it.skip(`${c.path} (${why})`, () => {});
  }
});

for (const target of ALL_TARGETS) {
  describe.concurrent(target, () => {
    if (!targets.includes(target)) {
      it.skip(`not selected by PITH_NATIVE_TARGETS`, () => {});
      return;
    }
    const missing = missingToolsFor(target);
    if (missing.length > 0) {
      it.skip(`cannot build here: missing ${missing.join(", ")} (see server/toolchain/presence.test.ts)`, () => {});
      return;
    }
    for (const c of programs) {
      it(c.path, { timeout: 300_000 }, async () => {
        const ref = await referenceOf(c.path, c.source, c.stdin, c.env);
        expect(ref.error).toBe("");
        const { ll, wasm } = builtReference(ref);
        const name = c.path.split("/").pop() as string;
        const problems = await Promise.all(
          opts.map((opt) =>
            limiter.run(async () => {
              const found = await nativeDifferences(ll, wasm, target, opt, name, c.stdin, c.env);
              tally(target, opt, found.length === 0);
              return found;
            }),
          ),
        );
        expect(problems.flat().join("\n\n")).toBe("");
      });
    }
  });
}
