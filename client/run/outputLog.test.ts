// What the output pane keeps of a run: both ends, whole lines, a count of what
// is between them, and everything for the download.
import { describe, expect, it } from "vitest";
import { describeOmitted, type Line, OutputLog, stripAnsi, utf8Length } from "./outputLog";

const text = (line: Line) => line.map((s) => s.text).join("");

function tailTexts(log: OutputLog): string[] {
  const out: string[] = [];
  for (let i = 0; i < log.tailLength; i++) out.push(text(log.tailAt(i)));
  return out;
}

describe("OutputLog", () => {
  it("keeps a short output whole, in lines, with the stream of every part", () => {
    const log = new OutputLog();
    log.append("stdout", "answer 4");
    log.append("stdout", "2\n\nnext");
    log.append("stderr", " err\n");
    expect(log.head.map(text)).toEqual(["answer 42", "", "next err"]);
    expect(log.head[1]).toEqual([{ stream: "stdout", text: "" }]);
    expect(log.head[2]).toEqual([
      { stream: "stdout", text: "next" },
      { stream: "stderr", text: " err" },
    ]);
    expect(log.cut).toBe(false);
    expect(log.partial()).toBeUndefined();
    expect(log.wholeText()).toBe("answer 42\n\nnext err\n");
  });

  it("keeps the first and the last lines of a flood, whole, and counts the lines between", () => {
    const log = new OutputLog({ headBytes: 100, tailBytes: 200, downloadBytes: 1 << 20 });
    let all = "";
    for (let i = 0; i < 100_000; i++) {
      const line = `${i}\n`;
      all += line;
      log.append(i % 7 === 0 ? "stderr" : "stdout", line);
    }
    const head = log.head.map(text);
    const tail = tailTexts(log);
    expect(head[0]).toBe("0");
    expect(tail.at(-1)).toBe("99999");
    // Whole lines on both sides: the head ends and the tail starts at consecutive numbers with a gap.
    const lastHead = Number(head.at(-1));
    const firstTail = Number(tail[0]);
    expect(head).toEqual(Array.from({ length: lastHead + 1 }, (_, i) => String(i)));
    expect(tail).toEqual(Array.from({ length: 100_000 - firstTail }, (_, i) => String(firstTail + i)));
    expect(log.omittedLines).toBe(firstTail - lastHead - 1);
    expect(log.head.length + log.omittedLines + log.tailLength).toBe(100_000);
    expect(log.totalLines).toBe(100_000);
    let omittedBytes = 0;
    for (let i = lastHead + 1; i < firstTail; i++) omittedBytes += `${i}\n`.length;
    expect(log.omittedBytes).toBe(omittedBytes);
    expect(log.cut).toBe(true);
    expect(log.wholeText()).toBe(all);
    expect(log.downloadCut).toBe(false);
  });

  it("says when even the download could not keep everything", () => {
    const log = new OutputLog({ headBytes: 10, tailBytes: 10, downloadBytes: 50 });
    for (let i = 0; i < 100; i++) log.append("stdout", "0123456789\n");
    expect(log.downloadCut).toBe(true);
    expect(log.wholeText()).toMatch(
      /^(0123456789\n){4}\n\[the output went on past 50 bytes; the rest is not kept\]\n$/,
    );
  });

  it("breaks a line that never ends, so one endless line cannot fill the memory", () => {
    const log = new OutputLog({ headBytes: 1 << 20, tailBytes: 1 << 20, downloadBytes: 1 << 22 });
    for (let i = 0; i < 100; i++) log.append("stdout", "x".repeat(10_000));
    expect(log.totalLines).toBeGreaterThan(10);
    expect(Math.max(...log.head.map((l) => text(l).length))).toBeLessThanOrEqual(64 * 1024);
    expect(text(log.partial() ?? []).length).toBeLessThanOrEqual(64 * 1024);
  });

  it("drops ANSI escape codes instead of showing them", () => {
    expect(stripAnsi("\x1b[31mred\x1b[0m plain \x1b[1;32mbold\x1b[m")).toBe("red plain bold");
    const log = new OutputLog();
    log.append("stdout", "\x1b[33mwarn\x1b[0m\n");
    expect(log.head.map(text)).toEqual(["warn"]);
  });

  it("counts UTF-8 bytes and writes the marker's counts as a person reads them", () => {
    expect(utf8Length("aé€😀")).toBe(1 + 2 + 3 + 4);
    expect(describeOmitted(45_008, 3_215_000)).toBe("45,008 lines (3.2 MB)");
    expect(describeOmitted(1, 12)).toBe("1 line (12 B)");
  });
});
