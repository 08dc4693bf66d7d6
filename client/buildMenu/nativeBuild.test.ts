import { describe, expect, it } from "vitest";
import { runNote, type Target } from "./nativeBuild";

const target = (id: string, group: string): Target => ({ id, group, label: id, endpoint: `/build/${id}` });

describe("how to run a native download", () => {
  it("says to chmod +x on Linux and macOS, and about the quarantine on macOS only", () => {
    expect(runNote(target("linux-x64", "linux"), "game-linux-x64")).toContain("chmod +x game-linux-x64");
    expect(runNote(target("linux-x64", "linux"), "g")).not.toContain("quarantine");
    const mac = runNote(target("macos-arm64", "macos"), "g");
    expect(mac).toContain("chmod +x g");
    expect(mac).toContain("xattr -d com.apple.quarantine g");
    expect(runNote(target("windows-x64", "windows"), "g.exe")).toBeUndefined();
  });
});
