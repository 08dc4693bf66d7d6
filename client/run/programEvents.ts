// What the program worker tells the page, in order, over one MessagePort.
import type { FunctionPlace } from "../compiler/functionPlaces";

export type OutputStream = "stdout" | "stderr";

/** Output goes to the output worker on a port of its own (outputProtocol.ts); the rest comes to the page. */
export type ProgramEvent =
  /** The program is blocked reading stdin and waits for the page. */
  | { kind: "stdin" }
  | { kind: "host"; module: string; payload: unknown }
  | { kind: "exit"; code: number; runMs: number }
  | { kind: "error"; message: string };

export interface ProgramStart {
  wasm: Uint8Array;
  args: string[];
  /** Prepared stdin: when given, the program reads it and then end of input; otherwise it asks the page line by line. */
  stdin?: string;
  stdinBuffer: SharedArrayBuffer;
  /** The program's functions, to say where a stack overflow happened. */
  functions?: FunctionPlace[];
  events: MessagePort;
  /** The output worker's port for this run's output, and its counter of bytes taken (outputProtocol.ts). */
  output: MessagePort;
  taken: SharedArrayBuffer;
  /** A debug build's run: the channel the page answers its stops on (client/debugger/debugChannel.ts). */
  debug?: SharedArrayBuffer;
}
