// A debug run without a person: the program runs with breakpoints and every
// stop is recorded (line, call stack, locals) and continued at once, up to a
// limit. For `pith debug`, AI-assistant tools and tests; the host runs the
// module (node:wasi on the server) with the imports given here.
//
// Every frame of a stop gets its locals. The innermost frame's are read at
// the stop; an outer frame's live in its own wasm locals while it calls, out
// of the host's reach, so they are those it handed over at its last stop.
// Where an outer frame never stopped at the line it calls from, the program
// is run a second time with those lines *captured* (their locals read
// without stopping), so each outer frame has its locals of the line it is
// calling from. The run is deterministic (the same stdin, no host modules),
// so the second run makes the same stops; if it does not, the first run's
// stops are given as they are.
import { conditionError, conditionHolds } from "./condition";
import { type Breakpoint, DebugEngine, type DebugStop } from "./debugEngine";

export interface ScriptedStop {
  /** The source file, as the compiler names it (the entry is main.pith). */
  file: string;
  line: number;
  reason: DebugStop["reason"];
  stack: { function: string; line: number; locals: Record<string, string> }[];
}

export interface ScriptedDebugResult {
  stops: ScriptedStop[];
  /** Whether the run was cut off at the stop limit. */
  truncated: boolean;
  /** What the logpoints printed, in order (at most MAX_LOGS). */
  logs: string[];
}

/** Logpoint messages kept at most: a logpoint in an endless loop must not fill the host's memory. */
export const MAX_LOGS = 1000;

/** Runs `run` with a debug engine that records stops; past `maxStops` it records no more. */
export async function debugScripted(
  breakpoints: Breakpoint[],
  maxStops: number,
  run: (imports: WebAssembly.Imports, bind: (memory: () => WebAssembly.Memory) => void) => Promise<number>,
): Promise<ScriptedDebugResult & { exitCode: number }> {
  for (const b of breakpoints) {
    if (!Number.isInteger(b.line) || b.line < 1)
      throw new Error(`breakpoint line ${b.line}: a line is a whole number from 1`);
    const problem = b.condition ? conditionError(b.condition) : null;
    if (problem) throw new Error(`breakpoint at line ${b.line}: ${problem}`);
  }
  const { missing, ...first } = await scriptedPass(breakpoints, maxStops, run, []);
  if (missing.length === 0) return first;
  const { missing: _, ...second } = await scriptedPass(breakpoints, maxStops, run, missing);
  const same = (a: ScriptedStop[], b: ScriptedStop[]) =>
    a.length === b.length &&
    a.every((s, i) => s.file === b[i]?.file && s.line === b[i]?.line && s.reason === b[i]?.reason);
  return same(first.stops, second.stops) && first.exitCode === second.exitCode ? second : first;
}

/** One run; `missing`: the outer frames' lines whose locals none of its stops had (what a second run captures). */
async function scriptedPass(
  breakpoints: Breakpoint[],
  maxStops: number,
  run: (imports: WebAssembly.Imports, bind: (memory: () => WebAssembly.Memory) => void) => Promise<number>,
  capture: { file: string; line: number }[],
): Promise<ScriptedDebugResult & { exitCode: number; missing: { file: string; line: number }[] }> {
  const stops: ScriptedStop[] = [];
  let truncated = false;
  const logs: string[] = [];
  const missing = new Map<string, { file: string; line: number }>();
  const engine = new DebugEngine({
    capture,
    log: (text) => {
      if (logs.length < MAX_LOGS) logs.push(text.replace(/\n$/, ""));
    },
    breakpoints,
    // Past the limit no breakpoint is left, so the rest runs at full speed.
    refreshBreakpoints: () => (truncated ? [] : breakpoints),
    test: conditionHolds,
    pause: (stop) => {
      if (truncated) return "continue";
      stops.push(scripted(stop));
      for (const frame of stop.stack.slice(1))
        if (frame.localsLine !== frame.line)
          missing.set(`${frame.file}:${frame.line}`, { file: frame.file, line: frame.line });
      // At the limit the program runs on without stopping again, so its
      // output and exit status are still those of a whole run.
      if (stops.length >= maxStops) truncated = true;
      return "continue";
    },
  });
  let memory: () => WebAssembly.Memory = () => {
    throw new Error("no memory yet");
  };
  const imports: WebAssembly.Imports = { pith_debug: engine.imports(() => memory()) };
  const code = await run(imports, (m) => {
    memory = m;
  });
  engine.exiting(code);
  return { stops, truncated, logs, exitCode: code, missing: [...missing.values()] };
}

function scripted(stop: DebugStop): ScriptedStop {
  return {
    file: stop.file,
    line: stop.line,
    reason: stop.reason,
    stack: stop.stack.map((f) => ({
      function: f.function,
      line: f.line,
      // An outer frame's locals are given only when read at its current line.
      locals: Object.fromEntries((f.localsLine === f.line ? (f.locals ?? []) : []).map((l) => [l.name, l.value])),
    })),
  };
}
