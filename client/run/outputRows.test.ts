// The rows the output worker sends the page: all of a short output, and of a
// long one only the window the pane draws, with the marker row in its place.
import { describe, expect, it } from "vitest";
import { OutputLog } from "./outputLog";
import { PLAIN_ROWS, type ViewRow } from "./outputProtocol";
import { settledRows, viewOf } from "./outputRows";

const text = (row: ViewRow) => (row.kind === "marker" ? "<marker>" : row.line.map((s) => s.text).join(""));

function printed(lines: number, limits?: ConstructorParameters<typeof OutputLog>[0]): OutputLog {
  const log = new OutputLog(limits);
  for (let i = 0; i < lines; i++) log.append("stdout", `line ${i}\n`);
  return log;
}

describe("viewOf", () => {
  it("sends every row of a short output, whatever window the pane asked for", () => {
    const log = printed(10);
    log.append("stderr", "half");
    const view = viewOf(log, { follow: false, first: 3, last: 4 }, 7, false);
    expect(view).toMatchObject({ run: 7, count: 11, from: 0, cut: false, ended: false });
    expect(view.rows.map(text)).toEqual([...Array.from({ length: 10 }, (_, i) => `line ${i}`), "half"]);
    expect(view.rows[10]).toEqual({ kind: "line", line: [{ stream: "stderr", text: "half" }], end: false });
  });

  it("sends the last rows of a long output while the pane follows the end", () => {
    const log = printed(PLAIN_ROWS + 500);
    const view = viewOf(log, { follow: true, rows: 40 }, 1, true);
    expect(view.count).toBe(PLAIN_ROWS + 500);
    expect(view.from).toBe(PLAIN_ROWS + 460);
    expect(view.rows.map(text)).toEqual(Array.from({ length: 40 }, (_, i) => `line ${PLAIN_ROWS + 460 + i}`));
    expect(view.ended).toBe(true);
  });

  it("sends the asked window, clipped to the output, with the marker row between head and tail", () => {
    // 100-byte head and 200-byte tail: lines of 7–10 bytes, so most are only counted.
    const log = printed(5000, { headBytes: 100, tailBytes: 200, downloadBytes: 1 << 20 });
    const all = viewOf(log, { follow: false, first: 0, last: 1_000_000 }, 1, false);
    expect(all.cut).toBe(true);
    // A short output after the cut: every row is sent, the marker among them at the head's end.
    expect(all.rows.map(text)[all.headLength]).toBe("<marker>");
    expect(all.rows.map(text)[0]).toBe("line 0");
    expect(all.rows.map(text).at(-1)).toBe("line 4999");
    expect(all.omittedLines + all.count - 1).toBe(5000);

    const long = printed(PLAIN_ROWS * 3);
    const window = viewOf(long, { follow: false, first: PLAIN_ROWS * 3 - 5, last: PLAIN_ROWS * 4 }, 1, false);
    expect(window.from).toBe(PLAIN_ROWS * 3 - 5);
    expect(window.rows).toHaveLength(5);
    const before = viewOf(long, { follow: false, first: -10, last: 3 }, 1, false);
    expect(before.from).toBe(0);
    expect(before.rows.map(text)).toEqual(["line 0", "line 1", "line 2"]);
  });

  it("sends a growing short output's new rows only, and its unfinished line again until it ends", () => {
    const log = printed(3);
    log.append("stdout", "four, half");
    const first = viewOf(log, { follow: true, rows: 40 }, 1, false);
    expect(first.kept).toBe(0);
    expect(first.rows.map(text)).toEqual(["line 0", "line 1", "line 2", "four, half"]);
    // The page holds the three finished lines; the unfinished one may still grow.
    expect(settledRows(log)).toBe(3);
    log.append("stdout", " done\nfive\n");
    const next = viewOf(log, { follow: true, rows: 40 }, 1, false, 3);
    expect(next).toMatchObject({ count: 5, from: 0, kept: 3 });
    expect(next.rows.map(text)).toEqual(["four, half done", "five"]);
    expect(next.rows.every((r) => r.kind === "line" && r.end)).toBe(true);
  });

  it("sends every row again once the output is cut or long: the rows the page holds may have moved", () => {
    const cut = printed(5000, { headBytes: 100, tailBytes: 200, downloadBytes: 1 << 20 });
    expect(settledRows(cut)).toBe(0);
    expect(viewOf(cut, { follow: true, rows: 40 }, 1, false, 20)).toMatchObject({ kept: 0 });
    const long = printed(PLAIN_ROWS + 1);
    expect(settledRows(long)).toBe(0);
    expect(viewOf(long, { follow: true, rows: 40 }, 1, false, PLAIN_ROWS)).toMatchObject({ kept: 0 });
  });
});
