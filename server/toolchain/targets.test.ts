// The server's description of each target (labels, endpoints, tools) follows
// the ids' home: the same targets in the same order, and the routes each id
// list stands for.
import { describe, expect, it } from "vitest";
import { BUILD_TARGET_IDS, isNativeTargetId, NATIVE_TARGET_IDS, TARGET_IDS } from "../../protocol/targets";
import { RECIPES, recipeFor } from "./recipes";
import { TARGETS } from "./targets";

describe("build targets", () => {
  it("/targets lists exactly the protocol's ids, in its order", () => {
    expect(TARGETS.map((t) => t.id)).toEqual([...TARGET_IDS]);
  });

  it("every native target has a recipe, and only they do", () => {
    expect(Object.keys(RECIPES).sort()).toEqual([...NATIVE_TARGET_IDS].sort());
  });

  it("POST /build_target takes the Linux and macOS targets without a route of their own but macos-x64's", () => {
    const served = TARGETS.filter((t) => t.endpoint === "/build_target" || t.endpoint === "/build_macos");
    expect([...BUILD_TARGET_IDS]).toEqual(served.map((t) => t.id));
  });

  it("names an object has of itself are not targets", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", ""]) {
      expect(isNativeTargetId(name)).toBe(false);
      expect(recipeFor(name)).toBeUndefined();
    }
  });
});
