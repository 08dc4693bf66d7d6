// What the program worker tells the page, in order, over one MessagePort.
import type { FunctionPlace } from "../../lang/runtime/host/functionPlaces";
import type { DebugReplay, Replay, SuspendReason } from "./replay";

export type OutputStream = "stdout" | "stderr";

/** Output goes to the output worker on a port of its own (outputProtocol.ts); the rest comes to the page. */
export type ProgramEvent =
  /** The program is blocked reading stdin and waits for the page. */
  | { kind: "stdin" }
  | { kind: "host"; module: string; payload: unknown }
  | { kind: "exit"; code: number; runMs: number }
  | { kind: "error"; message: string }
  /**
   * Without SharedArrayBuffer: the program must wait for the page (stdin, a
   * debugger stop) and this attempt ends here. `written` and `clock` are what
   * the next attempt replays; `output` is the output port, handed back for it.
   */
  | {
      kind: "suspended";
      reason: SuspendReason;
      written: { stdout: number; stderr: number };
      clock: bigint[];
      output: MessagePort;
    };

/** How a debug run answers its stops: a shared channel the worker waits on, or the answers it replays. */
export type DebugStart = { kind: "shared"; channel: SharedArrayBuffer } | { kind: "replay"; script: DebugReplay };

export interface ProgramStart {
  wasm: Uint8Array;
  args: string[];
  /** Prepared stdin: when given, the program reads it and then end of input; otherwise it asks the page line by line. */
  stdin?: string;
  /** Where the page hands over stdin; absent without SharedArrayBuffer (see `replay`). */
  stdinBuffer?: SharedArrayBuffer;
  /** The program's functions, to say where a stack overflow happened. */
  functions?: FunctionPlace[];
  events: MessagePort;
  /** The output worker's port for this run's output, and its counter of bytes taken (outputProtocol.ts). */
  output: MessagePort;
  taken: SharedArrayBuffer | ArrayBuffer;
  /** A debug build's run: how the page answers its stops (client/debugger/debugChannel.ts, replay.ts). */
  debug?: DebugStart;
  /** Without SharedArrayBuffer: what this attempt replays before it goes on (replay.ts). */
  replay?: Replay;
}
