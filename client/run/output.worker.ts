// Keeps the run's output off the page's main thread: the program worker
// writes its output here (on a port of its own), this worker decodes it,
// cuts it into lines and keeps both ends and the download (outputLog.ts), and
// the page receives only the rows it draws, at most every PUBLISH_MS. A print
// flood thus costs the page one small message and one redraw per publish; the
// scanning, the rows and their garbage stay here.
import { OutputLog, type SegmentStream } from "./outputLog";
import { type OutputReply, type OutputRequest, type ProgramOutput, PUBLISH_MS, type RowWindow } from "./outputProtocol";
import { settledRows, viewOf } from "./outputRows";

interface Queued {
  stream: SegmentStream;
  text: string;
  /** Length of its whole lines (up to its last newline); 0 when escape codes, which the log drops, may shorten them. */
  whole: number;
}

function wholeLength(text: string): number {
  return text.includes("\x1b") ? 0 : text.lastIndexOf("\n") + 1;
}

const reply = (message: OutputReply) => (self as unknown as Worker).postMessage(message);

let run = 0;
let log = new OutputLog();
let ended = false;
let window: RowWindow = { follow: true, rows: 100 };
let port: MessagePort | undefined;
let taken: Int32Array | undefined;
let decoders = { stdout: new TextDecoder(), stderr: new TextDecoder() };
/** Output received and not yet in the log, with the bytes it came as (acknowledged once added). */
let queue: Queued[] = [];
let queuedBytes = 0;
let adding: ReturnType<typeof setTimeout> | undefined;
let publishing: ReturnType<typeof setTimeout> | undefined;
let publishedAt = Number.NEGATIVE_INFINITY;
let publishedVersion = -1;
/** The finished rows of a short output the page holds (outputRows.ts's settledRows of the last view sent). */
let pageHas = 0;

function publish(): void {
  if (publishing !== undefined) clearTimeout(publishing);
  publishing = undefined;
  publishedAt = performance.now();
  publishedVersion = log.version;
  reply({ kind: "view", view: viewOf(log, window, run, ended, pageHas) });
  pageHas = settledRows(log);
}

/** Publishes now if the last view is old enough, else once it is. */
function publishSoon(): void {
  if (publishing !== undefined || log.version === publishedVersion) return;
  const wait = PUBLISH_MS - (performance.now() - publishedAt);
  if (wait <= 0) publish();
  else publishing = setTimeout(publish, wait);
}

/**
 * Adds everything queued. Each piece is told how much whole-line text
 * follows it, so lines of a backlog that are certain to be pushed out of the
 * tail are only counted, never cut into rows (outputLog.ts).
 */
function addQueued(): void {
  adding = undefined;
  let following = queue.reduce((n, q) => n + q.whole, 0);
  for (const item of queue) {
    following -= item.whole;
    log.append(item.stream, item.text, following);
  }
  queue = [];
  if (taken && queuedBytes > 0) {
    Atomics.add(taken, 0, queuedBytes);
    Atomics.notify(taken, 0);
  }
  queuedBytes = 0;
}

function enqueue(stream: SegmentStream, text: string, bytes: number): void {
  queue.push({ stream, text, whole: wholeLength(text) });
  queuedBytes += bytes;
  // Messages already waiting arrive before this timer: they are added together.
  adding ??= setTimeout(() => {
    addQueued();
    publishSoon();
  }, 0);
}

function end(): void {
  if (adding !== undefined) clearTimeout(adding);
  addQueued();
  for (const stream of ["stdout", "stderr"] as const) {
    const rest = decoders[stream].decode();
    if (rest) log.append(stream, rest);
  }
  ended = true;
  publish();
}

function fromProgram(this: MessagePort, { data }: MessageEvent<ProgramOutput>): void {
  if (this !== port) return;
  if (data.kind === "end") end();
  else enqueue(data.stream, decoders[data.stream].decode(data.bytes, { stream: true }), data.bytes.length);
}

self.onmessage = ({ data }: MessageEvent<OutputRequest>) => {
  switch (data.kind) {
    case "reset":
      port?.close();
      port = undefined;
      taken = undefined;
      if (adding !== undefined) clearTimeout(adding);
      adding = undefined;
      queue = [];
      queuedBytes = 0;
      run = data.run;
      log = new OutputLog();
      pageHas = 0;
      ended = false;
      decoders = { stdout: new TextDecoder(), stderr: new TextDecoder() };
      publish();
      return;
    case "attach":
      if (data.run !== run) {
        data.port.close();
        return;
      }
      port = data.port;
      taken = new Int32Array(data.taken);
      port.onmessage = fromProgram;
      return;
    case "append":
      if (data.run !== run) return;
      addQueued();
      log.append(data.stream, data.text);
      publish();
      return;
    case "close":
      if (data.run === run && !ended) end();
      return;
    case "window":
      window = data.window;
      publish();
      return;
    case "download":
      reply({ kind: "download", id: data.id, blob: new Blob([log.wholeText()], { type: "text/plain;charset=utf-8" }) });
      return;
    case "stdout":
      reply({ kind: "stdout", id: data.id, stdout: log.stdout() });
      return;
  }
};
