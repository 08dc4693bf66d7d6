// What the program worker tells the page, in order, over one MessagePort.
import type { FunctionPlace } from "../compiler/functionPlaces";

export type OutputStream = "stdout" | "stderr";

export type ProgramEvent =
  | { kind: "output"; stream: OutputStream; bytes: Uint8Array }
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
  /** A debug build's run: the channel the page answers its stops on (client/debugger/debugChannel.ts). */
  debug?: SharedArrayBuffer;
}
