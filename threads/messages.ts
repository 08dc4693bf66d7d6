// What crosses between a thread (thread.ts) and its worker (serve.ts).

export interface ThreadData {
  /** How much nicer than its creator the worker runs (0 to 19). */
  nice: number;
}

export interface RequestMessage {
  id: number;
  name: string;
  arg: unknown;
}

export type ReplyMessage =
  | { kind: "ready" }
  | { kind: "answer"; id: number; answer: unknown }
  | { kind: "error"; id: number; message: string; stack?: string };
