// The page's side of running a program: one fresh program worker per run
// (a spare is started ahead so Run does not wait for a worker to boot), the
// events it streams, stdin handed over when it blocks, and Stop, which
// terminates the worker and so ends any program at once. Without
// SharedArrayBuffer a run is a series of attempts: each one that must wait
// (stdin, a debugger stop) suspends, and the next replays it (replay.ts).
import * as Comlink from "comlink";
import type { FunctionPlace } from "../../lang/runtime/host/functionPlaces";
import type { ProgramApi } from "./program.worker";
import type { DebugStart, ProgramEvent } from "./programEvents";
import { canBlock, type DebugReplay, type Replay } from "./replay";
import { createStdinBuffer, provideStdin } from "./stdinChannel";

export type RunEnd =
  | { kind: "exit"; code: number; runMs: number }
  | { kind: "crash"; message: string }
  | { kind: "stopped"; afterMs: number };

export interface RunningProgram {
  /** Settles when the program exits, traps or is stopped. */
  done: Promise<RunEnd>;
  /** Ends the program now. */
  stop(): void;
  /** Sends text to stdin (queued until the program reads). */
  input(text: string): void;
  /** Ends stdin: the program's next read sees end of input. */
  endInput(): void;
}

/**
 * How a debug run is answered. Shared: the page writes commands into the
 * channel the worker waits on. Replay: the page adds each answer to `script`
 * and calls `resume`, which the host sets while the run waits at a stop.
 */
export type DebugAnswers =
  | { kind: "shared"; channel: SharedArrayBuffer }
  | { kind: "replay"; script: DebugReplay; resume?: () => void };

interface Spare {
  worker: Worker;
  api: Comlink.Remote<ProgramApi>;
}

function spawn(): Spare {
  const worker = new Worker(new URL("./program.worker.ts", import.meta.url), { type: "module", name: "program" });
  return { worker, api: Comlink.wrap<ProgramApi>(worker) };
}

const encoder = new TextEncoder();

export class ProgramHost {
  private spare: Spare | undefined;

  /** Starts a worker now so the next run begins without waiting for one. */
  warm(): void {
    this.spare ??= spawn();
  }

  private take(): Spare {
    const spare = this.spare ?? spawn();
    this.spare = undefined;
    return spare;
  }

  run(
    wasm: Uint8Array,
    options: {
      args?: string[];
      stdin?: string;
      functions?: FunctionPlace[];
      debug?: DebugAnswers;
      /** Where the program writes its output (the output worker's port) and the counter of bytes taken from it. */
      output: { port: MessagePort; taken: SharedArrayBuffer | ArrayBuffer };
      /** The program ended without saying its output was all sent (stopped, or its worker failed). */
      onOutputCut: () => void;
    },
    onEvent: (event: ProgramEvent) => void,
  ): RunningProgram {
    const started = performance.now();
    const blocking = canBlock();
    const stdinBuffer = blocking ? createStdinBuffer() : undefined;
    /** Without SharedArrayBuffer: what the next attempt replays. */
    const replay: Replay | undefined = blocking ? undefined : { stdin: [], shown: { stdout: 0, stderr: 0 }, clock: [] };
    let worker: Worker | undefined;
    let channel: MessageChannel | undefined;
    let outputPort = options.output.port;
    let queued: Uint8Array<ArrayBufferLike> = new Uint8Array();
    let ended = false;
    let waiting = false;
    let settle: (end: RunEnd) => void = () => {};
    let told = false;
    const done = new Promise<RunEnd>((resolve) => {
      settle = (end) => {
        settle = () => {};
        if (!told) options.onOutputCut();
        channel?.port1.close();
        worker?.terminate();
        if (options.debug?.kind === "replay") options.debug.resume = undefined;
        this.warm();
        resolve(end);
      };
    });
    /** Answers the current attempt replays: one given after it started is for the stop it suspends at. */
    let answered = 0;
    const debugStart = (): DebugStart | undefined => {
      const debug = options.debug;
      if (!debug) return undefined;
      // A copy: the page goes on adding answers to its script while this attempt runs.
      if (debug.kind === "replay") {
        answered = debug.script.answers.length;
        return { kind: "replay", script: { ...debug.script, answers: [...debug.script.answers] } };
      }
      return debug;
    };
    const attempt = () => {
      const spare = this.take();
      worker = spare.worker;
      channel = new MessageChannel();
      channel.port1.onmessage = ({ data }: MessageEvent<ProgramEvent>) => {
        if (data.kind === "suspended") {
          suspended(data);
          return;
        }
        if (data.kind === "stdin") {
          waiting = true;
          feed();
        }
        onEvent(data);
        // The program worker sent the end of its output before either of these.
        if (data.kind === "exit" || data.kind === "error") told = true;
        if (data.kind === "exit") settle({ kind: "exit", code: data.code, runMs: data.runMs });
        if (data.kind === "error") settle({ kind: "crash", message: data.message });
      };
      worker.onerror = (event) => settle({ kind: "crash", message: event.message || "the program worker failed" });
      spare.api
        .run(
          Comlink.transfer(
            {
              wasm,
              args: options.args ?? [],
              stdin: options.stdin,
              functions: options.functions,
              debug: debugStart(),
              stdinBuffer,
              replay: replay && { ...replay, stdin: [...replay.stdin], clock: [...replay.clock] },
              events: channel.port2,
              output: outputPort,
              taken: options.output.taken,
            },
            [channel.port2, outputPort],
          ),
        )
        .catch((error: unknown) => settle({ kind: "crash", message: String(error) }));
    };
    /** An attempt ended where it must wait: keep what the next one replays, and wait for the page's answer. */
    const suspended = (data: Extract<ProgramEvent, { kind: "suspended" }>) => {
      if (!replay) return;
      channel?.port1.close();
      worker?.terminate();
      this.warm();
      outputPort = data.output;
      replay.shown = data.written;
      replay.clock = data.clock;
      if (data.reason === "stdin") {
        waiting = true;
        onEvent({ kind: "stdin" });
        feed();
      } else if (options.debug?.kind === "replay") {
        const debug = options.debug;
        // The page may have answered the stop (shown just before) already.
        if (debug.script.answers.length > answered) attempt();
        else
          debug.resume = () => {
            debug.resume = undefined;
            attempt();
          };
      }
    };
    const feed = () => {
      if (!waiting || (queued.length === 0 && !ended)) return;
      waiting = false;
      if (replay) {
        // The whole of what was typed is one chunk, as one read that waited would have taken it.
        replay.stdin.push(ended && queued.length === 0 ? new Uint8Array() : queued);
        queued = new Uint8Array();
        attempt();
      } else if (stdinBuffer) queued = provideStdin(stdinBuffer, queued);
    };
    attempt();
    return {
      done,
      stop: () => settle({ kind: "stopped", afterMs: performance.now() - started }),
      input: (text) => {
        const bytes = encoder.encode(text);
        const joined = new Uint8Array(queued.length + bytes.length);
        joined.set(queued);
        joined.set(bytes, queued.length);
        queued = joined;
        feed();
      },
      endInput: () => {
        ended = true;
        feed();
      },
    };
  }
}
