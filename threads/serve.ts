// The worker side of a thread (thread.ts is the calling side). A worker's
// entry file hands its handlers to serveRequests; requests then run one at
// a time, in the order they came, so a handler never shares its thread's
// CPU with another request.
import { getPriority, setPriority } from "node:os";
import { parentPort, type Transferable, workerData } from "node:worker_threads";
import type { ReplyMessage, RequestMessage, ThreadData } from "./messages";

/** A handler's answer and the buffers that move back with it (left detached in the worker). */
export interface Reply<T> {
  answer: T;
  transfer: readonly Transferable[];
}

// biome-ignore lint/suspicious/noExplicitAny: a handler table is typed by its entries, read back with Parameters<>.
export type Handlers = Record<string, (arg: any) => Reply<unknown> | Promise<Reply<unknown>>>;

export interface ServeOptions {
  /** Runs before the thread reports ready (e.g. compiling a wasm module); the caller's time limits start after it. */
  prepare?: () => Promise<void>;
}

/** Serves the requests the calling thread sends; a no-op on the main thread, so an entry file can be imported for its types. */
export function serveRequests(handlers: Handlers, options: ServeOptions = {}): void {
  const port = parentPort;
  if (port === null) return;
  const { nice } = (workerData ?? {}) as ThreadData;
  // On Linux a nice value belongs to one thread: this lowers only this one's.
  if (nice > 0) {
    try {
      setPriority(0, Math.min(19, getPriority(0) + nice));
    } catch {
      // Not permitted or not supported here: the thread runs at the process's priority.
    }
  }
  const post = (message: ReplyMessage, transfer: readonly Transferable[] = []) => port.postMessage(message, transfer);
  let queue: Promise<void> = (options.prepare?.() ?? Promise.resolve()).then(
    () => post({ kind: "ready" }),
    // The requests report the failure themselves; readiness only ends the wait.
    () => post({ kind: "ready" }),
  );
  port.on("message", ({ id, name, arg }: RequestMessage) => {
    queue = queue.then(async () => {
      try {
        const handler = handlers[name];
        if (handler === undefined) throw new Error(`this thread has no handler named ${name}`);
        const { answer, transfer } = await handler(arg);
        post({ kind: "answer", id, answer }, transfer);
      } catch (error) {
        const e = error instanceof Error ? error : new Error(String(error));
        post({ kind: "error", id, message: e.message, stack: e.stack });
      }
    });
  });
}
