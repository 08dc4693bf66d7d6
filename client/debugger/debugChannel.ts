// The page and a paused program talk through a SharedArrayBuffer: the
// program worker blocks in Atomics.wait while the program is paused (it
// cannot receive messages then), and the page writes the command and the
// current breakpoints, then wakes it. Layout, as Int32: [state, command,
// breakpoint count, breakpoints version, breakpoint lines...]. The version
// goes up with each change, so a running program can notice new breakpoints
// at its next function entry without reading them all each time.
import type { DebugCommand } from "../../lang/runtime/debug/debugEngine";

const RUNNING = 0;
const PAUSED = 1;
const ANSWERED = 2;
const HEADER = 4;
/** The most breakpoints one run carries; more are dropped from the end. */
export const MAX_BREAKPOINTS = 1024;

const COMMANDS: DebugCommand[] = ["continue", "stepOver", "stepInto", "stepOut", "stop"];

export function createDebugChannel(lines: number[]): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer((HEADER + MAX_BREAKPOINTS) * 4);
  setBreakpointLines(buffer, lines);
  return buffer;
}

/** The page: the breakpoints the worker reads at its next stop. */
export function setBreakpointLines(buffer: SharedArrayBuffer, lines: number[]): void {
  const words = new Int32Array(buffer);
  const kept = lines.slice(0, MAX_BREAKPOINTS);
  for (const [i, line] of kept.entries()) Atomics.store(words, HEADER + i, line);
  Atomics.store(words, 2, kept.length);
  Atomics.add(words, 3, 1);
}

/** The worker: the breakpoints as the page set them last. */
export function breakpointLines(buffer: SharedArrayBuffer): number[] {
  const words = new Int32Array(buffer);
  const count = Atomics.load(words, 2);
  return Array.from({ length: count }, (_, i) => Atomics.load(words, HEADER + i));
}

/** The worker: a number that changes whenever the page sets the breakpoints. */
export function breakpointsVersion(buffer: SharedArrayBuffer): number {
  return Atomics.load(new Int32Array(buffer), 3);
}

/** The worker: blocks until the page answers a stop. */
export function waitForCommand(buffer: SharedArrayBuffer): DebugCommand {
  const words = new Int32Array(buffer);
  Atomics.store(words, 0, PAUSED);
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
