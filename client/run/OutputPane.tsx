// The output pane: streamed stdout and stderr (stderr distinct), the input
// field while a program runs, and how the run ended. Any `main.pith:L:C` in
// the output (panics, compile errors) is a link to that line, in whichever
// file it names (`util.pith:3:5` opens util.pith). The lines
// themselves, however many, are drawn by OutputLines.
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import type { TestCase } from "../docs/testCase";
import { OutputCutNotice, OutputLines } from "./OutputLines";
import type { Segment } from "./outputLog";
import type { OutputStore } from "./outputStore";
import { TestVerdict } from "./TestVerdict";
import type { RunPhase } from "./useRunner";

/** A place in one of the program's files: `name.pith:line:col` (a file name has no spaces or colons). */
const LOCATION = /([\w.-]+\.pith:\d+:\d+)/;

type Jump = (line: number, col: number, file: string) => void;

function LocationLink({ file, line, col, onJump }: { file: string; line: number; col: number; onJump: Jump }) {
  return (
    <button
      type="button"
      className="link"
      onClick={() => onJump(line, col, file)}
      title={`Go to line ${line} of ${file}`}
    >
      {`${file}:${line}:${col}`}
    </button>
  );
}

function Linked({ text, onJump }: { text: string; onJump: Jump }) {
  return text.split(LOCATION).map((part, i) => {
    const at = LOCATION.test(part) ? part.split(":") : undefined;
    if (!at) return part;
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder
    return <LocationLink key={i} file={at[0]} line={Number(at[1])} col={Number(at[2])} onJump={onJump} />;
  });
}

function Summary({ phase }: { phase: RunPhase }) {
  if (phase.kind === "compiling") return <span>Compiling…</span>;
  if (phase.kind === "running")
    return (
      <span>
        {phase.waitingForInput ? "Waiting for input…" : `Running (compiled in ${Math.round(phase.compileMs)} ms)…`}
      </span>
    );
  if (phase.kind === "compile-failed") return <span className="bad">Compile failed: {phase.message}</span>;
  if (phase.kind !== "finished") return <span>Press Run (Ctrl+Enter) to compile and run.</span>;
  const { end } = phase;
  const compiled = `compiled in ${Math.round(phase.compileMs)} ms`;
  if (end.kind === "stopped") return <span className="bad">Stopped after {Math.round(end.afterMs)} ms</span>;
  if (end.kind === "crash") return <span className="bad">The program crashed: {end.message}</span>;
  return (
    <span className={end.code === 0 ? "good" : "bad"}>
      Exited with code <span data-testid="exit-code">{end.code}</span> · {compiled} · ran in{" "}
      {end.runMs < 10 ? end.runMs.toFixed(1) : Math.round(end.runMs)} ms
    </span>
  );
}

export interface OutputPaneProps {
  phase: RunPhase;
  /** The run's output, which the pane follows by itself (the page does not draw again for it). */
  output: OutputStore;
  runs: number;
  onInput: (line: string) => void;
  onEndInput: () => void;
  /** Opens `file` (one of the program's files) at the line and column. */
  onJump: Jump;
  /** The test this run is of ("Run test"), whose expectations the output is compared with when it ends. */
  test?: TestCase;
}

export function OutputPane({ phase, output: store, runs, onInput, onEndInput, onJump, test }: OutputPaneProps) {
  const output = useSyncExternalStore(store.subscribe, store.get);
  const field = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLPreElement>(null);
  const waiting = phase.kind === "running" && phase.waitingForInput;

  useEffect(() => {
    if (waiting) field.current?.focus();
  }, [waiting]);

  // One drawer for the pane's life, so the rows already drawn are not drawn again (OutputLines.tsx);
  // a link calls the latest onJump, whatever it was when its row was drawn.
  const jump = useRef(onJump);
  jump.current = onJump;
  const segment = useCallback(
    (segment: Segment, key: number) => (
      <span key={key} className={`stream-${segment.stream}`}>
        {segment.stream === "stdout" ? (
          segment.text
        ) : (
          <Linked text={segment.text} onJump={(line, col, file) => jump.current(line, col, file)} />
        )}
      </span>
    ),
    [],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = field.current;
    if (!input) return;
    onInput(input.value);
    input.value = "";
  };

  // Ctrl+D, as in a terminal: what is typed goes first, then end of input (a program reading to the end stops waiting).
  const endInput = () => {
    const input = field.current;
    if (input?.value) onInput(input.value);
    if (input) input.value = "";
    onEndInput();
  };
  const onFieldKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "d") {
      event.preventDefault();
      endInput();
    }
  };

  return (
    <div className="output-pane">
      <OutputCutNotice view={output} store={store} />
      <OutputLines
        view={output}
        store={store}
        scroller={scroller}
        segment={segment}
        after={
          phase.kind === "compile-failed" &&
          phase.diagnostics.map((d) => (
            <span key={`${d.line}:${d.col}:${d.message}`} className="stream-stderr">
              <Linked text={`${d.file}:${d.line}:${d.col}`} onJump={onJump} />: {d.severity}: {d.message}
              {"\n"}
            </span>
          ))
        }
      />
      {phase.kind === "running" && (
        <form className={`stdin-form${waiting ? " waiting" : ""}`} onSubmit={submit}>
          <label htmlFor="stdin-line">{waiting ? "The program waits for a line:" : "Input:"}</label>
          <input
            id="stdin-line"
            ref={field}
            data-testid="stdin-line"
            autoComplete="off"
            spellCheck={false}
            onKeyDown={onFieldKey}
            aria-keyshortcuts="Control+D"
          />
          <button type="submit">Send</button>
          <button
            type="button"
            onClick={endInput}
            data-testid="end-input"
            title="End of input, as Ctrl+D in a terminal (Ctrl+D in the field does it too)"
          >
            End input (Ctrl+D)
          </button>
        </form>
      )}
      {test && phase.kind === "finished" && <TestVerdict test={test} store={store} end={phase.end} />}
      <p className="run-summary" data-testid="run-summary" data-phase={phase.kind} data-runs={runs} role="status">
        <Summary phase={phase} />
      </p>
    </div>
  );
}
