import { readdirSync, readFileSync } from "node:fs";
import { expect, it, describe as suite } from "vitest";
import { describe, EXAMPLES } from "./examples";

suite("the bundled examples", () => {
  it("include every program in lang/examples with a one-line description", () => {
    const files = readdirSync(new URL("../../lang/examples/", import.meta.url)).filter((f) => f.endsWith(".pith"));
    expect(EXAMPLES.map((e) => e.name)).toEqual(files.map((f) => f.replace(/\.pith$/, "")).sort());
    for (const example of EXAMPLES) {
      expect(example.description, example.name).not.toBe("");
      expect(example.description, example.name).not.toContain("\n");
    }
  });

  it("describe a program by the first sentence of its leading comment", () => {
    expect(describe("// Counts words (letters only). Then prints\n// a chart.\nfn main() {}\n")).toBe(
      "Counts words (letters only)",
    );
  });

  it("carry a prepared stdin where lang/examples has one", () => {
    const dir = new URL("../../lang/examples/", import.meta.url);
    const withInput = readdirSync(dir).filter((f) => f.endsWith(".stdin"));
    expect(withInput.length).toBeGreaterThan(0);
    for (const file of withInput)
      expect(EXAMPLES.find((e) => `${e.name}.stdin` === file)?.stdin, file).toBe(
        readFileSync(new URL(file, dir), "utf8"),
      );
  });
});
