// The rows of a run's output as the pane lays them out, taken from the log in
// the output worker: only those the page asked for go to the page.
import type { OutputLog } from "./outputLog";
import { type OutputView, PLAIN_ROWS, type RowWindow, type ViewRow } from "./outputProtocol";

/** Head lines, the marker when lines were left out, tail lines, the unfinished line. */
export function rowCount(log: OutputLog): number {
  return log.head.length + (log.cut ? 1 : 0) + log.tailLength + (log.partial() ? 1 : 0);
}

// Rows are looked up by index rather than listed, so a view of a long output
// touches only the rows it sends.
export function rowAt(log: OutputLog, i: number): ViewRow {
  if (i < log.head.length) return { kind: "line", line: log.head[i], end: true };
  let at = i - log.head.length;
  if (log.cut) {
    if (at === 0) return { kind: "marker" };
    at--;
  }
  if (at < log.tailLength) return { kind: "line", line: log.tailAt(at), end: true };
  return { kind: "line", line: log.partial() ?? [], end: false };
}

/** The view of `log` for the page's window: every row while the output is short, else the window's rows. */
export function viewOf(log: OutputLog, window: RowWindow, run: number, ended: boolean): OutputView {
  const count = rowCount(log);
  let from = 0;
  let to = count;
  if (count > PLAIN_ROWS) {
    if (window.follow) from = Math.max(0, count - window.rows);
    else {
      from = Math.max(0, Math.min(window.first, count));
      to = Math.max(from, Math.min(window.last, count));
    }
  }
  const rows: ViewRow[] = [];
  for (let i = from; i < to; i++) rows.push(rowAt(log, i));
  return {
    run,
    version: log.version,
    count,
    headLength: log.head.length,
    cut: log.cut,
    omittedLines: log.omittedLines,
    omittedBytes: log.omittedBytes,
    downloadCut: log.downloadCut,
    from,
    rows,
    ended,
  };
}
