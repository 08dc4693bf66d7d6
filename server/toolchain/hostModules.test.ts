import { describe, expect, it } from "vitest";
import { rejectHostModules } from "./hostModules";
import { RECIPES } from "./recipes";

const NATIVE = Object.keys(RECIPES);

describe("host modules by target", () => {
  it("allows canvas, audio and http on wasm", () => {
    expect(rejectHostModules(["std.canvas", "std.audio", "std.http", "std.math"], "wasm")).toEqual([]);
  });

  it("rejects canvas, audio and http on every native target, naming module and target", () => {
    for (const target of NATIVE) {
      const diagnostics = rejectHostModules(["std.math", "std.canvas", "std.audio", "std.http"], target);
      expect(diagnostics.map((d) => d.module)).toEqual(["std.canvas", "std.audio", "std.http"]);
      for (const d of diagnostics) {
        expect(d.target).toBe(target);
        expect(d.message).toContain(d.module);
        expect(d.message).toContain(target);
      }
    }
  });

  it("reports a module once, whatever part of it is imported", () => {
    const diagnostics = rejectHostModules(["std.canvas", "std.canvas.draw"], "linux-x64");
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0].message).toMatch(/^std\.canvas is not available on target linux-x64/);
  });

  it("leaves ordinary modules alone, including look-alike names", () => {
    expect(rejectHostModules(["std.math", "std.str", "std.canvasy", "std.httpish"], "linux-x64")).toEqual([]);
  });
});
