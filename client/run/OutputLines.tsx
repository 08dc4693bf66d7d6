// The lines of a run's output as the pane draws them. A short output is one
// <pre> of text (copyable, wrapping, exactly what was printed); a long one is
// virtualised: rows of one fixed height, and only those on screen (plus a
// margin) are in the DOM, so a million lines cost the page a screenful. Both
// ends are kept (outputLog.ts), with a marker row between them saying how much
// is not shown and offering the whole output as a download.
import { memo, type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { describeOmitted, type Segment } from "./outputLog";
import { type OutputView, PLAIN_ROWS, type ViewRow } from "./outputProtocol";
import type { OutputStore } from "./outputStore";

/** Height of a row in the virtualised view, in px (the CSS of `.output.virtual` uses the same). */
export const ROW_PX = 18;
/** Rows drawn above and below the visible ones, so a scroll does not show blanks. */
const OVERSCAN = 30;
/** Following the end there is nothing below: a few rows above are enough. */
const FOLLOW_OVERSCAN = 4;

/** The row the view holds at index i, or undefined while the worker has not sent it yet (drawn blank). */
function viewRow(view: OutputView, i: number): ViewRow | undefined {
  return view.rows[i - view.from];
}

export async function downloadOutput(store: OutputStore): Promise<void> {
  const url = URL.createObjectURL(await store.download());
  const a = document.createElement("a");
  a.href = url;
  a.download = "output.txt";
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Marker({ view, store }: { view: OutputView; store: OutputStore }) {
  return (
    <span className="output-marker stream-system" data-testid="output-marker">
      … {describeOmitted(view.omittedLines, view.omittedBytes)} not shown …{" "}
      <DownloadButton view={view} store={store} testId="output-download" />
    </span>
  );
}

function DownloadButton({ view, store, testId }: { view: OutputView; store: OutputStore; testId: string }) {
  return (
    <button type="button" className="link" onClick={() => void downloadOutput(store)} data-testid={testId}>
      Download all output{view.downloadCut ? " (cut too: it was too large to keep)" : ""}
    </button>
  );
}

/**
 * Above the lines while some are left out: the marker row itself is in the
 * middle of the output, out of sight when the view follows the end.
 */
export function OutputCutNotice({ view, store }: { view: OutputView; store: OutputStore }) {
  if (!view.cut) return null;
  return (
    <p className="output-cut" data-testid="output-cut" role="status">
      {describeOmitted(view.omittedLines, view.omittedBytes)} in the middle are not shown.{" "}
      <DownloadButton view={view} store={store} testId="output-cut-download" />
    </p>
  );
}

type LineRow = Extract<ViewRow, { kind: "line" }>;

/**
 * One line of a short output. The rows a view keeps from the one before are
 * the same objects (outputStore.ts), so a growing output draws only its new
 * rows, not every row again at each batch.
 */
const PlainRow = memo(function PlainRow({ row, segment }: { row: LineRow; segment: OutputLinesProps["segment"] }) {
  return (
    <span>
      {row.line.map((s, j) => segment(row.end && j === row.line.length - 1 ? { ...s, text: `${s.text}\n` } : s, j))}
    </span>
  );
});

export interface OutputLinesProps {
  view: OutputView;
  store: OutputStore;
  /** Draws one segment (stderr gets its source locations as links); the same function from render to render, or every row is drawn again. */
  segment: (segment: Segment, key: number) => ReactNode;
  /** Rows after the output (compile errors), drawn in both modes. */
  after?: ReactNode;
  scroller: RefObject<HTMLPreElement | null>;
}

export function OutputLines({ view: output, store, segment, after, scroller }: OutputLinesProps) {
  const { count, version } = output;
  const virtual = count > PLAIN_ROWS;
  /** Where the user scrolled to (used while not following the end) and the window's height. */
  const [view, setView] = useState({ top: 0, height: 600 });
  /** Whether the view follows new output (the user has not scrolled up). */
  const follow = useRef(true);
  /** Where following last scrolled to: its own scroll event says nothing about the user. */
  const followedTo = useRef(-1);
  const [following, setFollowing] = useState(true);
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

  const shown = Math.ceil(view.height / ROW_PX);
  const top = following ? Math.max(0, count * ROW_PX - view.height) : view.top;
  const first = following
    ? Math.max(0, count - shown - FOLLOW_OVERSCAN)
    : Math.max(0, Math.floor(top / ROW_PX) - OVERSCAN);
  const last = following ? count : Math.min(count, Math.ceil((top + view.height) / ROW_PX) + OVERSCAN);

  // The worker sends only the rows asked for: the last ones while following, else those around the scroll position.
  const wanted = following ? `last ${shown + FOLLOW_OVERSCAN}` : `${first}-${last}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `wanted` names the window; asked again only when it changes
  useEffect(() => {
    if (following) store.show({ follow: true, rows: shown + FOLLOW_OVERSCAN });
    else store.show({ follow: false, first, last });
  }, [store, wanted]);

  const onScroll = () => {
    const pre = scroller.current;
    // Its event comes a frame later, when more output may have made the end move on: only the
    // user's scrolls decide whether to follow.
    if (!pre || (follow.current && pre.scrollTop === followedTo.current)) return;
    const wasFollowing = follow.current;
    follow.current = pre.scrollTop + pre.clientHeight >= pre.scrollHeight - ROW_PX;
    if (follow.current !== wasFollowing) setFollowing(follow.current);
    // Following, the rows drawn are the last ones whatever the position says, so the scroll that
    // following itself makes every frame draws nothing again; the user's scrolls do.
    if (virtual && !(wasFollowing && follow.current)) showView(pre);
  };

  const lineOf = (row: ViewRow | undefined) =>
    row === undefined ? null : row.kind === "marker" ? <Marker view={output} store={store} /> : row.line.map(segment);

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
        {output.rows.map((row, i) =>
          row.kind === "marker" ? (
            <span key="marker">
              {lineOf(row)}
              {"\n"}
            </span>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are only appended while the output is short
            <PlainRow key={i} row={row} segment={segment} />
          ),
        )}
        {after}
      </pre>
    );
  }

  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++)
    rows.push(
      // Keyed by place in the window, not by line: as a flood moves the window down a row each few
      // lines, React then rewrites the text of the rows it has instead of making new ones.
      <span className="output-row" key={i - first}>
        {lineOf(viewRow(output, i))}
      </span>,
    );
  return (
    <pre
      ref={scroller}
      className="output virtual"
      data-testid="output"
      data-rows={count}
      data-marker-row={output.cut ? output.headLength : undefined}
      role="log"
      aria-live="off"
      aria-label="Program output"
      onScroll={onScroll}
    >
      <span className="output-spacer" style={{ height: first * ROW_PX }} />
      {rows}
      <span className="output-spacer" style={{ height: (count - last) * ROW_PX }} />
      {after}
    </pre>
  );
}
