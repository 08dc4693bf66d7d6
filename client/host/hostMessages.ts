// What the program worker's host modules (workerProviders.ts) tell the page
// (hostSession.ts): the shared buffers they block on, and requests only the
// page can serve (showing frames, audio output, the microphone, fetch).
import type { HttpRequest } from "../../lang/runtime/host/httpHost";

export type CanvasMessage =
  | { type: "init"; input: SharedArrayBuffer }
  | { type: "open"; width: number; height: number; scale: number }
  | { type: "frame"; bitmap: ImageBitmap; index: number };

export type AudioMessage =
  | { type: "init"; ring: SharedArrayBuffer; mic: SharedArrayBuffer; sampleRate: number }
  /** The program queued its first sound: start the output. */
  | { type: "start" }
  /** The program asked for the microphone. */
  | { type: "mic" };

export type HttpMessage = { type: "init"; channel: SharedArrayBuffer } | { type: "fetch"; request: HttpRequest };
