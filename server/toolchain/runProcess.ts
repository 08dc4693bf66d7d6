// Runs one external program with a deadline and bounded output capture. Both
// the build (clang) and the runner (the built program, qemu, wine) go through
// here so a timeout always means the same thing: the whole process group was
// killed, including grandchildren such as cc1, ld.lld or wineserver clients.
import { spawn } from "node:child_process";

export interface ProcessOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  stdin?: Uint8Array | string;
  timeoutMs: number;
  /** Bytes kept per stream; the rest is dropped and `truncated` set. */
  maxCapture?: number;
  /** "ignore" gives the program no pipes at all, for launchers of daemons. */
  output?: "capture" | "ignore";
  /** Kills the whole process group when it aborts (the client that asked hung up); `aborted` says so. */
  signal?: AbortSignal;
}

export interface ProcessResult {
  /** Exit status, or null when the process died from a signal. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: Uint8Array;
  stderr: Uint8Array;
  timedOut: boolean;
  /** The options' signal aborted: the group was killed, or the program never started. */
  aborted: boolean;
  truncated: boolean;
  /** Set when the program could not be started at all (ENOENT, EACCES). */
  spawnError: string | null;
  elapsedMs: number;
}

const DEFAULT_CAPTURE = 4 * 1024 * 1024;
// How long to wait for the pipes to close once the program itself has exited.
// A daemon it started (wineserver, winedevice.exe) can inherit them and keep
// them open forever; what is not flushed by then is not the program's output.
const PIPE_GRACE_MS = 500;

export function runProcess(command: string, args: readonly string[], options: ProcessOptions): Promise<ProcessResult> {
  const started = performance.now();
  const maxCapture = options.maxCapture ?? DEFAULT_CAPTURE;
  const abortSignal = options.signal;
  if (abortSignal?.aborted) {
    // Nobody waits for this program any more: do not start it.
    return Promise.resolve({
      exitCode: null,
      signal: null,
      stdout: new Uint8Array(),
      stderr: new Uint8Array(),
      timedOut: false,
      aborted: true,
      truncated: false,
      spawnError: null,
      elapsedMs: 0,
    });
  }
  return new Promise((resolve) => {
    // detached: the child leads a new process group, so one kill(-pid)
    // reaches everything it started.
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: options.output === "ignore" ? "ignore" : ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const sizes = { out: 0, err: 0 };
    let truncated = false;
    let timedOut = false;
    let aborted = false;
    let spawnError: string | null = null;

    const collect = (chunks: Buffer[], key: "out" | "err") => (chunk: Buffer) => {
      const room = maxCapture - sizes[key];
      if (room <= 0) {
        truncated = true;
        return;
      }
      const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
      if (kept.length < chunk.length) truncated = true;
      chunks.push(kept);
      sizes[key] += kept.length;
    };
    child.stdout?.on("data", collect(out, "out"));
    child.stderr?.on("data", collect(err, "err"));

    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group is already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    // A client that hung up frees its build slot now, not when clang would
    // have finished: the group (bwrap, clang, cc1, lld) is killed at once.
    const onAbort = () => {
      aborted = true;
      killGroup();
    };
    abortSignal?.addEventListener("abort", onAbort, { once: true });

    child.on("error", (error) => {
      spawnError = error.message;
    });
    // A program that exits without reading its input closes the pipe; that
    // is its business, not an error of ours.
    child.stdin?.on("error", () => {});
    child.stdin?.end(options.stdin ?? "");

    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      abortSignal?.removeEventListener("abort", onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      // Leftover members of the group (a daemonised helper) must not outlive
      // a run that we consider finished.
      if (timedOut || aborted) killGroup();
      resolve({
        exitCode: code,
        signal,
        stdout: new Uint8Array(Buffer.concat(out)),
        stderr: new Uint8Array(Buffer.concat(err)),
        timedOut,
        aborted,
        truncated,
        spawnError,
        elapsedMs: performance.now() - started,
      });
    };
    child.on("exit", (code, signal) => {
      graceTimer = setTimeout(() => finish(code, signal), PIPE_GRACE_MS);
    });
    child.on("close", finish);
  });
}

/**
 * Runs `start` again when exec fails with ETXTBSY. A file just written and
 * closed can still be open for writing in a child that another part of this
 * process forked at that moment (until that child's own exec closes it), and
 * exec refuses a file open for writing. The window is a few milliseconds.
 */
export async function retryWhileBusy<T>(start: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ETXTBSY" || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
    }
  }
}
