// Runs one compiled Pith program (a WASI command) and then is thrown away:
// Stop terminates this worker, which ends even `loop {}` at once. The program
// blocks this worker's thread for its whole run, so everything it says goes
// out as messages on a port (delivered while it keeps running) and stdin
// arrives through a SharedArrayBuffer (stdinChannel.ts).
import { ConsoleStdout, Fd, PreopenDirectory, WASI, WASIProcExit, wasi } from "@bjorn3/browser_wasi_shim";
import * as Comlink from "comlink";
import { DEBUG_HOST_MODULE, workerDebugger } from "../debugger/workerDebugger";
import { HOST_MODULES, type HostContext } from "./hostModules";
import type { OutputStream, ProgramEvent, ProgramStart } from "./programEvents";
import { isStackOverflow, PANIC_STATUS, stackOverflowReport } from "./stackOverflow";
import { waitForStdin } from "./stdinChannel";

// Enough frames to get past the runtime's own functions (an allocation, a
// print) to the program's function that recursed, for a stack overflow's report.
Error.stackTraceLimit = 64;

/**
 * Output is batched into messages at most this often, except the first write,
 * so a print flood costs the page one message per frame, not one per line.
 * Nothing is dropped here: the page keeps both ends and the download (outputLog.ts).
 */
const FLUSH_MS = 16;

class OutputBatcher {
  private pending: { stream: OutputStream; chunks: Uint8Array[] }[] = [];
  private lastFlush = Number.NEGATIVE_INFINITY;

  constructor(private readonly send: (event: ProgramEvent) => void) {}

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
      this.send({ kind: "output", stream, bytes });
    }
    this.pending = [];
    this.lastFlush = performance.now();
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
    const output = new OutputBatcher(send);
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
      output.flush();
      send({ kind: "exit", code, runMs: performance.now() - began });
    } catch (error) {
      if (isStackOverflow(error)) {
        output.write("stderr", new TextEncoder().encode(stackOverflowReport(error.stack ?? "", start.functions ?? [])));
        output.flush();
        send({ kind: "exit", code: PANIC_STATUS, runMs: performance.now() - began });
        return;
      }
      output.flush();
      // A trap (unreachable, out-of-bounds memory, stack overflow) ends the program like a crash.
      send({ kind: "error", message: error instanceof Error ? error.message : String(error) });
    }
  },
};

export type ProgramApi = typeof api;
Comlink.expose(api);
