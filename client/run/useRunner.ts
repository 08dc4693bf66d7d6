// Run as the page sees it: compile in the compiler worker, run in a program
// worker, collect the streamed output, hand over stdin lines, Stop.
import { useCallback, useEffect, useRef, useState } from "react";
import { functionPlaces } from "../../lang/runtime/host/functionPlaces";
import { buildSource, type OptLevel, type ProgramInput, SOURCE_FILE } from "../compiler/compile";
import type { Diagnostic } from "../compiler/diagnostics";
import { afterStartup } from "../startup/afterStartup";
import type { SegmentStream } from "./outputLog";
import { createTakenCounter } from "./outputProtocol";
import { OutputStore } from "./outputStore";
import type { ProgramEvent } from "./programEvents";
import { type DebugAnswers, ProgramHost, type RunEnd, type RunningProgram } from "./programHost";

export type RunPhase =
  | { kind: "idle" }
  | { kind: "compiling" }
  | { kind: "running"; compileMs: number; waitingForInput: boolean }
  | { kind: "compile-failed"; diagnostics: Diagnostic[]; message: string }
  | { kind: "finished"; end: RunEnd; compileMs: number };

const host = new ProgramHost();

export function useRunner(onHostEvent?: (event: Extract<ProgramEvent, { kind: "host" }>) => void) {
  const [phase, setPhase] = useState<RunPhase>({ kind: "idle" });
  // The run's output lives in the output worker, outside React state: a flood
  // appends thousands of times a second, and only the output pane (subscribed
  // to the store) draws the rows it is sent, a few times a second (outputStore.ts).
  const store = useRef<OutputStore | null>(null);
  store.current ??= new OutputStore();
  const output = store.current;
  /** How many runs have started: lets tests and benchmarks tell one run's end from the previous one's. */
  const [runs, setRuns] = useState(0);
  const running = useRef<RunningProgram | undefined>(undefined);
  /** Bumped by every run, so a run that was replaced while its output drained does not report its end. */
  const latest = useRef(0);
  const hostEvents = useRef(onHostEvent);
  hostEvents.current = onHostEvent;

  useEffect(() => afterStartup(() => host.warm()), []);

  const append = useCallback((stream: SegmentStream, text: string) => output.append(stream, text), [output]);
  const clear = useCallback(() => output.reset(), [output]);

  const stop = useCallback(() => running.current?.stop(), []);

  const run = useCallback(
    async (
      source: string,
      options: { opt: OptLevel; stdin?: string; program?: ProgramInput; debug?: DebugAnswers },
    ) => {
      // Marks for the browser benchmark (bench/playground-browser.bench.ts).
      performance.mark("pith:run");
      const token = ++latest.current;
      running.current?.stop();
      running.current = undefined;
      clear();
      setRuns((n) => n + 1);
      setPhase({ kind: "compiling" });
      const built = await buildSource(source, options.opt, "wasm", options.program, options.debug !== undefined);
      if (token !== latest.current) return;
      if (!built.ok) {
        setPhase({ kind: "compile-failed", diagnostics: built.diagnostics, message: built.message });
        return;
      }
      const compileMs = built.compileMs;
      setPhase({ kind: "running", compileMs, waitingForInput: false });
      const entry = options.program?.entry ?? SOURCE_FILE;
      const functions = functionPlaces({ ...options.program?.modules, [entry]: source }, entry);
      const outputChannel = new MessageChannel();
      const taken = createTakenCounter();
      output.attach(outputChannel.port1, taken);
      const program = host.run(
        built.output,
        {
          stdin: options.stdin || undefined,
          functions,
          debug: options.debug,
          output: { port: outputChannel.port2, taken },
          onOutputCut: () => {
            if (token === latest.current) output.close();
          },
        },
        (event) => {
          if (event.kind === "stdin") setPhase({ kind: "running", compileMs, waitingForInput: true });
          else if (event.kind === "host") hostEvents.current?.(event);
        },
      );
      running.current = program;
      const end = await program.done;
      performance.mark("pith:done");
      if (running.current === program) running.current = undefined;
      // The run ends on screen once the output worker has shown its last output; a stopped one at
      // once (what its program had sent still arrives below the summary).
      if (end.kind !== "stopped") await output.drained();
      if (token !== latest.current) return;
      setPhase({ kind: "finished", end, compileMs });
    },
    [clear, output],
  );

  const input = useCallback(
    (line: string) => {
      const program = running.current;
      if (!program) return;
      append("input", `${line}\n`);
      setPhase((p) => (p.kind === "running" ? { ...p, waitingForInput: false } : p));
      program.input(`${line}\n`);
    },
    [append],
  );

  const endInput = useCallback(() => {
    setPhase((p) => (p.kind === "running" ? { ...p, waitingForInput: false } : p));
    running.current?.endInput();
  }, []);

  return { phase, output, runs, run, stop, input, endInput };
}
