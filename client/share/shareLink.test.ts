import { compressToEncodedURIComponent } from "lz-string";
import { describe, expect, it } from "vitest";
import { fromShared, sameWork, toShared } from "./sharedWork";
import { readShareFragment, readShortId, shareFragment } from "./shareLink";

describe("share links in the URL fragment", () => {
  it("carry a one-file program and its prepared input there and back, in the form older pages read", () => {
    const program = { source: 'fn main() {\n    println("héllo {1 + 2}")\n}\n', stdin: "a line\n" };
    const fragment = shareFragment(program);
    expect(fragment).toMatch(/^#code=[^&]+&stdin=/);
    expect(readShareFragment(fragment)).toEqual(program);
  });

  it("carry a whole workspace: every file, the entry, the level and stdin", () => {
    const workspace = {
      source: "import util\nfn main() {}\n",
      stdin: "in\n",
      files: [
        { name: "main.pith", source: "import util\nfn main() {}\n" },
        { name: "util.pith", source: "pub fn f() {}\n" },
      ],
      entry: "main.pith",
      opt: "-O3" as const,
    };
    const fragment = shareFragment(workspace);
    expect(fragment).toMatch(/^#w=/);
    expect(readShareFragment(fragment)).toEqual(workspace);
  });

  it("survive a URL parser that turns + into a space", () => {
    const fragment = shareFragment({ source: "x".repeat(200) });
    expect(readShareFragment(fragment.replaceAll("+", " "))?.source).toBe("x".repeat(200));
  });

  it("read as no program when the fragment holds none or is damaged", () => {
    expect(readShareFragment("")).toBeUndefined();
    expect(readShareFragment("#section-2")).toBeUndefined();
    expect(readShareFragment("#code=%%%not-lz")).toBeUndefined();
    expect(readShareFragment("#w=%%%not-lz")).toBeUndefined();
    // Well-formed JSON that is not a workspace: an entry that is not one of the files.
    const bad = (value: unknown) => shareFragment({ source: "x", opt: "-O2", ...(value as object) });
    expect(readShareFragment(bad({ files: [{ name: "a.pith", source: "x" }], entry: "b.pith" }))).toBeUndefined();
  });

  it("open the program of a link at every level the server stores, and drop a level nobody knows", async () => {
    const { OPT_LEVELS } = await import("../../protocol/optLevels");
    const { OPT_LEVELS: menu } = await import("../compiler/compile");
    const at = (opt: unknown) =>
      readShareFragment(`#w=${compressToEncodedURIComponent(JSON.stringify({ source: "x", opt }))}`);
    for (const level of OPT_LEVELS) {
      const opened = at(level);
      expect(opened?.source).toBe("x");
      // It opens at a level the playground's own menu offers (-Oz compiles as -Os).
      expect(menu as readonly string[]).toContain(opened?.opt);
    }
    expect(at("-Oz")?.opt).toBe("-Os");
    for (const unknown of ["-O9", "", 3, null]) expect(at(unknown)).toMatchObject({ source: "x", opt: undefined });
  });

  it("name short links by their 32-hex-digit id only", () => {
    expect(readShortId("#s=0123456789abcdef0123456789abcdef")).toBe("0123456789abcdef0123456789abcdef");
    expect(readShortId("#s=../../etc")).toBeUndefined();
    expect(readShortId("#code=abc")).toBeUndefined();
  });
});

describe("the page's workspace and a shared one", () => {
  const files = { names: ["main.pith", "util.pith"], active: "util.pith", stored: { "main.pith": "MAIN" } };

  it("share the entry file and every other, whichever is in the editor", () => {
    const shared = toShared({ source: "UTIL", stdin: "", opt: "-O3", files });
    expect(shared).toEqual({
      source: "MAIN",
      stdin: undefined,
      files: [
        { name: "main.pith", source: "MAIN" },
        { name: "util.pith", source: "UTIL" },
      ],
      entry: "main.pith",
      opt: "-O3",
    });
    // Opened, the entry file is in the editor and the other waits in its tab.
    const opened = fromShared(shared, "-O2");
    expect(opened).toEqual({
      source: "MAIN",
      stdin: "",
      opt: "-O3",
      files: { names: ["main.pith", "util.pith"], active: "main.pith", stored: { "util.pith": "UTIL" } },
    });
    expect(sameWork(opened, { source: "UTIL", stdin: "", opt: "-O2", files })).toBe(true);
    expect(sameWork(opened, { source: "OTHER", stdin: "", opt: "-O2", files })).toBe(false);
  });

  it("leave the default level out of a one-file link", () => {
    expect(toShared({ source: "S", stdin: "", opt: "-O2" })).toEqual({ source: "S", stdin: undefined, opt: undefined });
    expect(toShared({ source: "S", stdin: "", opt: "-Os" }).opt).toBe("-Os");
  });
});
