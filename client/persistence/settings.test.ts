import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, parseSettings } from "./settings";

describe("parseSettings", () => {
  it("keeps every valid field", () => {
    const s = { theme: "dark", fontSize: 18, wordWrap: true, vim: true };
    expect(parseSettings(s)).toEqual(s);
  });

  it("replaces each invalid field by its default and keeps the others", () => {
    expect(parseSettings({ theme: "sepia", fontSize: 99, wordWrap: "yes", vim: true })).toEqual({
      ...DEFAULT_SETTINGS,
      vim: true,
    });
    expect(parseSettings({ fontSize: 12.5 }).fontSize).toBe(DEFAULT_SETTINGS.fontSize);
  });

  it("gives the defaults for nothing stored or a non-object", () => {
    expect(parseSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings("dark")).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
  });
});
