import { describe, expect, it } from "vitest";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { loadCompilerModule } from "./compilerModule";
import { runWasiNode } from "./wasiNode";

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

// The compiler must behave identically under node:wasi and the browser shim:
// every host produces byte-identical output from the same module.
describe("compiler.wasm under node:wasi and @bjorn3/browser_wasi_shim", () => {
  const cases: { name: string; args: string[]; files?: Record<string, string> }[] = [
    { name: "version", args: ["version"] },
    {
      name: "reading a file argument",
      args: ["check", "hello.pith"],
      files: { "hello.pith": 'fn main() {\n  println("hi")\n}\n' },
    },
    { name: "a missing file", args: ["check", "missing.pith"] },
    { name: "no command (usage error)", args: [] },
    { name: "an unknown command", args: ["frobnicate"] },
  ];

  for (const testCase of cases) {
    it(`gives identical results for ${testCase.name}`, async () => {
      const module = await loadCompilerModule();
      const input = { module, args: testCase.args, program: "pith", files: testCase.files };
      const [viaNode, viaShim] = await Promise.all([runWasiNode(input), runWasiShim(input)]);
      expect(viaShim.exitCode).toBe(viaNode.exitCode);
      expect(decode(viaShim.stdout)).toBe(decode(viaNode.stdout));
      expect(decode(viaShim.stderr)).toBe(decode(viaNode.stderr));
    });
  }

  it("answers version with exit 0 on stdout", async () => {
    const result = await runWasiShim({ module: await loadCompilerModule(), args: ["version"] });
    expect(result.exitCode).toBe(0);
    expect(decode(result.stdout)).toMatch(/^pith \d+\.\d+\.\d+\n$/);
  });

  it("exits 2 with usage on stderr when no command is given", async () => {
    const result = await runWasiNode({ module: await loadCompilerModule(), args: [] });
    expect(result.exitCode).toBe(2);
    expect(decode(result.stderr)).toContain("usage");
  });
});
