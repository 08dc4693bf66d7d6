// How a toolchain command runs on the server: in a bubblewrap sandbox where
// the host allows it (sandbox.ts), with its output files limited in size
// (RLIMIT_FSIZE, so a runaway command stops at the limit instead of filling
// the disk), and below the server's priority (so a queue of builds cannot
// starve the process answering requests). The log says which applied.
import { existsSync } from "node:fs";
import { detectSandbox, sandboxed } from "./sandbox";

const PRLIMIT = "/usr/bin/prlimit";
const NICE = "/usr/bin/nice";

export interface Confined {
  command: string;
  argv: string[];
}

/** `command argv` wrapped for running in `dir`; lines for the build log go to `log`. */
export async function confine(
  dir: string,
  command: string,
  argv: string[],
  options: { sandbox?: boolean; maxOutputBytes: number; log: string[] },
): Promise<Confined> {
  let wrapped: Confined = { command, argv };
  if (options.sandbox === false) {
    options.log.push("sandbox: off (disabled by the caller)");
  } else {
    const sandbox = await detectSandbox();
    if (sandbox.available) {
      const [c, a] = sandboxed(dir, command, argv);
      wrapped = { command: c, argv: a };
      options.log.push("sandbox: bubblewrap (no network, read-only system, private /tmp)");
    } else {
      options.log.push(`sandbox: off (${sandbox.reason})`);
    }
  }
  if (existsSync(PRLIMIT))
    wrapped = { command: PRLIMIT, argv: [`--fsize=${options.maxOutputBytes}`, "--", wrapped.command, ...wrapped.argv] };
  if (existsSync(NICE)) wrapped = { command: NICE, argv: ["-n", "10", wrapped.command, ...wrapped.argv] };
  return wrapped;
}
