// json.parse's nesting limit is one behaviour on every target: the
// conformance program lang/tests/stdlib/json_nesting_limit.pith runs at -O2
// there and on every native target at -O0 and -O2 (native_differential);
// here its wasm build at both levels prints the same, 128 levels parsed and
// printed back, 129 (and 10,000) refused with the documented error rather
// than a stack overflow that depends on the optimiser's frame sizes.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { run } from "./compiler";

const program = new URL("../../lang/tests/stdlib/json_nesting_limit.pith", import.meta.url);
const expected = new URL("../../lang/tests/stdlib/json_nesting_limit.stdout", import.meta.url);

describe("json nesting limit on wasm", () => {
  for (const opt of ["-O0", "-O2"]) {
    it(`parses 128 levels and refuses 129 with the same error at ${opt}`, async () => {
      const result = await run(readFileSync(program, "utf8"), "", opt);
      expect(result).toEqual({ stdout: readFileSync(expected, "utf8"), stderr: "", exitCode: 0, live: 0 });
      expect(result.stdout).toContain("arrays 129: line 1, column 130: nesting deeper than 128");
    });
  }
});
