import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { internalNames, moduleSummary, parseModule, stdlib } from "./stdlibSymbols";

describe("standard-library names for completion and hover", () => {
  it("lists every module in lang/stdlib, so new modules appear without a change in the client", () => {
    const files = readdirSync(new URL("../../lang/stdlib/", import.meta.url)).filter((f) => f.endsWith(".pith"));
    expect(
      stdlib()
        .modules.map((m) => m.path)
        .sort(),
    ).toEqual(files.map((f) => `std.${f.replace(/\.pith$/, "")}`).sort());
  });

  it("reads a module's //! header as its doc without the marker, and its summary without the module's name, one sentence", () => {
    const { module } = parseModule("std.demo", "//! std.demo: sorting and\n//! searching. More text.\nfn f() {}\n");
    expect(module.doc).toBe("std.demo: sorting and\nsearching. More text.");
    expect(moduleSummary(module)).toBe("sorting and searching.");
    const array = stdlib().modules.find((m) => m.path === "std.array");
    expect(array && moduleSummary(array)).toMatch(/^[a-z]/);
  });

  it("reads /// doc comments above a function without the third slash", () => {
    const { symbols } = parseModule(
      "std.demo",
      "/// Sorts the array.\n/// Stable.\npub fn sort(xs: [i64]) -> [i64] {\n    xs\n}\n",
    );
    expect(symbols[0].doc).toBe("Sorts the array.\nStable.");
  });

  it("reads a function's signature and the comment above it, and a constant's type", () => {
    const { module, symbols } = parseModule(
      "std.demo",
      "// std.demo: a module.\n\n// Rounds half away from zero.\n// Like C's round().\nfn round(x: f64) -> f64 {\n    x\n}\n\nconst PI: f64 = 3.14\n",
    );
    expect(module.doc).toBe("std.demo: a module.");
    expect(symbols).toEqual([
      {
        module: "demo",
        name: "round",
        kind: "function",
        signature: "fn round(x: f64) -> f64",
        doc: "Rounds half away from zero.\nLike C's round().",
      },
      { module: "demo", name: "PI", kind: "constant", signature: "const PI: f64", doc: "" },
    ]);
  });

  it("offers std.math.sqrt with its signature, and the prelude's println", () => {
    expect(stdlib().symbols.find((s) => s.module === "math" && s.name === "sqrt")?.signature).toBe(
      "fn sqrt(x: f64) -> f64",
    );
    expect(stdlib().symbols.find((s) => s.module === "" && s.name === "println")).toBeDefined();
  });

  it("tells a module's `// internal` helpers from its public names: math.exp_parts and math.reduce are not offered", () => {
    const hidden = internalNames("math");
    expect(hidden).toContain("exp_parts");
    expect(hidden).toContain("reduce");
    expect(hidden).not.toContain("exp");
    expect(hidden).not.toContain("sqrt");
    const { symbols } = parseModule("std.demo", "// internal\nfn helper() {}\n/// Public.\nfn api() {}\n");
    expect(symbols.map((s) => [s.name, s.internal ?? false])).toEqual([
      ["helper", true],
      ["api", false],
    ]);
  });
});
