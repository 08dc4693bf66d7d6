// Runs one compiled Pith program (a WASI command) and then is thrown away:
// Stop terminates this worker, which ends even `loop {}` at once. The program
// blocks this worker's thread for its whole run, so everything it says goes
// out as messages on a port (delivered while it keeps running) and stdin
// arrives through a SharedArrayBuffer (stdinChannel.ts).
import { ConsoleStdout, Fd, PreopenDirectory, WASI, WASIProcExit, wasi } from "@bjorn3/browser_wasi_shim";
import * as Comlink from "comlink";
import { DEBUG_HOST_MODULE, workerDebugger } from "../debugger/workerDebugger";
import { HOST_MODULES, type HostContext } from "./hostModules";
import { MOST_BYTES_BEHIND, type ProgramOutput } from "./outputProtocol";
import type { OutputStream, ProgramEvent, ProgramStart } from "./programEvents";
import { isStackOverflow, PANIC_STATUS, stackOverflowReport } from "./stackOverflow";
import { waitForStdin } from "./stdinChannel";

// Enough frames to get past the runtime's own functions (an allocation, a
// print) to the program's function that recursed, for a stack overflow's report.
Error.stackTraceLimit = 64;

/**
 * Output is batched into messages at most this often, except the first write,
 * so a print flood costs the output worker one message per frame, not one per
 * line. Nothing is dropped here: the output worker keeps both ends and the
 * download (outputLog.ts).
 */
const FLUSH_MS = 16;

class OutputBatcher {
  private pending: { stream: OutputStream; chunks: Uint8Array[] }[] = [];
  private lastFlush = Number.NEGATIVE_INFINITY;
  private readonly taken: Int32Array;
  /** Bytes sent, modulo 2^32 as the output worker's counter of bytes taken. */
  private sent = 0;

  constructor(
    private readonly port: MessagePort,
    taken: SharedArrayBuffer,
  ) {
    this.taken = new Int32Array(taken);
  }

  private post(message: ProgramOutput, transfer: Transferable[] = []): void {
    this.port.postMessage(message, transfer);
  }

  /** Flushes, then says nothing more follows. */
  end(): void {
    this.flush();
    this.post({ kind: "end" });
  }

  write(stream: OutputStream, bytes: Uint8Array): void {
    const last = this.pending.at(-1);
    if (last?.stream === stream) last.chunks.push(bytes.slice());
    else this.pending.push({ stream, chunks: [bytes.slice()] });
    if (performance.now() - this.lastFlush >= FLUSH_MS) this.flush();
  }

  flush(): void {
    for (const { stream, chunks } of this.pending) {
      const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        bytes.set(c, at);
        at += c.length;
      }
      this.sent = (this.sent + bytes.length) | 0;
      this.post({ kind: "output", stream, bytes }, [bytes.buffer]);
    }
    this.pending = [];
    this.lastFlush = performance.now();
    // A program printing faster than its output is kept waits here until the output worker catches
    // up (it runs on this thread, so the wait is the program's): the backlog stays bounded, and the
    // threads the page needs get the CPU back.
    for (;;) {
      const taken = Atomics.load(this.taken, 0);
      if (((this.sent - taken) | 0) <= MOST_BYTES_BEHIND) break;
      Atomics.wait(this.taken, 0, taken, 100);
    }
  }
}

/** fd 0: the prepared text, or else lines the page hands over while the program waits. */
class StdinFd extends Fd {
  private buffered: Uint8Array;
  private ended = false;

  constructor(
    prepared: string | undefined,
    private readonly ask: () => Uint8Array,
  ) {
    super();
    this.buffered = new TextEncoder().encode(prepared ?? "");
    this.ended = prepared !== undefined;
  }

  override fd_fdstat_get() {
    return { ret: 0, fdstat: new wasi.Fdstat(wasi.FILETYPE_CHARACTER_DEVICE, 0) };
  }

  override fd_read(size: number) {
    if (this.buffered.length === 0 && !this.ended) {
      this.buffered = this.ask();
      if (this.buffered.length === 0) this.ended = true;
    }
    const data = this.buffered.slice(0, size);
    this.buffered = this.buffered.subarray(data.length);
    return { ret: 0, data };
  }
}

const api = {
  /** Runs the program to completion; events (output, stdin requests, exit) go to `start.events`. */
  async run(start: ProgramStart): Promise<void> {
    const send = (event: ProgramEvent) => start.events.postMessage(event);
    const output = new OutputBatcher(start.output, start.taken);
    let instance: WebAssembly.Instance | undefined;
    let began = performance.now();
    let debug: ReturnType<typeof workerDebugger> | undefined;
    try {
      const module = await WebAssembly.compile(start.wasm as BufferSource);
      const stdin = new StdinFd(start.stdin, () => {
        output.flush();
        send({ kind: "stdin" });
        return waitForStdin(start.stdinBuffer);
      });
      const fds = [
        stdin,
        new ConsoleStdout((bytes) => output.write("stdout", bytes)),
        new ConsoleStdout((bytes) => output.write("stderr", bytes)),
        new PreopenDirectory(".", new Map()),
      ];
      const shim = new WASI(["main", ...start.args], [], fds, { debug: false });
      const imports: WebAssembly.Imports = { wasi_snapshot_preview1: shim.wasiImport };
      for (const host of HOST_MODULES) {
        const context: HostContext = {
          memory: () => {
            if (!instance) throw new Error(`${host.name}: the program's memory is not available before it starts`);
            return instance.exports.memory as WebAssembly.Memory;
          },
          post: (payload, transfer = []) =>
            start.events.postMessage({ kind: "host", module: host.name, payload } satisfies ProgramEvent, transfer),
        };
        imports[host.name] = host.imports(context);
      }
      if (start.debug) {
        debug = workerDebugger(
          start.debug,
          () => instance?.exports.memory as WebAssembly.Memory,
          (stop) => {
            output.flush();
            send({ kind: "host", module: DEBUG_HOST_MODULE, payload: stop });
          },
          (text) => output.write("stdout", new TextEncoder().encode(text)),
        );
        imports[DEBUG_HOST_MODULE] = debug.imports;
      }
      instance = await WebAssembly.instantiate(module, imports);
      began = performance.now();
      let code: number;
      try {
        code = shim.start(instance as { exports: { memory: WebAssembly.Memory; _start: () => unknown } });
      } catch (error) {
        if (!(error instanceof WASIProcExit)) throw error;
        code = error.code;
      }
      // A panic under the debugger stops where it happened before the program ends.
      if (debug && code !== 0) {
        output.flush();
        debug.exiting(code);
      }
      output.end();
      send({ kind: "exit", code, runMs: performance.now() - began });
    } catch (error) {
      if (isStackOverflow(error)) {
        output.write("stderr", new TextEncoder().encode(stackOverflowReport(error.stack ?? "", start.functions ?? [])));
        output.end();
        send({ kind: "exit", code: PANIC_STATUS, runMs: performance.now() - began });
        return;
      }
      output.end();
      // A trap (unreachable, out-of-bounds memory, stack overflow) ends the program like a crash.
      send({ kind: "error", message: error instanceof Error ? error.message : String(error) });
    }
  },
};

export type ProgramApi = typeof api;
Comlink.expose(api);
