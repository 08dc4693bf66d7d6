// Random differential testing: one generated program, compiled every way
// that must agree (wasm and linux-x64, each at -O0 and -O3), run, and the
// outputs compared byte for byte (stdout, stderr, exit status). Wasm builds
// run in a worker thread (worker.mjs) so a hang can be cut off; native builds
// go through the server's own toolchain (linkNative, runNative).
import { Worker } from "node:worker_threads";
import { COMPILER_WASM_PATH } from "../../server/compiler/compilerModule";
import { missingToolsFor } from "../../server/toolchain/detect";
import { linkNative } from "../../server/toolchain/linkNative";
import { runNative } from "../../server/toolchain/runNative";
import { SELF_CHECK_FAILED } from "./generator";

export const OPTS = ["-O0", "-O3"] as const;
const NATIVE_TARGET = "linux-x64";
const HANG_MS = 20_000;

export interface Outcome {
  stdout: string;
  stderr: string;
  exit: number | null;
  /** A native run's output went past what the runner keeps: only its start is known. */
  truncated?: boolean;
}

export type Verdict =
  | { kind: "agree"; outcome: Outcome }
  | { kind: "rejected"; message: string }
  | { kind: "crash"; message: string }
  | { kind: "hang"; config: string }
  | { kind: "mismatch"; outcomes: Record<string, Outcome> };

interface WorkerReply {
  compileError?: string;
  compileExit?: number;
  wasm?: Record<string, Outcome>;
  ll?: Record<string, string | null>;
}

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("latin1");

/** Native runs are possible when clang-19 and lld-19 are installed. */
export function nativeAvailable(): boolean {
  return missingToolsFor(NATIVE_TARGET).length === 0;
}

export class Differ {
  private worker: Worker;
  private runs = 0;

  /** `opts`: the optimisation levels compared (each on wasm, and on linux-x64 when `native`). */
  constructor(
    private readonly native: boolean,
    private readonly opts: readonly string[] = OPTS,
  ) {
    this.worker = this.spawn();
  }

  private spawn(): Worker {
    return new Worker(new URL("./worker.mjs", import.meta.url), { workerData: { compilerPath: COMPILER_WASM_PATH } });
  }

  private ask(source: string): Promise<WorkerReply | "hang"> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve("hang"), HANG_MS);
      this.worker.once("message", (reply: WorkerReply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      this.worker.postMessage({ source, opts: this.opts, emitLl: this.native });
    });
  }

  /** Compiles and runs `source` every way and says whether the results agree. */
  async judge(source: string): Promise<Verdict> {
    // A fresh worker now and then releases the memories of finished runs.
    if (++this.runs % 200 === 0) await this.restart();
    const reply = await this.ask(source);
    if (reply === "hang") {
      await this.restart(true);
      return { kind: "hang", config: "wasm (compile or run)" };
    }
    if (reply.compileError !== undefined) {
      if (reply.compileExit === 1) return { kind: "rejected", message: reply.compileError };
      return { kind: "crash", message: `compiler exited ${reply.compileExit}: ${reply.compileError}` };
    }
    const outcomes: Record<string, Outcome> = {};
    for (const opt of this.opts) outcomes[`wasm ${opt}`] = (reply.wasm as Record<string, Outcome>)[opt];
    if (this.native) {
      // Both optimisation levels build and run at once: clang is the slow part.
      const natives = await Promise.all(this.opts.map((opt) => this.runNativeAt(opt, reply.ll ?? {})));
      for (const [i, opt] of this.opts.entries()) {
        const native = natives[i];
        if ("kind" in native) return native;
        outcomes[`${NATIVE_TARGET} ${opt}`] = native;
      }
    }
    const values = Object.values(outcomes);
    // Where a native run's output was cut short, only as much of each output is compared.
    let kept = Number.POSITIVE_INFINITY;
    for (const o of values) if (o.truncated) kept = Math.min(kept, o.stdout.length);
    const out = (o: Outcome) => (Number.isFinite(kept) ? o.stdout.slice(0, kept) : o.stdout);
    const same = values.every(
      (o) => out(o) === out(values[0]) && o.stderr === values[0].stderr && o.exit === values[0].exit,
    );
    // Every configuration printing the failure of a check the program makes
    // of itself is a wrong result all the same (see copiesInLoops).
    if (same && values[0].stdout.includes(SELF_CHECK_FAILED)) return { kind: "mismatch", outcomes };
    return same ? { kind: "agree", outcome: values[0] } : { kind: "mismatch", outcomes };
  }

  private async runNativeAt(opt: string, ll: Record<string, string | null>): Promise<Outcome | Verdict> {
    const text = ll[opt];
    if (!text) return { kind: "crash", message: `--emit ll ${opt} failed: ${ll[`${opt}:error`]}` };
    const built = await linkNative({ ll: text, target: NATIVE_TARGET, opt, filename: "main.pith", sandbox: false });
    if (!built.binary) return { kind: "crash", message: `clang rejected the IR at ${opt}: ${built.errors.join("\n")}` };
    const ran = await runNative(built.binary, NATIVE_TARGET, { timeoutMs: HANG_MS });
    if (ran.timedOut) return { kind: "hang", config: `${NATIVE_TARGET} ${opt}` };
    return { stdout: latin1(ran.stdout), stderr: latin1(ran.stderr), exit: ran.exitCode, truncated: ran.truncated };
  }

  private async restart(force = false): Promise<void> {
    if (force) await this.worker.terminate();
    else await this.stop();
    this.worker = this.spawn();
  }

  private stop(): Promise<void> {
    return new Promise((resolve) => {
      this.worker.once("exit", () => resolve());
      this.worker.postMessage(null);
    });
  }

  async close(): Promise<void> {
    await this.stop();
  }
}

/** What went wrong, for a report: the configurations and how their outputs differ. */
export function describe(verdict: Verdict): string {
  switch (verdict.kind) {
    case "mismatch":
      return Object.entries(verdict.outcomes)
        .map(
          ([config, o]) =>
            `--- ${config}: exit ${o.exit}\nstdout:\n${o.stdout.slice(0, 2000)}\nstderr:\n${o.stderr.slice(0, 2000)}`,
        )
        .join("\n");
    case "agree":
      return "all configurations agree";
    case "rejected":
    case "crash":
      return verdict.message;
    case "hang":
      return `hang in ${verdict.config}`;
  }
}
