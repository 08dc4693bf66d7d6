// Shrinks a failing generated program to a small repro by deleting lines
// (a line that opens a block is deleted with its whole block) while the
// program still compiles and still fails the same way: delta debugging
// over the generator's one-statement-per-line layout.
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../../lang/tests/corpus";
import type { Differ, Verdict } from "./differential";
import { SELF_CHECK_FAILED } from "./generator";

/** The index one past the line that closes the block `lines[start]` opens. */
function blockEnd(lines: string[], start: number): number {
  let depth = 0;
  for (let i = start; i < lines.length; i++) {
    for (const ch of lines[i]) {
      if (ch === "{") depth++;
      else if (ch === "}") depth--;
    }
    if (depth <= 0) return i + 1;
  }
  return start + 1;
}

const sameFailure = (a: Verdict, b: Verdict): boolean => a.kind === b.kind;

export async function minimise(
  source: string,
  failure: Verdict,
  differ: Differ,
  budgetMs = 180_000,
): Promise<{ source: string; verdict: Verdict; tries: number }> {
  const deadline = Date.now() + budgetMs;
  let lines = source.split("\n");
  let verdict = failure;
  let tries = 0;
  let progress = true;
  while (progress && Date.now() < deadline) {
    progress = false;
    // Largest chunks first, then single statements and whole blocks.
    for (
      let size = Math.max(1, Math.floor(lines.length / 4));
      size >= 1 && Date.now() < deadline;
      size = Math.floor(size / 2)
    ) {
      for (let at = 0; at < lines.length && Date.now() < deadline; ) {
        const end =
          size === 1 && lines[at].trimEnd().endsWith("{") ? blockEnd(lines, at) : Math.min(lines.length, at + size);
        const candidate = [...lines.slice(0, at), ...lines.slice(end)];
        tries++;
        const result = await differ.judge(candidate.join("\n"));
        if (sameFailure(result, failure)) {
          lines = candidate;
          verdict = result;
          progress = true;
        } else {
          at++;
        }
      }
    }
  }
  return { source: lines.join("\n"), verdict, tries };
}

/**
 * Saves a repro as a conformance program under lang/tests/fuzz/ and lists it
 * in pending.txt until the compiler is fixed. The expected results are the
 * unoptimised wasm build's, the configuration with the least machinery; a
 * comment at the end (so panic positions stay put) records what every
 * configuration printed.
 */
export function saveRepro(name: string, source: string, verdict: Verdict, note: string): string {
  const dir = join(REPO_ROOT, "lang/tests/fuzz");
  mkdirSync(dir, { recursive: true });
  const header = [`// Found by the differential fuzzer (${note}).`];
  if (verdict.kind === "mismatch") {
    for (const [config, o] of Object.entries(verdict.outcomes)) {
      header.push(
        `// ${config}: exit ${o.exit}, stdout ${JSON.stringify(o.stdout.slice(0, 120))}, stderr ${JSON.stringify(o.stderr.slice(0, 120))}`,
      );
    }
    const reference = verdict.outcomes["wasm -O0"];
    let stdout = reference.stdout;
    if (stdout.includes(SELF_CHECK_FAILED)) {
      // Every build agreed on a wrong result: the right output is not known.
      // Without the failure line the test fails until the compiler is fixed;
      // the rest of the expected output must then be checked by hand.
      header.push("// Every build failed the program's own check: check the expected output by hand once fixed.");
      stdout = stdout
        .split("\n")
        .filter((line) => !line.includes(SELF_CHECK_FAILED))
        .join("\n");
    }
    writeFileSync(join(dir, `${name}.stdout`), stdout, "latin1");
    // The corpus compiles each program under its own name; panic lines carry it.
    if (reference.stderr)
      writeFileSync(join(dir, `${name}.stderr`), reference.stderr.replaceAll("main.pith:", `${name}.pith:`), "latin1");
    if (reference.exit !== 0) writeFileSync(join(dir, `${name}.exit`), `${reference.exit}\n`);
  } else {
    header.push(`// ${verdict.kind}: ${JSON.stringify(verdict).slice(0, 300)}`);
  }
  const path = join(dir, `${name}.pith`);
  writeFileSync(path, `${source.trimEnd()}\n\n${header.join("\n")}\n`);
  appendFileSync(
    join(REPO_ROOT, "lang/tests/pending.txt"),
    `lang/tests/fuzz/${name}.pith  # differential fuzzer: ${verdict.kind}\n`,
  );
  return path;
}
