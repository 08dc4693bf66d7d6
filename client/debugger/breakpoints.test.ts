// Breakpoints as the workspace keeps them and a share link carries them: set,
// edited, renamed with their file, checked when read back; a link with them
// opens them, and a link made before breakpoints existed still opens.
import { compressToEncodedURIComponent } from "lz-string";
import { describe, expect, it } from "vitest";
import { fromShared, toShared } from "../share/sharedWork";
import { readShareFragment, shareFragment } from "../share/shareLink";
import {
  checkedBreakpoints,
  editBreakpoint,
  forgetBreakpoints,
  renameBreakpoints,
  toggleBreakpoint,
} from "./breakpoints";

const SOURCE = "fn main() {\n    println(1)\n}\n";

describe("breakpoints per file", () => {
  it("toggles a line on and off, keeping lines in order, and forgets a file with none", () => {
    let all = toggleBreakpoint({}, "main.pith", 3);
    all = toggleBreakpoint(all, "main.pith", 1);
    all = toggleBreakpoint(all, "util.pith", 2);
    expect(all).toEqual({ "main.pith": [{ line: 1 }, { line: 3 }], "util.pith": [{ line: 2 }] });
    all = toggleBreakpoint(all, "util.pith", 2);
    expect(all).toEqual({ "main.pith": [{ line: 1 }, { line: 3 }] });
  });

  it("gives a line a condition or a log message; emptied, it is a plain breakpoint again", () => {
    let all = editBreakpoint({}, "main.pith", 4, { condition: " i == 3 " });
    expect(all["main.pith"]).toEqual([{ line: 4, condition: "i == 3" }]);
    all = editBreakpoint(all, "main.pith", 4, { log: "i is {i}" });
    expect(all["main.pith"]).toEqual([{ line: 4, log: "i is {i}" }]);
    all = editBreakpoint(all, "main.pith", 4, { condition: "" });
    expect(all["main.pith"]).toEqual([{ line: 4 }]);
  });

  it("follows a renamed file and goes with a closed one", () => {
    expect(renameBreakpoints({ "a.pith": [{ line: 2 }] }, "a.pith", "b.pith")).toEqual({ "b.pith": [{ line: 2 }] });
    expect(forgetBreakpoints({ "a.pith": [{ line: 2 }], "b.pith": [{ line: 1 }] }, "a.pith")).toEqual({
      "b.pith": [{ line: 1 }],
    });
  });

  it("keeps what is well formed from storage or a link and drops the rest", () => {
    expect(
      checkedBreakpoints({
        "main.pith": [{ line: 2 }, { line: 0 }, { line: 2.5 }, { line: 3, condition: 7 }, "x", { line: 2 }],
        "b.pith": "not a list",
        "c.pith": [{ line: 5, log: "at {i}", condition: "i > 1" }],
      }),
    ).toEqual({ "main.pith": [{ line: 2 }], "c.pith": [{ line: 5, log: "at {i}", condition: "i > 1" }] });
    expect(checkedBreakpoints([{ line: 1 }])).toBeUndefined();
    expect(checkedBreakpoints({ "main.pith": [] })).toBeUndefined();
  });
});

describe("breakpoints in share links", () => {
  it("travel in a link and open with the program", () => {
    const breakpoints = { "main.pith": [{ line: 2, condition: "x == 1" }] };
    const hash = shareFragment(toShared({ source: SOURCE, stdin: "", opt: "-O2", breakpoints }));
    expect(hash.startsWith("#w=")).toBe(true);
    const shared = readShareFragment(hash);
    expect(shared && fromShared(shared, "-O2").breakpoints).toEqual(breakpoints);
  });

  it("leave a link without them in the older one-file form, which still opens", () => {
    const hash = shareFragment(toShared({ source: SOURCE, stdin: "", opt: "-O2" }));
    expect(hash.startsWith("#code=")).toBe(true);
    const old = `#code=${compressToEncodedURIComponent(SOURCE)}`;
    const shared = readShareFragment(old);
    expect(shared?.source).toBe(SOURCE);
    expect(shared && fromShared(shared, "-O2").breakpoints).toBeUndefined();
  });

  it("with damaged breakpoints still open the program, without them", () => {
    const hash = `#w=${compressToEncodedURIComponent(JSON.stringify({ source: SOURCE, breakpoints: { "main.pith": "?" } }))}`;
    const shared = readShareFragment(hash);
    expect(shared?.source).toBe(SOURCE);
    expect(shared?.breakpoints).toBeUndefined();
  });
});
