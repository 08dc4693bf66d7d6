// The executable's name for every native target: the program's name, and
// the target where it must be told apart.
import { describe, expect, it } from "vitest";
import { binaryName, programName } from "./binaryName";
import { RECIPES } from "./recipes";

describe("binaryName", () => {
  it("names every target's executable after the program", () => {
    const names = Object.fromEntries(Object.keys(RECIPES).map((t) => [t, binaryName("snake.pith", t)]));
    expect(names).toEqual({
      "linux-x64": "snake",
      "linux-x64-musl": "snake",
      "linux-arm64-musl": "snake-arm64",
      "linux-arm64-gnu": "snake-arm64",
      "linux-riscv64-musl": "snake-riscv64",
      "windows-x64": "snake.exe",
      "macos-x64": "snake-macos-x64",
      "macos-arm64": "snake-macos-arm64",
    });
    // Every name is one the artifact store and the download route accept.
    for (const name of Object.values(names)) expect(name).toMatch(/^[A-Za-z0-9_][A-Za-z0-9._-]*$/);
  });

  it("makes a plain name of any file name, main when nothing is left", () => {
    expect(programName("my game.pith")).toBe("my_game");
    expect(programName("dir/sub/util.pith")).toBe("util");
    expect(programName("..pith")).toBe("main");
    expect(programName("")).toBe("main");
    expect(binaryName("", "windows-x64")).toBe("main.exe");
  });
});
