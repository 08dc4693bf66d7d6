// The program worker's side of a debug run: the engine's imports, pausing on
// the shared channel. Each stop goes to the page as a `pith_debug` host event
// (after the output so far), then the worker waits for the page's command.
import { conditionHolds } from "../../lang/runtime/debug/condition";
import { DebugEngine, type DebugStop } from "../../lang/runtime/debug/debugEngine";
import { breakpointsVersion, markPaused, readBreakpoints, waitForCommand } from "./debugChannel";

export const DEBUG_HOST_MODULE = "pith_debug";

export function workerDebugger(
  channel: SharedArrayBuffer,
  memory: () => WebAssembly.Memory,
  announce: (stop: DebugStop) => void,
  log: (text: string) => void,
): { imports: WebAssembly.ModuleImports; exiting: (code: number) => void } {
  const lines = () => readBreakpoints(channel);
  let version = breakpointsVersion(channel);
  const engine = new DebugEngine({
    breakpoints: lines(),
    refreshBreakpoints: lines,
    breakpointsChanged: () => {
      const now = breakpointsVersion(channel);
      if (now === version) return false;
      version = now;
      return true;
    },
    test: conditionHolds,
    log,
    pause: (stop) => {
      markPaused(channel);
      announce(stop);
      return waitForCommand(channel);
    },
  });
  return { imports: engine.imports(memory), exiting: (code) => engine.exiting(code) };
}
