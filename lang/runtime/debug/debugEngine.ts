// The host side of a debug build (`pith build --debug`, see
// wasm/src/lower/debug_hooks.ts): the `pith_debug` imports. The program keeps
// its call stack in its own memory; the engine reads it when it stops,
// decides at each statement whether to stop (a breakpoint, or the step the user asked for), reads the locals the
// program hands over, and asks its `pause` callback what to do next. The
// callback is synchronous because the program is mid-statement: the browser
// worker blocks on Atomics.wait inside it (client/debugger/), a script or
// test answers at once (debugScript.ts). Host-neutral: no DOM, no Node.
import { formatLocal, LOCAL_VALUE } from "./formatLocal";
import { formatValue } from "./formatValue";

export interface DebugLocal {
  name: string;
  type: string;
  value: string;
  /** A composite value's parts (fields, elements, payload, map entries), shown under it in the Variables panel. */
  fields?: DebugLocal[];
}

export interface DebugFrame {
  function: string;
  file: string;
  line: number;
  /** The frame's locals where it last stopped; null when it has not stopped since it began. */
  locals: DebugLocal[] | null;
  /**
   * The line the locals were read at. Only the innermost frame reads its
   * locals when the program stops; an outer frame's are those of its own
   * last stop, current only when this is its current line.
   */
  localsLine: number | null;
}

export interface Breakpoint {
  line: number;
  /** The source file (as the compiler names it, e.g. `main.pith`); absent: that line of every file. */
  file?: string;
  /** Stop only when this holds (see condition.ts); absent: always. */
  condition?: string;
  /** A logpoint: print this text (with `{name}` replaced by locals) instead of stopping. */
  log?: string;
}

export type StopReason = "breakpoint" | "step" | "panic";

export interface DebugStop {
  reason: StopReason;
  file: string;
  line: number;
  /** Innermost frame first. */
  stack: DebugFrame[];
  /** For a panic stop: the exit status the program was ending with. */
  exitCode?: number;
}

export type DebugCommand = "continue" | "stepOver" | "stepInto" | "stepOut" | "stop";

/** Thrown out of the program (through wasm) when the user stops it at a pause. */
export class DebugStopped extends Error {
  constructor() {
    super("stopped by the debugger");
  }
}

export interface DebugEngineOptions {
  breakpoints: Breakpoint[];
  /** Stop at the first statement of main, as "step into" from before the start. */
  stopAtEntry?: boolean;
  /** Answers a stop; it may block (the browser worker waits for the page here). */
  pause: (stop: DebugStop) => DebugCommand;
  /** Reads the breakpoints again after a pause: the user may have changed them while paused. */
  refreshBreakpoints?: () => Breakpoint[];
  /** Whether the breakpoints changed while the program ran; asked at function entries, so cheap. */
  breakpointsChanged?: () => boolean;
  /** Where a logpoint's text goes (the program's stdout as the page shows it). */
  log?: (text: string) => void;
  /** Checks a breakpoint's condition against the frame's locals (condition.ts). */
  test?: (condition: string, locals: DebugLocal[]) => boolean;
  /**
   * Lines whose locals are read without stopping, so that a frame calling
   * from one of them has its locals of that line at a later stop (debugScript.ts).
   */
  capture?: { file: string; line: number }[];
}

type Mode = { kind: "continue" } | { kind: "step"; command: DebugCommand; depth: number };

/** A frame as the program's stack area records it (see the layout below). */
interface StackRecord {
  name: number;
  file: number;
  table: number;
  /** The line it is calling from (an outer frame's current line). */
  line: number;
  /** Which entry made it: frames at the same depth are told apart by it. */
  entry: number;
}

export class DebugEngine {
  private mode: Mode;
  private breakpoints: Map<number, Breakpoint[]>;
  private readonly captures: Map<number, Breakpoint[]>;
  private collecting: DebugLocal[] | null = null;
  private readonly names = new Map<number, string>();
  /**
   * Each source file's line table in the program's memory (the compiler's
   * debug_hooks.ts): an i32 holding the line running now, an i32 set once
   * the host knows the table, a byte set while stepping, then byte N set for
   * a breakpoint on line N. The program calls `stop` only where a byte is
   * set, so a run that never stops runs near full speed.
   */
  private readonly tables = new Map<string, { at: number; lines: number }>();
  /** Where the program keeps its call stack (0 until the first function entry). */
  private stackAt = 0;
  /** Locals of frames by their entry number, with the line they were read at. */
  private frameLocals = new Map<number, { locals: DebugLocal[]; line: number }>();
  private cachedView: DataView | null = null;
  private pending: { file: string; line: number; breakpoint: Breakpoint | undefined; step: boolean } | null = null;
  private memory: () => WebAssembly.Memory = () => {
    throw new Error("the debugger read memory before the program started");
  };

  constructor(private readonly options: DebugEngineOptions) {
    this.breakpoints = byLine(options.breakpoints);
    this.captures = byLine(options.capture ?? []);
    this.mode = options.stopAtEntry ? { kind: "step", command: "stepInto", depth: 0 } : { kind: "continue" };
  }

  /** The imports of the `pith_debug` module; `memory` is read lazily, once the instance exists. */
  imports(memory: () => WebAssembly.Memory): WebAssembly.ModuleImports {
    this.memory = memory;
    return {
      table: (file: number, table: number, lines: number, stack: number) => {
        if (this.stackAt === 0) {
          this.stackAt = stack;
          this.rewind();
        }
        this.tables.set(this.name(file), { at: table, lines });
        this.view().setInt32(table + TABLE_KNOWN, 1, true);
        this.arm();
      },
      poll: () => {
        if (this.options.breakpointsChanged?.() && this.options.refreshBreakpoints) {
          this.breakpoints = byLine(this.options.refreshBreakpoints());
          this.arm();
        }
        this.rewind();
      },
      stop: (file: number, line: number) => this.atStatement(file, line),
      local: (name: number, type: number, kind: number, value: number) => {
        if (!this.collecting) return;
        if (kind === LOCAL_VALUE) {
          this.collecting.push({ name: this.name(name), ...formatValue(this.memory(), this.name(type), value) });
          return;
        }
        this.collecting.push({
          name: this.name(name),
          type: this.name(type),
          value: formatLocal(this.memory(), this.name(type), kind, value),
        });
      },
      pause: () => this.afterLocals(),
    };
  }

  /** The program is ending with a non-zero status (a panic): one last stop where it happened. */
  exiting(code: number): void {
    if (code === 0 || this.stackAt === 0 || this.depth() === 0) return;
    const records = this.records();
    const top = records.at(-1);
    const line = top ? this.view().getInt32(top.table, true) : 0;
    const stack = this.snapshot(records, line);
    const innermost = stack[0];
    if (!innermost) return;
    this.options.pause({ reason: "panic", file: innermost.file, line: innermost.line, stack, exitCode: code });
  }

  /** Sets the countdown of function entries to the next `poll`: only a host that can change breakpoints needs one. */
  private rewind(): void {
    const every = this.options.breakpointsChanged ? POLL_EVERY : 0x7fffffff;
    this.view().setInt32(this.stackAt + STACK_COUNTDOWN, every, true);
  }

  private depth(): number {
    return this.view().getInt32(this.stackAt + STACK_DEPTH, true);
  }

  private atStatement(fileAt: number, line: number): number {
    const candidates = this.breakpoints.get(line);
    const captured = this.captures.get(line);
    const step = this.stepStops();
    if (!candidates && !step && !captured) return 0;
    const file = this.name(fileAt);
    const breakpoint = candidates?.find((b) => b.file === undefined || b.file === file);
    // A captured line only reads the locals: afterLocals keeps them for the frame and goes on.
    const capture = captured?.some((b) => b.file === undefined || b.file === file) ?? false;
    if (!breakpoint && !step && !capture) return 0;
    this.pending = { file, line, breakpoint, step };
    this.collecting = [];
    return 1;
  }

  private stepStops(): boolean {
    if (this.mode.kind !== "step") return false;
    const depth = this.depth();
    switch (this.mode.command) {
      case "stepInto":
        return true;
      case "stepOver":
        return depth <= this.mode.depth;
      case "stepOut":
        return depth < this.mode.depth;
      default:
        return false;
    }
  }

  private afterLocals(): void {
    const pending = this.pending;
    const locals = this.collecting ?? [];
    this.pending = null;
    this.collecting = null;
    if (!pending) return;
    const records = this.records();
    const top = records.at(-1);
    if (top && this.depth() <= STACK_FRAMES) this.frameLocals.set(top.entry, { locals, line: pending.line });
    const { breakpoint, step } = pending;
    let stops = step;
    if (!stops && breakpoint) {
      const holds = breakpoint.condition ? (this.options.test?.(breakpoint.condition, locals) ?? true) : true;
      if (holds && breakpoint.log !== undefined) this.options.log?.(`${interpolate(breakpoint.log, locals)}\n`);
      else stops = holds;
    }
    if (!stops) return;
    const stack = this.snapshot(records, pending.line, locals);
    const command = this.options.pause({
      reason: step ? "step" : "breakpoint",
      file: pending.file,
      line: pending.line,
      stack,
    });
    if (this.options.refreshBreakpoints) this.breakpoints = byLine(this.options.refreshBreakpoints());
    if (command === "stop") throw new DebugStopped();
    this.mode = command === "continue" ? { kind: "continue" } : { kind: "step", command, depth: this.depth() };
    this.arm();
  }

  /** Writes the breakpoints and the step flag into every line table the program has shown. */
  private arm(): void {
    const bytes = new Uint8Array(this.memory().buffer);
    const stepping = this.mode.kind === "step" ? 1 : 0;
    for (const [file, { at, lines }] of this.tables) {
      bytes.fill(0, at + STEP_BYTE + 1, at + STEP_BYTE + lines + 1);
      for (const marks of [this.breakpoints, this.captures])
        for (const [line, list] of marks) {
          const here = list.some((b) => b.file === undefined || b.file === file);
          if (here && line >= 1 && line <= lines) bytes[at + STEP_BYTE + line] = 1;
        }
      bytes[at + STEP_BYTE] = stepping;
    }
  }

  /** The recorded frames, outermost first. */
  private records(): StackRecord[] {
    const view = this.view();
    const count = Math.min(this.depth(), STACK_FRAMES);
    const out: StackRecord[] = [];
    for (let i = 0; i < count; i++) {
      const at = this.stackAt + STACK_RECORDS + i * RECORD_SIZE;
      out.push({
        name: view.getInt32(at, true),
        file: view.getInt32(at + 4, true),
        table: view.getInt32(at + 8, true),
        line: view.getInt32(at + 12, true),
        entry: view.getInt32(at + 16, true),
      });
    }
    return out;
  }

  /**
   * The call stack, innermost first: the innermost frame at `line`, outer
   * ones at the line they are calling from, each with the locals of its own
   * last stop. Frames deeper than the stack area holds are one line saying so.
   */
  private snapshot(records: StackRecord[], line: number, locals?: DebugLocal[]): DebugFrame[] {
    const live = new Map<number, { locals: DebugLocal[]; line: number }>();
    const frames: DebugFrame[] = records.map((r, i) => {
      const innermost = i === records.length - 1;
      const known = this.frameLocals.get(r.entry);
      if (known) live.set(r.entry, known);
      return {
        function: this.name(r.name),
        file: this.name(r.file),
        line: innermost ? line : r.line,
        locals: known ? [...known.locals] : null,
        localsLine: known ? known.line : null,
      };
    });
    // Frames that have returned are forgotten, so the map stays as deep as the stack.
    this.frameLocals = live;
    const depth = this.depth();
    if (depth > STACK_FRAMES) {
      const top = frames.at(-1);
      frames.push({
        function: `(${depth - STACK_FRAMES} deeper frames not recorded)`,
        file: top?.file ?? "",
        line,
        locals: locals ?? null,
        localsLine: locals ? line : null,
      });
    }
    return frames.reverse();
  }

  /** A view of the memory, made again only when it grew. */
  private view(): DataView {
    const buffer = this.memory().buffer;
    if (this.cachedView?.buffer !== buffer) this.cachedView = new DataView(buffer);
    return this.cachedView;
  }

  /** Names and file names are static strings of the program (never freed or changed), so each is decoded once. */
  private name(at: number): string {
    let text = this.names.get(at);
    if (text === undefined) {
      text = this.text(at);
      this.names.set(at, text);
    }
    return text;
  }

  private text(at: number): string {
    const memory = new DataView(this.memory().buffer);
    const length = Math.min(memory.getInt32(at + 4, true), 1 << 20);
    return decoder.decode(new Uint8Array(this.memory().buffer, at + 8, Math.max(0, length)));
  }
}

const decoder = new TextDecoder();
// The layouts of wasm/src/lower/debug_hooks.ts (the compiler's side).
/** In a line table: the current line's i32, the known flag's i32, then the step byte; line N's byte is N after it. */
const TABLE_KNOWN = 4;
const STEP_BYTE = 8;
/** The stack area: depth, entries so far, countdown to the next poll, then records of five i32. */
const STACK_DEPTH = 0;
const STACK_COUNTDOWN = 8;
const STACK_RECORDS = 16;
const RECORD_SIZE = 20;
const STACK_FRAMES = 1024;
/** Function entries between two looks at the page's breakpoints while the program runs. */
const POLL_EVERY = 4096;

function byLine(breakpoints: Breakpoint[]): Map<number, Breakpoint[]> {
  const lines = new Map<number, Breakpoint[]>();
  for (const b of breakpoints) lines.set(b.line, [...(lines.get(b.line) ?? []), b]);
  return lines;
}

/** A logpoint's text: `{name}` is the local's value as println prints it. */
function interpolate(text: string, locals: DebugLocal[]): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const local = locals.findLast((l) => l.name === name);
    return local ? local.value : whole;
  });
}
