// The robustness fuzzer: random inputs (mutated corpus programs, token soup,
// and whole programs from the differential generator) go through
// `pith check` and, when they check, `pith build -O2`, and through
// `pith fmt`; the compiler must never crash, trap, hang, or write an invalid
// module, a generated program must always check, and the formatter's output
// must format to itself and still check when its input did. Runs on worker threads so a hang can be timed
// out; used by the CI test (wasm/tests/fuzz.test.ts) and by
// `npm run fuzz -- --compile-only` for long runs.
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { generateProgram } from "./generator";
import { corpus, mutate, type Next, soup, xorshift } from "./mutation";

export type InputKind = "mutated" | "soup" | "generated";

export interface RobustnessOptions {
  root: string;
  compilerPath: string;
  seed: number;
  /** Stop after this long (seconds). */
  seconds: number;
  /** Stop after this many programs (default: no limit). */
  programs?: number;
  /** Worker threads compiling side by side (default 1). */
  workers?: number;
  /** Stop after this many failures (default 5). */
  maxFailures?: number;
  hangMs?: number;
  /** Called every `progressEvery` seconds (default 60) with the report so far. */
  progress?: (report: RobustnessReport) => void;
  progressEvery?: number;
  /** Called with each failure as it is found (a long run shows it at once). */
  onFailure?: (failure: string) => void;
}

export interface RobustnessReport {
  programs: number;
  byKind: Record<InputKind, number>;
  /** Inputs that checked without errors. */
  compiled: number;
  crashes: number;
  hangs: number;
  /** Inputs that timed out once and answered on the retry (the machine was busy, not the compiler stuck). */
  hangRetries: number;
  invalidModules: number;
  /** Generated (well-typed by construction) programs the checker refused. */
  rejectedGenerated: number;
  /** Formatted programs that formatted differently again, or no longer checked. */
  badFormats: number;
  failures: string[];
  seconds: number;
}

interface WorkerAnswer {
  check: { exit: number; trap?: string };
  build: { exit: number; trap?: string } | null;
  valid: boolean;
  /** `pith fmt`: its exit, and what was wrong with its output, if anything. */
  fmt: { exit: number; trap?: string; problem?: string };
}

interface Input {
  kind: InputKind;
  source: string;
  label: string;
}

const WORKER = join(import.meta.dirname, "compile_worker.mjs");
/** A fresh worker now and then releases the wasm memories of finished runs. */
const RECYCLE_EVERY = 250;

function inputs(root: string, seed: number): () => Input {
  const seeds = corpus(root);
  const next: Next = xorshift(seed);
  let n = 0;
  return () => {
    n++;
    const roll = next(5);
    if (roll === 0) return { kind: "soup", source: soup(next), label: `soup #${n}` };
    if (roll === 1) {
      const g = next(2 ** 31);
      return { kind: "generated", source: generateProgram(g), label: `generated from seed ${g}` };
    }
    return { kind: "mutated", source: mutate(seeds[next(seeds.length)], next), label: `mutation #${n}` };
  };
}

class CompileWorker {
  private worker: Worker;
  private runs = 0;
  constructor(private readonly compilerPath: string) {
    this.worker = this.start();
  }
  private start(): Worker {
    return new Worker(WORKER, { workerData: { compilerPath: this.compilerPath } });
  }
  /** Asked to stop rather than terminated: terminating a thread that used WASI can bring the process down. */
  private static stop(worker: Worker): Promise<void> {
    return new Promise((resolve) => {
      worker.once("exit", () => resolve());
      worker.postMessage(null);
    });
  }
  async compile(source: string, hangMs: number): Promise<WorkerAnswer | "hang"> {
    if (this.runs > 0 && this.runs % RECYCLE_EVERY === 0) {
      await CompileWorker.stop(this.worker);
      this.worker = this.start();
    }
    this.runs++;
    const answer = await new Promise<WorkerAnswer | "hang">((resolve) => {
      const timer = setTimeout(() => resolve("hang"), hangMs);
      this.worker.once("message", (r: WorkerAnswer) => {
        clearTimeout(timer);
        resolve(r);
      });
      this.worker.postMessage(source);
    });
    if (answer === "hang") {
      await this.worker.terminate();
      this.worker = this.start();
    }
    return answer;
  }
  close(): Promise<void> {
    return CompileWorker.stop(this.worker);
  }
}

export async function runRobustness(options: RobustnessOptions): Promise<RobustnessReport> {
  const started = Date.now();
  const deadline = started + options.seconds * 1000;
  const limit = options.programs ?? Number.POSITIVE_INFINITY;
  const maxFailures = options.maxFailures ?? 5;
  const hangMs = options.hangMs ?? 10_000;
  const next = inputs(options.root, options.seed);
  const report: RobustnessReport = {
    programs: 0,
    byKind: { mutated: 0, soup: 0, generated: 0 },
    compiled: 0,
    crashes: 0,
    hangs: 0,
    hangRetries: 0,
    invalidModules: 0,
    rejectedGenerated: 0,
    badFormats: 0,
    failures: [],
    seconds: 0,
  };
  let handedOut = 0;
  let lastProgress = started;
  const fail = (line: string) => {
    if (report.failures.length < 50) report.failures.push(line);
    options.onFailure?.(line);
  };
  const failureCount = () =>
    report.crashes + report.hangs + report.invalidModules + report.rejectedGenerated + report.badFormats;
  const lane = async () => {
    const worker = new CompileWorker(options.compilerPath);
    try {
      while (Date.now() < deadline && handedOut < limit && failureCount() < maxFailures) {
        handedOut++;
        const input = next();
        let answer = await worker.compile(input.source, hangMs);
        // The limit is wall time: a starved thread on a loaded machine can pass it. A hang counts only
        // if a fresh worker, given three times as long, also gives no answer.
        if (answer === "hang") {
          report.hangRetries++;
          answer = await worker.compile(input.source, hangMs * 3);
        }
        report.programs++;
        report.byKind[input.kind]++;
        if (answer === "hang") {
          report.hangs++;
          fail(`hang (${hangMs} ms) on ${input.label}:\n${input.source}`);
        } else if (answer.check.exit !== 0 && answer.check.exit !== 1) {
          report.crashes++;
          fail(`check exited ${answer.check.exit} ${answer.check.trap ?? ""} on ${input.label}:\n${input.source}`);
        } else if (answer.build !== null && answer.build.exit !== 0) {
          report.crashes++;
          fail(
            `build exited ${answer.build.exit} ${answer.build.trap ?? ""} after a clean check on ${input.label}:\n${input.source}`,
          );
        } else if (!answer.valid) {
          report.invalidModules++;
          fail(`invalid module for ${input.label}:\n${input.source}`);
        } else if (input.kind === "generated" && answer.check.exit !== 0) {
          report.rejectedGenerated++;
          fail(`the checker refused a well-typed ${input.label}:\n${input.source}`);
        } else if (answer.fmt.exit !== 0 && answer.fmt.exit !== 1) {
          report.crashes++;
          fail(`fmt exited ${answer.fmt.exit} ${answer.fmt.trap ?? ""} on ${input.label}:\n${input.source}`);
        } else if (answer.fmt.problem) {
          report.badFormats++;
          fail(`${answer.fmt.problem}\nfrom ${input.label}:\n${input.source}`);
        }
        if (answer !== "hang" && answer.check.exit === 0) report.compiled++;
        const now = Date.now();
        if (options.progress && now - lastProgress >= (options.progressEvery ?? 60) * 1000) {
          lastProgress = now;
          report.seconds = (now - started) / 1000;
          options.progress(report);
        }
      }
    } finally {
      await worker.close();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.workers ?? 1) }, lane));
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

export function robustnessSummary(report: RobustnessReport, seed: number): string {
  const perSecond = report.programs / Math.max(report.seconds, 0.001);
  const { mutated, soup: soupCount, generated } = report.byKind;
  return (
    `robustness fuzz from seed ${seed}: ${report.programs} programs in ${report.seconds.toFixed(0)} s ` +
    `(${perSecond.toFixed(0)}/s; ${mutated} mutated, ${soupCount} token soup, ${generated} generated), ` +
    `${report.compiled} compiled; crashes ${report.crashes}, hangs ${report.hangs} ` +
    `(${report.hangRetries} slow answers passed on a retry), ` +
    `invalid modules ${report.invalidModules}, generated programs refused ${report.rejectedGenerated}, ` +
    `formats not at a fixed point or no longer checking ${report.badFormats}`
  );
}
