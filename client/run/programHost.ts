// The page's side of running a program: one fresh program worker per run
// (a spare is started ahead so Run does not wait for a worker to boot), the
// events it streams, stdin handed over when it blocks, and Stop, which
// terminates the worker and so ends any program at once.
import * as Comlink from "comlink";
import type { FunctionPlace } from "../compiler/functionPlaces";
import type { ProgramApi } from "./program.worker";
import type { ProgramEvent } from "./programEvents";
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

  run(
    wasm: Uint8Array,
    options: {
      args?: string[];
      stdin?: string;
      functions?: FunctionPlace[];
      debug?: SharedArrayBuffer;
      /** Where the program writes its output (the output worker's port) and the counter of bytes taken from it. */
      output: { port: MessagePort; taken: SharedArrayBuffer };
      /** The program ended without saying its output was all sent (stopped, or its worker failed). */
      onOutputCut: () => void;
    },
    onEvent: (event: ProgramEvent) => void,
  ): RunningProgram {
    const { worker, api } = this.spare ?? spawn();
    this.spare = undefined;
    const started = performance.now();
    const stdinBuffer = createStdinBuffer();
    const channel = new MessageChannel();
    let queued: Uint8Array<ArrayBufferLike> = new Uint8Array();
    let ended = false;
    let waiting = false;
    let settle: (end: RunEnd) => void = () => {};
    let told = false;
    const done = new Promise<RunEnd>((resolve) => {
      settle = (end) => {
        settle = () => {};
        if (!told) options.onOutputCut();
        channel.port1.close();
        worker.terminate();
        this.warm();
        resolve(end);
      };
    });
    const feed = () => {
      if (!waiting || (queued.length === 0 && !ended)) return;
      waiting = false;
      queued = provideStdin(stdinBuffer, queued);
    };
    channel.port1.onmessage = ({ data }: MessageEvent<ProgramEvent>) => {
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
    api
      .run(
        Comlink.transfer(
          {
            wasm,
            args: options.args ?? [],
            stdin: options.stdin,
            functions: options.functions,
            debug: options.debug,
            stdinBuffer,
            events: channel.port2,
            output: options.output.port,
            taken: options.output.taken,
          },
          [channel.port2, options.output.port],
        ),
      )
      .catch((error: unknown) => settle({ kind: "crash", message: String(error) }));
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
