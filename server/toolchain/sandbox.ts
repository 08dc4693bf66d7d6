// Wraps a build command in bubblewrap when the host allows it: no network, a
// read-only view of the system, a private /tmp, and only the build's own
// directory writable. Hosts without bwrap, or where unprivileged user
// namespaces are disabled (many containers), fall back to running the
// command directly; the build log says which happened.
import { runProcess } from "./runProcess";

const BWRAP = "bwrap";

export interface Sandbox {
  available: boolean;
  /** Why the sandbox is off, for the build log; null when it is on. */
  reason: string | null;
}

function baseArgs(): string[] {
  return [
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--tmpfs",
    "/tmp",
    "--unshare-all",
    "--die-with-parent",
    "--clearenv",
    "--setenv",
    "PATH",
    process.env.PATH ?? "/usr/bin:/bin",
    "--setenv",
    "LC_ALL",
    "C",
  ];
}

let probe: Promise<Sandbox> | null = null;

/** Whether bwrap can create its namespaces here; asked once per process. */
export function detectSandbox(): Promise<Sandbox> {
  probe ??= runProcess(BWRAP, [...baseArgs(), "true"], { timeoutMs: 10_000 }).then((result) => {
    if (result.spawnError) return { available: false, reason: `bubblewrap not found (${result.spawnError})` };
    if (result.exitCode !== 0) {
      const why = new TextDecoder().decode(result.stderr).trim() || `exit ${result.exitCode}`;
      return { available: false, reason: `bubblewrap cannot create namespaces here: ${why}` };
    }
    return { available: true, reason: null };
  });
  return probe;
}

/** The argv that runs `command` inside the sandbox, with `workDir` writable. */
export function sandboxed(workDir: string, command: string, args: readonly string[]): [string, string[]] {
  return [
    BWRAP,
    [
      ...baseArgs(),
      "--bind",
      workDir,
      workDir,
      "--chdir",
      workDir,
      "--setenv",
      "HOME",
      workDir,
      "--",
      command,
      ...args,
    ],
  ];
}
