import { describe, expect, it } from "vitest";
import {
  addFile,
  closeFile,
  freshName,
  initialFiles,
  NEW_FILE_SOURCE,
  nameProblem,
  renameFile,
  switchTo,
  withExtension,
} from "./files";

describe("several named files", () => {
  it("a new file opens beside the current one, which keeps its text", () => {
    const { files, source } = addFile(initialFiles(), "main text");
    expect(files.names).toEqual(["main.pith", "untitled.pith"]);
    expect(files.active).toBe("untitled.pith");
    expect(source).toBe(NEW_FILE_SOURCE);
    expect(files.stored).toEqual({ "main.pith": "main text" });
    expect(freshName(files)).toBe("untitled-2.pith");
  });

  it("switching stores the editor's text and brings back the other file's", () => {
    const added = addFile(initialFiles(), "main text");
    const back = switchTo(added.files, "new text", "main.pith");
    expect(back.source).toBe("main text");
    expect(back.files.stored).toEqual({ "untitled.pith": "new text" });
    expect(switchTo(back.files, "main text", "untitled.pith").source).toBe("new text");
  });

  it("renaming keeps the text whether the file is in the editor or not", () => {
    const added = addFile(initialFiles(), "main text");
    const renamedActive = renameFile(added.files, "untitled.pith", "sort.pith");
    expect(renamedActive.active).toBe("sort.pith");
    const renamedStored = renameFile(renamedActive, "main.pith", "app.pith");
    expect(renamedStored.names).toEqual(["app.pith", "sort.pith"]);
    expect(renamedStored.stored).toEqual({ "app.pith": "main text" });
  });

  it("refuses names that are not .pith file names or are taken", () => {
    const files = addFile(initialFiles(), "").files;
    expect(nameProblem(files, "a b.pith")).toMatch(/not a file name/);
    expect(nameProblem(files, "notes.txt")).toMatch(/ending in \.pith/);
    expect(nameProblem(files, "main.pith")).toMatch(/already open/);
    expect(nameProblem(files, "main.pith", "main.pith")).toBeUndefined();
    expect(nameProblem(files, "lib_2.pith")).toBeUndefined();
  });

  it("closing the file in the editor shows its neighbour; the last file stays", () => {
    const added = addFile(initialFiles(), "main text");
    const closed = closeFile(added.files, "new text", "untitled.pith");
    expect(closed.files).toEqual({ names: ["main.pith"], active: "main.pith", stored: {} });
    expect(closed.source).toBe("main text");
    expect(closeFile(closed.files, "main text", "main.pith").files.names).toEqual(["main.pith"]);
  });

  it("closing a file not in the editor deletes only its text", () => {
    const added = addFile(initialFiles(), "main text");
    const closed = closeFile(added.files, "new text", "main.pith");
    expect(closed.files).toEqual({ names: ["untitled.pith"], active: "untitled.pith", stored: {} });
    expect(closed.source).toBe("new text");
  });

  it("a name typed without an extension gets .pith; one with another extension is kept, and refused", () => {
    expect(withExtension("util")).toBe("util.pith");
    expect(withExtension("  util ")).toBe("util.pith");
    expect(withExtension("util.pith")).toBe("util.pith");
    expect(withExtension("notes.txt")).toBe("notes.txt");
    expect(nameProblem(initialFiles(), withExtension("notes.txt"))).toContain("ending in .pith");
    expect(withExtension("")).toBe("");
  });
});
