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

describe("OutputLog, told what follows", () => {
  /** Whole lines in `chunk` (up to its last newline): what a queue can promise about text it holds. */
  const wholeLines = (chunk: string) => chunk.lastIndexOf("\n") + 1;

  // As one string: comparing thousands of small objects deeply is slow.
  function state(log: OutputLog): string {
    const tail: Line[] = [];
    for (let i = 0; i < log.tailLength; i++) tail.push(log.tailAt(i));
    return JSON.stringify({
      head: log.head,
      tail,
      partial: log.partial(),
      omittedLines: log.omittedLines,
      omittedBytes: log.omittedBytes,
      totalLines: log.totalLines,
      whole: log.wholeText(),
    });
  }

  // A small seeded generator, so a failure can be replayed.
  function random(seed: number) {
    let s = seed;
    return (n: number) => {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      return s % n;
    };
  }

  it("ends exactly as adding every line one by one, for floods of short, long, unfinished and non-ASCII lines", () => {
    const pieces = ["line", "é€", "😀", "", "x".repeat(70_000), "y".repeat(65_536), "\x1b[31mred\x1b[0m"];
    for (let seed = 1; seed <= 12; seed++) {
      const next = random(seed);
      const chunks: { stream: "stdout" | "stderr"; text: string }[] = [];
      for (let c = 0; c < 30; c++) {
        let text = "";
        const n = next(300);
        for (let i = 0; i < n; i++) {
          const piece = next(50) === 0 ? pieces[next(pieces.length)] : `${c}:${i}`;
          text += next(30) === 0 ? piece : `${piece}\n`;
        }
        chunks.push({ stream: next(5) === 0 ? "stderr" : "stdout", text });
      }
      const limits = { headBytes: 300 + next(3000), tailBytes: 200 + next(20_000), downloadBytes: 1 << 24 };
      const oneByOne = new OutputLog(limits);
      const told = new OutputLog(limits);
      for (const [i, chunk] of chunks.entries()) {
        oneByOne.append(chunk.stream, chunk.text);
        // Escape codes are dropped before lines are cut, so a chunk holding one promises nothing.
        const following = chunks
          .slice(i + 1)
          .reduce((n, later) => n + (later.text.includes("\x1b") ? 0 : wholeLines(later.text)), 0);
        told.append(chunk.stream, chunk.text, following);
      }
      expect(state(told) === state(oneByOne), `seed ${seed}`).toBe(true);
    }
  });

  it("cuts none of the left-out lines into rows", () => {
    const log = new OutputLog({ headBytes: 100, tailBytes: 100, downloadBytes: 1 << 20 });
    const flood = Array.from({ length: 10_000 }, (_, i) => `${i}\n`).join("");
    log.append("stdout", flood.slice(0, 1000), flood.length - 1000);
    log.append("stdout", flood.slice(1000));
    expect(log.totalLines).toBe(10_000);
    expect(log.head.length + log.omittedLines + log.tailLength).toBe(10_000);
    expect(text(log.tailAt(log.tailLength - 1))).toBe("9999");
  });
});
