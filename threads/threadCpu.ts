// The CPU time the calling thread has used, for charging a request to its
// client by what it cost rather than by how long it took: on a busy host a
// quick request can take long in wall time while it waits for a core, and
// would otherwise look like a heavy one.
import { readFileSync } from "node:fs";

/**
 * Clock ticks per second of /proc's times: USER_HZ, 100 on every Linux
 * architecture Node runs on (the kernel keeps it fixed for user space
 * whatever its internal tick rate).
 */
const TICKS_PER_SECOND = 100;

/**
 * The calling thread's user plus system CPU time in ms (10 ms steps), read
 * from /proc/thread-self/stat; undefined where there is no such file (not
 * Linux), and the caller falls back to wall time.
 */
export function threadCpuMs(): number | undefined {
  let stat: string;
  try {
    stat = readFileSync("/proc/thread-self/stat", "latin1");
  } catch {
    return undefined;
  }
  // The thread's name (field 2) is in parentheses and may hold spaces and
  // parentheses itself; the fields after the last ")" start at field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[14 - 3]);
  const stime = Number(fields[15 - 3]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}
