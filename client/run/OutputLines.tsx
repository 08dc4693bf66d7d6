// The lines of a run's output as the pane draws them. A short output is one
// <pre> of text (copyable, wrapping, exactly what was printed); a long one is
// virtualised: rows of one fixed height, and only those on screen (plus a
// margin) are in the DOM, so a million lines cost the page a screenful. Both
// ends are kept (outputLog.ts), with a marker row between them saying how much
// is not shown and offering the whole output as a download.
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from "react";
import { describeOmitted, type Line, type OutputLog, type Segment } from "./outputLog";

/** Above this many rows the view is virtualised. */
const PLAIN_ROWS = 2000;
/** Height of a row in the virtualised view, in px (the CSS of `.output.virtual` uses the same). */
export const ROW_PX = 18;
/** Rows drawn above and below the visible ones, so a scroll does not show blanks. */
const OVERSCAN = 30;

type Row = { kind: "line"; line: Line; end: boolean } | { kind: "marker" };

/** The rows on screen, in order: head lines, the marker when lines were left out, tail lines, the unfinished line. */
function rowCount(log: OutputLog): number {
  return log.head.length + (log.cut ? 1 : 0) + log.tailLength + (log.partial() ? 1 : 0);
}

// Rows are looked up by index rather than listed, so drawing a frame of a
// long output touches only the rows on screen.
function rowAt(log: OutputLog, i: number): Row {
  if (i < log.head.length) return { kind: "line", line: log.head[i], end: true };
  let at = i - log.head.length;
  if (log.cut) {
    if (at === 0) return { kind: "marker" };
    at--;
  }
  if (at < log.tailLength) return { kind: "line", line: log.tailAt(at), end: true };
  return { kind: "line", line: log.partial() ?? [], end: false };
}

function rowsBetween(log: OutputLog, from: number, to: number): Row[] {
  const rows: Row[] = [];
  for (let i = from; i < to; i++) rows.push(rowAt(log, i));
  return rows;
}

export function downloadOutput(log: OutputLog): void {
  const url = URL.createObjectURL(new Blob([log.wholeText()], { type: "text/plain;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "output.txt";
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Marker({ log }: { log: OutputLog }) {
  return (
    <span className="output-marker stream-system" data-testid="output-marker">
      … {describeOmitted(log.omittedLines, log.omittedBytes)} not shown …{" "}
      <DownloadButton log={log} testId="output-download" />
    </span>
  );
}

function DownloadButton({ log, testId }: { log: OutputLog; testId: string }) {
  return (
    <button type="button" className="link" onClick={() => downloadOutput(log)} data-testid={testId}>
      Download all output{log.downloadCut ? " (cut too: it was too large to keep)" : ""}
    </button>
  );
}

/**
 * Above the lines while some are left out: the marker row itself is in the
 * middle of the output, out of sight when the view follows the end.
 */
export function OutputCutNotice({ log }: { log: OutputLog }) {
  if (!log.cut) return null;
  return (
    <p className="output-cut" data-testid="output-cut" role="status">
      {describeOmitted(log.omittedLines, log.omittedBytes)} in the middle are not shown.{" "}
      <DownloadButton log={log} testId="output-cut-download" />
    </p>
  );
}

export interface OutputLinesProps {
  log: OutputLog;
  version: number;
  /** Draws one segment (stderr gets its source locations as links). */
  segment: (segment: Segment, key: number) => ReactNode;
  /** Rows after the output (compile errors), drawn in both modes. */
  after?: ReactNode;
  scroller: RefObject<HTMLPreElement | null>;
}

export function OutputLines({ log, version, segment, after, scroller }: OutputLinesProps) {
  const count = rowCount(log);
  const virtual = count > PLAIN_ROWS;
  /** Where the user scrolled to (used while not following the end) and the window's height. */
  const [view, setView] = useState({ top: 0, height: 600 });
  /** Whether the view follows new output (the user has not scrolled up). */
  const follow = useRef(true);
  /** Where following last scrolled to: its own scroll event says nothing about the user. */
  const followedTo = useRef(-1);
  const showView = (pre: HTMLElement) =>
    setView((v) =>
      v.top === pre.scrollTop && v.height === pre.clientHeight ? v : { top: pre.scrollTop, height: pre.clientHeight },
    );

  // Follows the output as it grows (scrolling only the log, never the page or the editor).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the output changes
  useLayoutEffect(() => {
    const pre = scroller.current;
    if (!pre || !follow.current) return;
    pre.scrollTop = pre.scrollHeight;
    followedTo.current = pre.scrollTop;
  }, [version, virtual]);

  // The window's height says how many rows to draw.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scroller is the same element while virtual
  useLayoutEffect(() => {
    const pre = scroller.current;
    if (!pre || !virtual) return;
    showView(pre);
    const resized = new ResizeObserver(() => showView(pre));
    resized.observe(pre);
    return () => resized.disconnect();
  }, [virtual]);

  const onScroll = () => {
    const pre = scroller.current;
    // Its event comes a frame later, when more output may have made the end move on: only the
    // user's scrolls decide whether to follow.
    if (!pre || (follow.current && pre.scrollTop === followedTo.current)) return;
    const wasFollowing = follow.current;
    follow.current = pre.scrollTop + pre.clientHeight >= pre.scrollHeight - ROW_PX;
    // Following, the rows drawn are the last ones whatever the position says, so the scroll that
    // following itself makes every frame draws nothing again; the user's scrolls do.
    if (virtual && !(wasFollowing && follow.current)) showView(pre);
  };

  if (!virtual) {
    return (
      <pre
        ref={scroller}
        className="output"
        data-testid="output"
        role="log"
        aria-label="Program output"
        onScroll={onScroll}
      >
        {rowsBetween(log, 0, count).map((row, i) =>
          row.kind === "marker" ? (
            <span key="marker">
              <Marker log={log} />
              {"\n"}
            </span>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are only appended while the output is short
            <span key={i}>
              {row.line.map((s, j) =>
                segment(row.end && j === row.line.length - 1 ? { ...s, text: `${s.text}\n` } : s, j),
              )}
            </span>
          ),
        )}
        {after}
      </pre>
    );
  }

  const top = follow.current ? Math.max(0, count * ROW_PX - view.height) : view.top;
  const first = Math.max(0, Math.floor(top / ROW_PX) - OVERSCAN);
  const last = Math.min(count, Math.ceil((top + view.height) / ROW_PX) + OVERSCAN);
  return (
    <pre
      ref={scroller}
      className="output virtual"
      data-testid="output"
      data-rows={count}
      data-marker-row={log.cut ? log.head.length : undefined}
      role="log"
      aria-live="off"
      aria-label="Program output"
      onScroll={onScroll}
    >
      <span className="output-spacer" style={{ height: first * ROW_PX }} />
      {rowsBetween(log, first, last).map((row, i) => (
        // Keyed by place in the window, not by line: as a flood moves the window down a row each few
        // lines, React then rewrites the text of the rows it has instead of making new ones.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <span className="output-row" key={i}>
          {row.kind === "marker" ? <Marker log={log} /> : row.line.map(segment)}
        </span>
      ))}
      <span className="output-spacer" style={{ height: (count - last) * ROW_PX }} />
      {after}
    </pre>
  );
}
