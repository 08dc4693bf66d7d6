import { describe, expect, it } from "vitest";
import { HISTORY_KEY, HISTORY_LIMIT, keepInHistory, readHistory, titleOf } from "./history";
import { JOURNAL_KEY, newest, readJournal, writeJournal } from "./journal";
import type { Work } from "./workspace";

/** A Storage stand-in holding at most `room` characters, refusing writes past it as a full localStorage does. */
function store(room = Number.POSITIVE_INFINITY) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (v.length > room) throw new DOMException("full", "QuotaExceededError");
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
  };
}

const work = (source: string): Work => ({ source, stdin: "", opt: "-O2" });

describe("the history of earlier programs", () => {
  it("keeps programs newest first, titled by their first line with text", () => {
    const s = store();
    keepInHistory(work("\n// one\nfn main() {}\n"), 1000, s);
    keepInHistory(work("fn main() { two() }\n"), 2000, s);
    const entries = readHistory(s);
    expect(entries.map((e) => e.title)).toEqual(["fn main() { two() }", "// one"]);
    expect(entries.map((e) => e.at)).toEqual([2000, 1000]);
  });

  it("moves a program kept again to the top instead of listing it twice", () => {
    const s = store();
    keepInHistory(work("a\n"), 1, s);
    keepInHistory(work("b\n"), 2, s);
    keepInHistory(work("a\n"), 3, s);
    expect(readHistory(s).map((e) => e.work.source)).toEqual(["a\n", "b\n"]);
  });

  it(`keeps the last ${HISTORY_LIMIT} (at least 20), dropping the oldest`, () => {
    const s = store();
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) keepInHistory(work(`p${i}\n`), i, s);
    const entries = readHistory(s);
    expect(entries.length).toBe(HISTORY_LIMIT);
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(20);
    expect(entries[0].work.source).toBe(`p${HISTORY_LIMIT + 4}\n`);
    expect(entries.at(-1)?.work.source).toBe("p5\n");
  });

  it("gives distinct times to programs kept in the same millisecond", () => {
    const s = store();
    keepInHistory(work("a"), 5, s);
    keepInHistory(work("b"), 5, s);
    expect(readHistory(s).map((e) => e.at)).toEqual([6, 5]);
  });

  it("drops the oldest entries when storage is full, and keeps the newest program", () => {
    const s = store(400);
    for (let i = 0; i < 10; i++) keepInHistory(work(`${String(i).repeat(60)}\n`), i, s);
    const entries = readHistory(s);
    expect(entries[0].work.source.startsWith("9")).toBe(true);
    expect(entries.length).toBeLessThan(10);
  });

  it("reads a damaged history as empty and names files beside the entry file in the title", () => {
    const s = store();
    s.setItem(HISTORY_KEY, "{not json");
    expect(readHistory(s)).toEqual([]);
    s.setItem(HISTORY_KEY, JSON.stringify([{ at: "x" }, null]));
    expect(readHistory(s)).toEqual([]);
    expect(
      titleOf({
        ...work("fn main() {}"),
        files: { names: ["main.pith", "util.pith"], active: "main.pith", stored: {} },
      }),
    ).toBe("fn main() {} (+1 files)");
  });
});

describe("the journal", () => {
  it("round-trips and wins over an older IndexedDB copy, loses to a newer one", () => {
    const s = store();
    writeJournal({ at: 10, workspace: work("journal") }, s);
    const journal = readJournal(s);
    expect(journal?.workspace.source).toBe("journal");
    expect(newest(journal, { ...work("idb"), savedAt: 5 })?.source).toBe("journal");
    expect(newest(journal, work("idb, saved before stamps"))?.source).toBe("journal");
    expect(newest(journal, { ...work("idb"), savedAt: 11 })?.source).toBe("idb");
    expect(newest(undefined, work("idb"))?.source).toBe("idb");
  });

  it("is removed, not left stale, when storage refuses a write", () => {
    const s = store(200);
    writeJournal({ at: 1, workspace: work("short") }, s);
    writeJournal({ at: 2, workspace: work("x".repeat(500)) }, s);
    expect(s.items.has(JOURNAL_KEY)).toBe(false);
    expect(readJournal(s)).toBeUndefined();
  });
});
