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

/**
 * The rows of a short output that stay as they are while it grows: its
 * finished lines, as long as none is left out (once the log cuts, its tail
 * moves and the rows are sent whole again).
 */
export function settledRows(log: OutputLog): number {
  const count = rowCount(log);
  return count > PLAIN_ROWS || log.cut ? 0 : count - (log.partial() ? 1 : 0);
}

/**
 * The view of `log` for the page's window: every row while the output is
 * short, else the window's rows. `pageHas` rows of a short output are on the
 * page already (settledRows of the view sent before): only those after them
 * are sent.
 */
export function viewOf(log: OutputLog, window: RowWindow, run: number, ended: boolean, pageHas = 0): OutputView {
  const count = rowCount(log);
  let from = 0;
  let to = count;
  const kept = count > PLAIN_ROWS || log.cut ? 0 : Math.min(pageHas, count);
  if (count > PLAIN_ROWS) {
    if (window.follow) from = Math.max(0, count - window.rows);
    else {
      from = Math.max(0, Math.min(window.first, count));
      to = Math.max(from, Math.min(window.last, count));
    }
  }
  const rows: ViewRow[] = [];
  for (let i = from + kept; i < to; i++) rows.push(rowAt(log, i));
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
    kept,
    rows,
    ended,
  };
}
