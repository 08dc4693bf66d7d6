// Run as the page sees it: compile in the compiler worker, run in a program
// worker, collect the streamed output, hand over stdin lines, Stop.
import { useCallback, useEffect, useRef, useState } from "react";
import { buildSource, type OptLevel } from "../compiler/compile";
import type { Diagnostic } from "../compiler/diagnostics";
import { afterStartup } from "../startup/afterStartup";
import type { OutputStream, ProgramEvent } from "./programEvents";
import { ProgramHost, type RunEnd, type RunningProgram } from "./programHost";

export interface OutputSegment {
  stream: OutputStream | "input" | "system";
  text: string;
}

export type RunPhase =
  | { kind: "idle" }
  | { kind: "compiling" }
  | { kind: "running"; compileMs: number; waitingForInput: boolean }
  | { kind: "compile-failed"; diagnostics: Diagnostic[]; message: string }
  | { kind: "finished"; end: RunEnd; compileMs: number };

/** Output kept on the page; older text is dropped from the front beyond this. */
const KEPT_CHARS = 2_000_000;

const host = new ProgramHost();

export function useRunner(onHostEvent?: (event: Extract<ProgramEvent, { kind: "host" }>) => void) {
  const [phase, setPhase] = useState<RunPhase>({ kind: "idle" });
  const [output, setOutput] = useState<OutputSegment[]>([]);
  /** How many runs have started: lets tests and benchmarks tell one run's end from the previous one's. */
  const [runs, setRuns] = useState(0);
  const running = useRef<RunningProgram | undefined>(undefined);
  const hostEvents = useRef(onHostEvent);
  hostEvents.current = onHostEvent;

  useEffect(() => afterStartup(() => host.warm()), []);

  const append = useCallback((stream: OutputSegment["stream"], text: string) => {
    setOutput((segments) => {
      const last = segments.at(-1);
      const next =
        last?.stream === stream
          ? [...segments.slice(0, -1), { stream, text: last.text + text }]
          : [...segments, { stream, text }];
      const total = next.reduce((n, s) => n + s.text.length, 0);
      if (total > KEPT_CHARS) next[0] = { ...next[0], text: next[0].text.slice(total - KEPT_CHARS) };
      return next;
    });
  }, []);

  const stop = useCallback(() => running.current?.stop(), []);

  const run = useCallback(
    async (source: string, options: { opt: OptLevel; stdin?: string }) => {
      // Marks for the browser benchmark (bench/playground-browser.bench.ts).
      performance.mark("pith:run");
      let first = true;
      running.current?.stop();
      running.current = undefined;
      setOutput([]);
      setRuns((n) => n + 1);
      setPhase({ kind: "compiling" });
      const built = await buildSource(source, options.opt);
      if (!built.ok) {
        setPhase({ kind: "compile-failed", diagnostics: built.diagnostics, message: built.message });
        return;
      }
      const compileMs = built.compileMs;
      setPhase({ kind: "running", compileMs, waitingForInput: false });
      const decoders = { stdout: new TextDecoder(), stderr: new TextDecoder() };
      const program = host.run(built.output, { stdin: options.stdin || undefined }, (event) => {
        if (event.kind === "output" && first) {
          first = false;
          performance.mark("pith:first-output");
        }
        if (event.kind === "output") append(event.stream, decoders[event.stream].decode(event.bytes, { stream: true }));
        else if (event.kind === "stdin") setPhase({ kind: "running", compileMs, waitingForInput: true });
        else if (event.kind === "truncated")
          append("system", `\n[output beyond ${event.limitBytes / 1024 / 1024} MiB is not shown]\n`);
        else if (event.kind === "host") hostEvents.current?.(event);
      });
      running.current = program;
      const end = await program.done;
      if (running.current === program) running.current = undefined;
      setPhase({ kind: "finished", end, compileMs });
    },
    [append],
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
