// Running without SharedArrayBuffer (a page served without cross-origin
// isolation headers, as a static host that cannot set them serves it). The
// program worker cannot block then: a program that reads stdin while nothing
// is typed, or that stops at a breakpoint, has no way to wait for the page
// inside its own call. So the run *suspends* instead: the worker says where it
// is and is thrown away, and when the page has the answer (a typed line, a
// debugger command) a fresh worker runs the program again from the start,
// replaying every answer already given, and goes on past the point it
// reached. Output the page already shows is not written twice.
//
// This is exact because everything a program can learn from the outside is
// replayed: the stdin chunks in the order they were handed over, the WASI
// clock's readings (recorded in the first attempt that read them), and the
// debugger's commands with the breakpoints in force at each. The host
// modules (canvas, audio, http) talk to the page while the program runs and
// cannot be replayed, so a program that uses them is refused on such a page.
// The price is time: each answer re-runs the program up to where it was.
import type { Breakpoint, DebugCommand } from "../../lang/runtime/debug/debugEngine";

/** Whether this page may block a worker on Atomics.wait (the normal runner) or must replay. */
export function canBlock(): boolean {
  return typeof SharedArrayBuffer !== "undefined" && globalThis.crossOriginIsolated === true;
}

/** The debugger's answers so far: the breakpoints at the start, then one answer per stop, in order. */
export interface DebugReplay {
  breakpoints: Breakpoint[];
  answers: { command: DebugCommand; breakpoints: Breakpoint[] }[];
}

/** What an attempt replays before it goes on live. */
export interface Replay {
  /** Stdin as handed over, one chunk per read that waited; an empty chunk is end of input. */
  stdin: Uint8Array[];
  /** Bytes of each stream the page already has: an attempt writes only what follows them. */
  shown: { stdout: number; stderr: number };
  /** The clock readings earlier attempts made (WASI clock_time_get), in the order they were made. */
  clock: bigint[];
}

/** Why an attempt suspended. */
export type SuspendReason = "stdin" | "debug";

/** Thrown out of the program (through wasm) to end an attempt that must wait for the page. */
export class Suspended extends Error {
  constructor(readonly reason: SuspendReason) {
    super(`suspended for ${reason}`);
  }
}

/**
 * The clock of a replayed attempt: readings an earlier attempt made come back
 * in order, later ones are read live and recorded. Wraps WASI's
 * clock_time_get(id, precision, out), which writes a u64 of nanoseconds at out.
 */
export function replayedClock(
  live: (id: number, precision: bigint, out: number) => number,
  memory: () => WebAssembly.Memory,
  earlier: bigint[],
): { clock_time_get: (id: number, precision: bigint, out: number) => number; readings: bigint[] } {
  const readings = [...earlier];
  let next = 0;
  return {
    readings,
    clock_time_get: (id, precision, out) => {
      const view = new DataView(memory().buffer);
      const known = readings[next];
      if (known !== undefined) {
        next++;
        view.setBigUint64(out, known, true);
        return 0;
      }
      const status = live(id, precision, out);
      if (status === 0) {
        readings.push(new DataView(memory().buffer).getBigUint64(out, true));
        next++;
      }
      return status;
    },
  };
}
