import { describe, expect, it } from "vitest";
import { type KeyLike, pageAction } from "./pageShortcuts";

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  defaultPrevented: false,
  target: null,
  ...mods,
});

describe("pageAction", () => {
  it("never takes a key a program can contain, with or without Shift", () => {
    for (const k of ["?", "/", "#", "{", "}", "\\", "@", "a", "Tab", " "])
      for (const shiftKey of [false, true]) expect(pageAction(key(k, { shiftKey }), true), k).toBeUndefined();
  });

  it("runs on Ctrl+Enter or Cmd+Enter, unless the editor already handled it", () => {
    expect(pageAction(key("Enter", { ctrlKey: true }), false)).toBe("run");
    expect(pageAction(key("Enter", { metaKey: true }), false)).toBe("run");
    expect(pageAction(key("Enter", { ctrlKey: true, defaultPrevented: true }), false)).toBeUndefined();
    expect(pageAction(key("Enter"), false)).toBeUndefined();
  });

  it("opens the help on Shift+F1 and on F1 outside the editor; Escape stops a running program", () => {
    expect(pageAction(key("F1", { shiftKey: true }), false)).toBe("help");
    expect(pageAction(key("F1"), false)).toBe("help");
    expect(pageAction(key("F1", { ctrlKey: true }), false)).toBeUndefined();
    expect(pageAction(key("Escape"), true)).toBe("stop");
    expect(pageAction(key("Escape"), false)).toBeUndefined();
  });
});
