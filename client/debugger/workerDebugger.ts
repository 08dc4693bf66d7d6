// The program worker's side of a debug run: the engine's imports, pausing on
// the shared channel. Each stop goes to the page as a `pith_debug` host event
// (after the output so far), then the worker waits for the page's command.
// Without SharedArrayBuffer it cannot wait: the stops the page already
// answered are answered from the replayed script, and at the first new one
// the attempt suspends (client/run/replay.ts).
import { conditionHolds } from "../../lang/runtime/debug/condition";
import { type Breakpoint, type DebugCommand, DebugEngine, type DebugStop } from "../../lang/runtime/debug/debugEngine";
import type { DebugStart } from "../run/programEvents";
import { breakpointsVersion, markPaused, readBreakpoints, waitForCommand } from "./debugChannel";

export const DEBUG_HOST_MODULE = "pith_debug";

export function workerDebugger(
  start: DebugStart,
  memory: () => WebAssembly.Memory,
  announce: (stop: DebugStop) => void,
  log: (text: string) => void,
  /** Ends the attempt (throws): the page answers this stop by running the program again. */
  suspend: () => never,
): { imports: WebAssembly.ModuleImports; exiting: (code: number) => void } {
  const answers = start.kind === "shared" ? shared(start.channel, announce) : replayed(start, announce, suspend);
  const engine = new DebugEngine({ ...answers, log });
  return { imports: engine.imports(memory), exiting: (code) => engine.exiting(code) };
}

function shared(channel: SharedArrayBuffer, announce: (stop: DebugStop) => void) {
  const lines = () => readBreakpoints(channel);
  let version = breakpointsVersion(channel);
  return {
    breakpoints: lines(),
    refreshBreakpoints: lines,
    breakpointsChanged: () => {
      const now = breakpointsVersion(channel);
      if (now === version) return false;
      version = now;
      return true;
    },
    test: conditionHolds,
    pause: (stop: DebugStop): DebugCommand => {
      markPaused(channel);
      announce(stop);
      return waitForCommand(channel);
    },
  };
}

/**
 * The stops of a replayed attempt: the N-th is answered as the page answered
 * it, and the breakpoints after it are those the page had then, so the run
 * takes the same path as before; stop N+1 is new, shown and suspended at.
 * (The engine reads the breakpoints again right after each answer.)
 */
function replayed(
  start: Extract<DebugStart, { kind: "replay" }>,
  announce: (stop: DebugStop) => void,
  suspend: () => never,
) {
  const { answers } = start.script;
  let stops = 0;
  let current: Breakpoint[] = start.script.breakpoints;
  return {
    breakpoints: current,
    refreshBreakpoints: () => current,
    test: conditionHolds,
    pause: (stop: DebugStop): DebugCommand => {
      const answer = answers[stops++];
      if (answer) {
        current = answer.breakpoints;
        return answer.command;
      }
      announce(stop);
      return suspend();
    },
  };
}
