// The page and a paused program talk through a SharedArrayBuffer: the
// program worker blocks in Atomics.wait while the program is paused (it
// cannot receive messages then), and the page writes the command and the
// current breakpoints, then wakes it. Layout: Int32 [state, command,
// breakpoints' byte length, breakpoints version], then the breakpoints as
// JSON text (file, line, condition, logpoint). The version goes up with each
// change, so a running program notices new breakpoints without decoding
// them each time.
import type { Breakpoint, DebugCommand } from "../../lang/runtime/debug/debugEngine";

const RUNNING = 0;
const PAUSED = 1;
const ANSWERED = 2;
const HEADER_BYTES = 16;
/** Room for the breakpoints' text; past it the last ones are dropped. */
const TEXT_BYTES = 1 << 16;

const COMMANDS: DebugCommand[] = ["continue", "stepOver", "stepInto", "stepOut", "stop"];

export function createDebugChannel(breakpoints: Breakpoint[]): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(HEADER_BYTES + TEXT_BYTES);
  setBreakpoints(buffer, breakpoints);
  return buffer;
}

/** The page: the breakpoints the worker reads at its next check. */
export function setBreakpoints(buffer: SharedArrayBuffer, breakpoints: Breakpoint[]): void {
  const words = new Int32Array(buffer);
  let kept = breakpoints;
  let bytes = new TextEncoder().encode(JSON.stringify(kept));
  while (bytes.length > TEXT_BYTES) {
    kept = kept.slice(0, Math.floor(kept.length / 2));
    bytes = new TextEncoder().encode(JSON.stringify(kept));
  }
  new Uint8Array(buffer, HEADER_BYTES, bytes.length).set(bytes);
  Atomics.store(words, 2, bytes.length);
  Atomics.add(words, 3, 1);
}

/** The worker: the breakpoints as the page set them last. */
export function readBreakpoints(buffer: SharedArrayBuffer): Breakpoint[] {
  const length = Atomics.load(new Int32Array(buffer), 2);
  // TextDecoder refuses views of shared memory: copy out first.
  const text = new TextDecoder().decode(new Uint8Array(buffer, HEADER_BYTES, length).slice());
  return JSON.parse(text || "[]") as Breakpoint[];
}

/** The worker: a number that changes whenever the page sets the breakpoints. */
export function breakpointsVersion(buffer: SharedArrayBuffer): number {
  return Atomics.load(new Int32Array(buffer), 3);
}
/**
 * The worker, before it announces a stop: marks the channel paused. Done
 * first, so an answer that arrives before the worker starts waiting is
 * never overwritten (a quick page would otherwise leave it waiting forever).
 */
export function markPaused(buffer: SharedArrayBuffer): void {
  Atomics.store(new Int32Array(buffer), 0, PAUSED);
}

/** The worker, after markPaused and the announcement: blocks until the page answers. */
export function waitForCommand(buffer: SharedArrayBuffer): DebugCommand {
  const words = new Int32Array(buffer);
  while (Atomics.load(words, 0) === PAUSED) Atomics.wait(words, 0, PAUSED);
  const command = COMMANDS[Atomics.load(words, 1)] ?? "continue";
  Atomics.store(words, 0, RUNNING);
  return command;
}

/** The page: answers the stop the program is paused at. */
export function sendCommand(buffer: SharedArrayBuffer, command: DebugCommand): void {
  const words = new Int32Array(buffer);
  Atomics.store(words, 1, COMMANDS.indexOf(command));
  Atomics.store(words, 0, ANSWERED);
  Atomics.notify(words, 0);
}
