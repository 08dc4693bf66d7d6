// Instructions a program executes, counted by valgrind's callgrind: the same
// number on every run and every x86-64 CPU (hardware counters are not
// available on the machines these benchmarks run on), so a ratio of counts
// says what a ratio of times on one machine cannot: how much work the
// generated code does against C's, apart from how well one core overlaps it.
// A program runs about 30-50 times slower under callgrind.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const VALGRIND = "valgrind";

/** Whether valgrind can be started here (scripts/bootstrap.sh test installs it). */
export function valgrindAvailable(): boolean {
  const probe = spawnSync(VALGRIND, ["--version"], { encoding: "utf8" });
  return probe.status === 0;
}

/** The total of a callgrind output file's events line (Ir first), from its "totals:" or "summary:" line. */
export function callgrindTotal(out: string): number | null {
  const match = /^(?:totals|summary):\s*(\d+)/m.exec(out);
  return match ? Number(match[1]) : null;
}

/**
 * Instructions `binary` executes (user space, the whole process), or null
 * when valgrind is missing or the run failed. The program's output is
 * discarded; its exit status must be 0.
 */
export function countInstructions(binary: string, args: string[] = []): number | null {
  const dir = mkdtempSync(join(tmpdir(), "pith-callgrind-"));
  try {
    const out = join(dir, "callgrind.out");
    const run = spawnSync(VALGRIND, ["--tool=callgrind", "--quiet", `--callgrind-out-file=${out}`, binary, ...args], {
      stdio: ["ignore", "ignore", "pipe"],
      maxBuffer: 16 * 1024 * 1024,
    });
    if (run.status !== 0) return null;
    return callgrindTotal(readFileSync(out, "utf8"));
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 8346616569 -> "8.35 G", for a table cell. */
export function formatCount(count: number | null): string {
  if (count === null) return "-";
  if (count >= 1e9) return `${(count / 1e9).toFixed(2)} G`;
  if (count >= 1e6) return `${(count / 1e6).toFixed(1)} M`;
  return String(count);
}
