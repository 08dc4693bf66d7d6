import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DARK_BACKGROUND, DARK_FOREGROUND, pithDarkTheme } from "./darkTheme";

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("the dark theme's contrast", () => {
  it("computes WCAG ratios (black on white is 21:1, a colour on itself 1:1)", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#6a9955", "#6a9955")).toBe(1);
    // The comment colour this theme replaced, for scale: below the line.
    expect(contrast("#608b4e", DARK_BACKGROUND)).toBeLessThan(4.5);
  });

  it("gives every token colour of the Monaco theme at least 4.5:1 against the background", () => {
    const colours = [
      ...pithDarkTheme.rules.map((r) => [r.token, `#${r.foreground}`]),
      ...Object.entries(pithDarkTheme.colors).filter(([name]) => name.endsWith("foreground")),
    ];
    expect(colours.map(([t]) => t)).toContain("comment");
    expect(pithDarkTheme.colors["editor.background"]).toBe(DARK_BACKGROUND);
    const low = colours.filter(([, c]) => contrast(c as string, DARK_BACKGROUND) < 4.5);
    expect(low).toEqual([]);
    expect(contrast(DARK_FOREGROUND, DARK_BACKGROUND)).toBeGreaterThan(4.5);
  });

  it("gives the early editor's dark token colours (app.css) at least 4.5:1 too, comments the same as Monaco's", () => {
    const css = readFileSync(new URL("../layout/app.css", import.meta.url), "utf8");
    const rules = [...css.matchAll(/((?:\.dark \.tok-[\w-]+,?\s*)+)\{\s*color:\s*(#[0-9a-f]{6})/gi)];
    expect(rules.length).toBeGreaterThanOrEqual(6);
    for (const [, selectors, colour] of rules)
      expect({ selectors: selectors.trim(), ratio: contrast(colour, DARK_BACKGROUND) >= 4.5 }).toEqual({
        selectors: selectors.trim(),
        ratio: true,
      });
    const comment = rules.find(([, s]) => s.includes("tok-comment"))?.[2];
    expect(comment).toBe(`#${pithDarkTheme.rules.find((r) => r.token === "comment")?.foreground}`);
  });
});
