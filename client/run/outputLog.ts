// What a run printed, held so that the page never has to lay out more than a
// screenful and never loses either end: the first lines (up to `headBytes`),
// the last lines (up to `tailBytes`), a count of the lines between them, and
// the whole text for a download (up to `downloadBytes`). Text arrives in
// arbitrary chunks; it is cut into lines here and a line is never split
// across the gap, so the pane shows whole lines on both sides of its marker.
import type { OutputStream } from "./programEvents";

export type SegmentStream = OutputStream | "input" | "system";

/** One run of text of one stream inside a line (a line may mix stdout and stderr). */
export interface Segment {
  stream: SegmentStream;
  text: string;
}

/** A line's segments; the newline that ended it is not part of the text. */
export type Line = Segment[];

export interface OutputLimits {
  /** Bytes of first lines kept for display. */
  headBytes: number;
  /** Bytes of last lines kept for display. */
  tailBytes: number;
  /** Bytes of the whole output kept for the download; past this the download is cut too, and says so. */
  downloadBytes: number;
}

/** A few MB on screen in all (what the page lays out cheaply), and far more for the download. */
export const DEFAULT_OUTPUT_LIMITS: OutputLimits = {
  headBytes: 1 << 20,
  tailBytes: 2 << 20,
  downloadBytes: 64 << 20,
};

/**
 * A line that never ends (a program printing without newlines) is broken
 * here, so that one endless line cannot hold the page's memory.
 */
const LONGEST_LINE = 64 * 1024;

/** Characters of doomed lines still kept as rows when the rest are only counted: more than a screenful. */
const SHOWN_WHILE_SKIPPING = 8 * 1024;

// ANSI escape sequences (colours, cursor moves): shown as text they are noise,
// so they are dropped rather than printed as `\x1b[31m`.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the escape character is the point
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.includes("\x1b") ? text.replace(ANSI, "") : text;
}

/** UTF-8 length of a string without encoding it (the counts in the marker are bytes). */
export function utf8Length(text: string, from = 0, to = text.length): number {
  let n = to - from;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is two units and four bytes; other units above 0x800 are three bytes.
    if (c >= 0xd800 && c <= 0xdfff) n += 1;
    else if (c >= 0x800) n += 2;
    else if (c >= 0x80) n += 1;
  }
  return n;
}

function lineBytes(line: Line): number {
  let n = 1; // the newline
  for (const s of line) n += utf8Length(s.text);
  return n;
}

export class OutputLog {
  readonly head: Line[] = [];
  private headBytes = 0;
  private headFull = false;
  /** The last lines, oldest first, from `tailStart` on (dropped lines are skipped, then compacted). */
  private tailLines: Line[] = [];
  private tailSizes: number[] = [];
  private tailStart = 0;
  private tailBytes = 0;
  /** The line being written (no newline yet). */
  private current: Line = [];
  private currentLength = 0;
  /** Lines (and their bytes) that fell between the head and the tail. */
  omittedLines = 0;
  omittedBytes = 0;
  /** Every line counted, shown or not. */
  totalLines = 0;
  private readonly whole: string[] = [];
  private wholeBytes = 0;
  /** stdout alone, for comparing a test's output with what it should print (kept while the download is). */
  private readonly stdoutParts: string[] = [];
  /** True when the download could not keep everything either. */
  downloadCut = false;
  /** Bumps on every change, so a view can tell whether to draw again. */
  version = 0;

  constructor(readonly limits: OutputLimits = DEFAULT_OUTPUT_LIMITS) {}

  /**
   * Adds what the program printed. `following` is a lower bound on the
   * UTF-16 length of whole lines the caller will append after this text (the
   * output queued behind it): lines that much text will push out of the tail
   * are only counted, never cut into rows, so a backlog of a flood costs a
   * scan for newlines instead of a million short-lived rows.
   */
  append(stream: SegmentStream, raw: string, following = 0): void {
    if (raw.length === 0) return;
    const text = stripAnsi(raw);
    this.version++;
    this.keepForDownload(text);
    if (stream === "stdout" && !this.downloadCut) this.stdoutParts.push(raw);
    let from = 0;
    let looked = false;
    for (;;) {
      // The head fills first, so once it is full the doomed stretch is found once.
      if (this.headFull && !looked) {
        looked = true;
        // The last few KB of the doomed lines are still cut into rows: they are
        // pushed out by what follows as usual, and until then the pane shows
        // them rather than an empty end.
        const end = doomedEnd(text, from, following, this.limits.tailBytes);
        const doomed = end > from + SHOWN_WHILE_SKIPPING ? text.lastIndexOf("\n", end - SHOWN_WHILE_SKIPPING) : -1;
        if (doomed >= from) {
          this.countDropped(text, from, doomed);
          from = doomed + 1;
        }
      }
      const nl = text.indexOf("\n", from);
      // The common case, a whole short line in one piece, without the general path's steps.
      if (nl !== -1 && this.current.length === 0 && nl - from < LONGEST_LINE) {
        this.current = [{ stream, text: text.slice(from, nl) }];
        this.endLine(utf8Length(text, from, nl) + 1);
        from = nl + 1;
        continue;
      }
      const piece = text.slice(from, nl === -1 ? text.length : nl);
      this.addToCurrent(stream, piece);
      if (nl === -1) break;
      // An empty line still belongs to the stream that printed its newline.
      if (this.current.length === 0) this.current.push({ stream, text: "" });
      this.endLine();
      from = nl + 1;
    }
  }

  /** How many last lines are kept. */
  get tailLength(): number {
    return this.tailLines.length - this.tailStart;
  }

  /** The i-th kept last line, oldest first. */
  tailAt(i: number): Line {
    return this.tailLines[this.tailStart + i];
  }

  /** The unfinished last line, or undefined when the output ends with a newline. */
  partial(): Line | undefined {
    return this.current.length > 0 ? this.current : undefined;
  }

  /** Whether some lines are not on screen (and the download is the way to see them). */
  get cut(): boolean {
    return this.omittedLines > 0;
  }

  /** What the program wrote to stdout, exactly (escape codes too); undefined when it was too large to keep. */
  stdout(): string | undefined {
    return this.downloadCut ? undefined : this.stdoutParts.join("");
  }

  /** The whole output as one text, for the download. */
  wholeText(): string {
    return this.whole.join("");
  }

  /**
   * Counts the lines of `text[from..to]` (`to` is a newline), with the
   * unfinished line before them and every line in the tail, as left out:
   * what follows them is enough to push them all out of the tail. The counts
   * are those adding them one by one would give, long lines broken included.
   */
  private countDropped(text: string, from: number, to: number): void {
    const tailLines = this.tailLength;
    let lines = 0;
    let bytes = this.tailBytes + utf8Length(text, from, to + 1);
    this.tailLines = [];
    this.tailSizes = [];
    this.tailStart = 0;
    this.tailBytes = 0;
    let carried = this.currentLength;
    for (const s of this.current) bytes += utf8Length(s.text);
    this.current = [];
    this.currentLength = 0;
    for (let at = from; at <= to; ) {
      const nl = text.indexOf("\n", at);
      // A line reaching LONGEST_LINE is broken there (one more line, and a
      // byte for its newline); the newline itself then ends one more.
      const broken = Math.floor((carried + nl - at) / LONGEST_LINE);
      lines += broken + 1;
      bytes += broken;
      carried = 0;
      at = nl + 1;
    }
    this.totalLines += lines;
    this.omittedLines += tailLines + lines;
    this.omittedBytes += bytes;
  }

  private keepForDownload(text: string): void {
    if (this.downloadCut) return;
    const bytes = utf8Length(text);
    if (this.wholeBytes + bytes > this.limits.downloadBytes) {
      this.downloadCut = true;
      this.whole.push(`\n[the output went on past ${this.limits.downloadBytes} bytes; the rest is not kept]\n`);
      return;
    }
    this.whole.push(text);
    this.wholeBytes += bytes;
  }

  private addToCurrent(stream: SegmentStream, piece: string): void {
    let rest = piece;
    while (rest.length > 0) {
      const room = LONGEST_LINE - this.currentLength;
      const part = rest.length > room ? rest.slice(0, room) : rest;
      rest = rest.slice(part.length);
      const last = this.current.at(-1);
      if (last?.stream === stream) last.text += part;
      else this.current.push({ stream, text: part });
      this.currentLength += part.length;
      if (this.currentLength >= LONGEST_LINE) this.endLine();
    }
  }

  /** Ends the line being written; `bytes` when the caller has counted them already. */
  private endLine(bytes = lineBytes(this.current)): void {
    const line = this.current;
    this.current = [];
    this.currentLength = 0;
    this.totalLines++;
    if (!this.headFull && this.headBytes + bytes <= this.limits.headBytes) {
      this.head.push(line);
      this.headBytes += bytes;
      return;
    }
    this.headFull = true;
    this.tailLines.push(line);
    this.tailSizes.push(bytes);
    this.tailBytes += bytes;
    while (this.tailBytes > this.limits.tailBytes && this.tailLines.length - this.tailStart > 1) {
      const dropped = this.tailSizes[this.tailStart];
      this.tailBytes -= dropped;
      this.omittedBytes += dropped;
      this.omittedLines++;
      this.tailStart++;
    }
    // Compacting now and then keeps dropping from the front O(1) per line on average.
    if (this.tailStart > 4096 && this.tailStart * 2 > this.tailLines.length) {
      this.tailLines = this.tailLines.slice(this.tailStart);
      this.tailSizes = this.tailSizes.slice(this.tailStart);
      this.tailStart = 0;
    }
  }
}

/**
 * The index of the last newline in `text` (from `from` on) whose line is
 * certainly pushed out of a tail of `tailBytes`: the whole lines after it,
 * here and in the `following` text, hold at least that many bytes (a UTF-16
 * unit is at least one UTF-8 byte). -1 when there is none.
 */
function doomedEnd(text: string, from: number, following: number, tailBytes: number): number {
  const lastNewline = text.lastIndexOf("\n");
  if (lastNewline < from) return -1;
  const latest = lastNewline + following - tailBytes;
  if (latest < from) return -1;
  const nl = text.lastIndexOf("\n", latest);
  return nl >= from ? nl : -1;
}

/** "45,008 lines (3.2 MB)" — what the marker between head and tail says. */
/**
 * Made once: toLocaleString builds a formatter at every call, and the cut
 * notice and the marker say this at every batch of a flood (it was the
 * page's costliest script per batch in a Chromium profile).
 */
const COUNT = new Intl.NumberFormat("en-US");

export function describeOmitted(lines: number, bytes: number): string {
  const size =
    bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : bytes >= 1e3 ? `${(bytes / 1e3).toFixed(1)} KB` : `${bytes} B`;
  return `${COUNT.format(lines)} ${lines === 1 ? "line" : "lines"} (${size})`;
}
