// Runs one compiled Pith program (a WASI command) and then is thrown away:
// Stop terminates this worker, which ends even `loop {}` at once. The program
// blocks this worker's thread for its whole run, so everything it says goes
// out as messages on a port (delivered while it keeps running) and stdin
// arrives through a SharedArrayBuffer (stdinChannel.ts). On a page without
// SharedArrayBuffer the worker cannot wait: it suspends instead and the page
// runs the program again, replaying what it already answered (replay.ts).
import { ConsoleStdout, Fd, PreopenDirectory, WASI, WASIProcExit, wasi } from "@bjorn3/browser_wasi_shim";
import * as Comlink from "comlink";
import { isStackOverflow, PANIC_STATUS, stackOverflowReport } from "../../lang/runtime/host/stackOverflow";
import { HOST_MODULE_NAMES, hostImportName } from "../../protocol/hostModules";
import { DEBUG_HOST_MODULE, workerDebugger } from "../debugger/workerDebugger";
import { HOST_MODULES, type HostContext } from "./hostModules";
import { MOST_BYTES_BEHIND, type ProgramOutput } from "./outputProtocol";
import type { OutputStream, ProgramEvent, ProgramStart } from "./programEvents";
import { replayedClock, Suspended, type SuspendReason } from "./replay";
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
  /** The output worker's counter of bytes taken; absent without SharedArrayBuffer, where nothing can wait on it. */
  private readonly taken: Int32Array | undefined;
  /** Bytes sent, modulo 2^32 as the output worker's counter of bytes taken. */
  private sent = 0;
  /** Bytes of each stream the program wrote in this attempt, those an earlier attempt showed included. */
  readonly written = { stdout: 0, stderr: 0 };

  constructor(
    private readonly port: MessagePort,
    taken: SharedArrayBuffer | ArrayBuffer,
    /** Bytes of each stream the page already shows (a replayed attempt): not written again. */
    private readonly shown = { stdout: 0, stderr: 0 },
  ) {
    this.taken = taken instanceof ArrayBuffer ? undefined : new Int32Array(taken);
  }

  private post(message: ProgramOutput, transfer: Transferable[] = []): void {
    this.port.postMessage(message, transfer);
  }

  /** Flushes, then says nothing more follows. */
  end(): void {
    this.flush();
    this.post({ kind: "end" });
  }

  write(stream: OutputStream, all: Uint8Array): void {
    const before = this.written[stream];
    this.written[stream] += all.length;
    const bytes = all.subarray(Math.max(0, Math.min(all.length, this.shown[stream] - before)));
    if (bytes.length === 0) return;
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
    while (this.taken) {
      const taken = Atomics.load(this.taken, 0);
      if (((this.sent - taken) | 0) <= MOST_BYTES_BEHIND) break;
      Atomics.wait(this.taken, 0, taken, 100);
    }
  }
}

/**
 * fd 0: the prepared text, or else chunks the page hands over while the
 * program waits (a replayed attempt first reads the chunks handed over before,
 * one per read that waited, as the first attempt read them).
 */
class StdinFd extends Fd {
  private buffered: Uint8Array;
  private ended = false;
  private readonly earlier: Uint8Array[];

  constructor(
    prepared: string | undefined,
    private readonly ask: () => Uint8Array,
    earlier: Uint8Array[] = [],
  ) {
    super();
    this.buffered = new TextEncoder().encode(prepared ?? "");
    this.ended = prepared !== undefined;
    this.earlier = [...earlier];
  }

  override fd_fdstat_get() {
    return { ret: 0, fdstat: new wasi.Fdstat(wasi.FILETYPE_CHARACTER_DEVICE, 0) };
  }

  override fd_read(size: number) {
    if (this.buffered.length === 0 && !this.ended) {
      this.buffered = this.earlier.shift() ?? this.ask();
      if (this.buffered.length === 0) this.ended = true;
    }
    const data = this.buffered.slice(0, size);
    this.buffered = this.buffered.subarray(data.length);
    return { ret: 0, data };
  }
}

/** A host module's import module name → the std module a program imports, for messages. */
const HOST_NAMES = new Map<string, string>(HOST_MODULE_NAMES.map((m) => [hostImportName(m), `std.${m}`]));

const api = {
  /**
   * Runs the program to completion; events (output, stdin requests, exit) go
   * to `start.events`. With `start.replay` (no SharedArrayBuffer) it replays
   * what the page answered before and suspends where it would wait.
   */
  async run(start: ProgramStart): Promise<void> {
    const send = (event: ProgramEvent, transfer: Transferable[] = []) => start.events.postMessage(event, transfer);
    const replay = start.replay;
    const output = new OutputBatcher(start.output, start.taken, replay?.shown);
    let instance: WebAssembly.Instance | undefined;
    const memory = () => instance?.exports.memory as WebAssembly.Memory;
    let began = performance.now();
    let debug: ReturnType<typeof workerDebugger> | undefined;
    let clock: ReturnType<typeof replayedClock> | undefined;
    /** Ends this attempt where it must wait for the page: the page runs the program again with the answer. */
    const suspend = (reason: SuspendReason): never => {
      output.flush();
      send(
        {
          kind: "suspended",
          reason,
          written: { ...output.written },
          clock: clock?.readings ?? [],
          output: start.output,
        },
        [start.output],
      );
      throw new Suspended(reason);
    };
    try {
      const module = await WebAssembly.compile(start.wasm as BufferSource);
      const stdin = new StdinFd(
        start.stdin,
        () => {
          if (replay) return suspend("stdin");
          output.flush();
          send({ kind: "stdin" });
          if (!start.stdinBuffer) throw new Error("stdin: the page gave no channel to hand input over");
          return waitForStdin(start.stdinBuffer);
        },
        replay?.stdin,
      );
      const fds = [
        stdin,
        new ConsoleStdout((bytes) => output.write("stdout", bytes)),
        new ConsoleStdout((bytes) => output.write("stderr", bytes)),
        new PreopenDirectory(".", new Map()),
      ];
      const shim = new WASI(["main", ...start.args], [], fds, { debug: false });
      const wasiImport = { ...shim.wasiImport };
      if (replay) {
        const live = shim.wasiImport.clock_time_get as (id: number, precision: bigint, out: number) => number;
        clock = replayedClock(live, memory, replay.clock);
        wasiImport.clock_time_get = clock.clock_time_get;
      }
      const imports: WebAssembly.Imports = { wasi_snapshot_preview1: wasiImport };
      // Only the host modules the program imports are set up: each may need what this page lacks.
      const used = new Set(WebAssembly.Module.imports(module).map((i) => i.module));
      for (const host of HOST_MODULES) {
        if (!used.has(host.name)) continue;
        if (replay)
          throw new Error(
            `${HOST_NAMES.get(host.name) ?? host.name} needs SharedArrayBuffer, which this page does not have: it was served without the cross-origin isolation headers (Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp)`,
          );
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
          memory,
          (stop) => {
            output.flush();
            send({ kind: "host", module: DEBUG_HOST_MODULE, payload: stop });
          },
          (text) => output.write("stdout", new TextEncoder().encode(text)),
          () => suspend("debug"),
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
      // The page has been told where this attempt stopped; it ends this worker.
      if (error instanceof Suspended) return;
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
