// Runs a built executable for its target on this Linux host, for the
// differential tests: x86-64 directly, arm64 and riscv64 under qemu user
// mode (the glibc build with the cross sysroot as its root), Windows under
// Wine. macOS executables cannot run here; see inspect.ts.
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isNativeTargetId, type NativeTargetId } from "../../protocol/targets";
import { recipeFor } from "./recipes";
import { retryWhileBusy, runProcess } from "./runProcess";
import { WINE, wineEnv, winePrefix } from "./winePrefix";

export interface RunNativeOptions {
  args?: string[];
  stdin?: Uint8Array | string;
  /**
   * The program's environment variables. Given, a Linux program sees exactly
   * these (qemu adds none); under Wine they come on top of Wine's own. Absent,
   * the program inherits this process's environment.
   */
  env?: Record<string, string>;
  timeoutMs?: number;
}

export interface RunNativeResult {
  stdout: Uint8Array;
  stderr: Uint8Array;
  exitCode: number | null;
  timedOut: boolean;
  /** The program wrote more than is kept (4 MiB a stream): the rest of its output is gone. */
  truncated: boolean;
}

interface Launcher {
  command: string;
  prefixArgs: string[];
  wine?: boolean;
}

const LAUNCHERS: Readonly<Record<NativeTargetId, Launcher | null>> = {
  "linux-x64": { command: "", prefixArgs: [] },
  "linux-x64-musl": { command: "", prefixArgs: [] },
  "linux-arm64-musl": { command: "qemu-aarch64-static", prefixArgs: [] },
  "linux-riscv64-musl": { command: "qemu-riscv64-static", prefixArgs: [] },
  "linux-arm64-gnu": { command: "qemu-aarch64-static", prefixArgs: ["-L", "/usr/aarch64-linux-gnu"] },
  "windows-x64": { command: WINE, prefixArgs: [], wine: true },
  "macos-x64": null,
  "macos-arm64": null,
};

export function canRun(target: string): boolean {
  return isNativeTargetId(target) && Boolean(LAUNCHERS[target]);
}

export async function runNative(
  binary: Uint8Array,
  target: string,
  options: RunNativeOptions = {},
): Promise<RunNativeResult> {
  const launcher = isNativeTargetId(target) ? LAUNCHERS[target] : null;
  if (!launcher) throw new Error(`cannot run ${target} executables on this host`);
  const dir = await mkdtemp(join(tmpdir(), "pith-run-"));
  try {
    const path = join(dir, `program${recipeFor(target)?.extension ?? ""}`);
    await writeFile(path, binary);
    await chmod(path, 0o755);
    const base = launcher.wine ? wineEnv(await winePrefix()) : options.env ? {} : process.env;
    const env = { ...base, ...options.env };
    const [command, args] = launcher.command
      ? [launcher.command, [...launcher.prefixArgs, path, ...(options.args ?? [])]]
      : [path, options.args ?? []];
    const run = () =>
      retryWhileBusy(() =>
        runProcess(command, args, { cwd: dir, env, stdin: options.stdin, timeoutMs: options.timeoutMs ?? 20_000 }),
      );
    let result = await run();
    for (let i = 0; launcher.wine && i < 2 && wineFailed(result); i++) {
      wineRetries++;
      result = await run();
    }
    if (result.spawnError) throw new Error(`cannot start ${command}: ${result.spawnError}`);
    return {
      stdout: result.stdout,
      stderr: result.stderr,
      exitCode: result.exitCode,
      timedOut: result.timedOut,
      truncated: result.truncated,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let wineRetries = 0;

/** How many Wine runs this process repeated because Wine itself failed. */
export function wineRunsRepeated(): number {
  return wineRetries;
}

/**
 * Under load Wine can fail on its own, and then a run is repeated, at most
 * twice. Its client can lose the wineserver ("wine client error:0: recvmsg:
 * Connection reset by peer", exit 1, no output). A service process it starts
 * beside the program (winedevice.exe, inside ntoskrnl.exe) can crash and
 * print "wine: Unhandled page fault ..." on the program's stderr, while the
 * program itself exits normally. It has also ended a run with exit 1 and
 * nothing at all on either stream, before the program wrote a byte (CI,
 * 2026-11-27: a program whose first act is to print "fine"); with WINEDEBUG
 * off, that failure names itself nowhere, so a silent non-zero exit counts
 * as one. A program that fails by itself fails again the same way: it is
 * single-threaded and deterministic, so its repeated run shows the same
 * result, and that result is the one returned.
 */
export function wineFailed(run: { stdout: Uint8Array; stderr: Uint8Array; exitCode: number | null }): boolean {
  const text = Buffer.from(run.stderr).toString("utf8");
  if (text.includes("wine client error") || /^wine: Unhandled /m.test(text)) return true;
  return run.exitCode !== 0 && run.exitCode !== null && run.stdout.length === 0 && run.stderr.length === 0;
}
