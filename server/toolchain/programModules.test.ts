// A build is the entry file and what it imports, transitively: the other
// .pith files of its folder never change what is built or what is reported.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCompilerInProcess } from "../compiler/compilerRun";
import { compileToLl } from "./compileToLl";
import { programModules } from "./programModules";

const EXAMPLES = new URL("../../lang/examples/", import.meta.url).pathname;
const examples = readdirSync(EXAMPLES).filter((n) => n.endsWith(".pith"));
const folder = Object.fromEntries(examples.map((n) => [n, readFileSync(join(EXAMPLES, n), "utf8")]));

describe("the files of a program", () => {
  const reader = (files: Record<string, string>) => (name: string) =>
    Object.hasOwn(files, name) ? files[name] : undefined;

  it("are the entry's imports and theirs, each once, without std modules or files nobody imports", () => {
    const files = {
      "main.pith": "import std.math\nimport shapes\nimport util\nfn main() {}\n",
      "shapes.pith": "import util\nimport geometry\n",
      "util.pith": "import shapes\n// import unused\n",
      "geometry.pith": "fn area() -> i64 { 0 }\n",
      "unused.pith": "import std.canvas\n",
      "draw.pith": "import std.canvas\nimport util\n",
    };
    expect(programModules("main.pith", reader(files))).toEqual(["shapes.pith", "util.pith", "geometry.pith"]);
  });

  it("leave out an import with no file (the compiler reports it at the import)", () => {
    expect(programModules("main.pith", reader({ "main.pith": "import missing\nfn main() {}\n" }))).toEqual([]);
  });

  it("do not include the entry when a module imports it back", () => {
    const files = { "main.pith": "import util\n", "util.pith": "import main\n" };
    expect(programModules("main.pith", reader(files))).toEqual(["util.pith"]);
  });
});

describe("each example built inside lang/examples and alone", () => {
  it.each(examples)("%s for linux-x64: the same IR or the same errors", async (name) => {
    const { [name]: source, ...siblings } = folder;
    const request = { source, filename: name, target: "linux-x64", opt: "-O0" };
    const inFolder = await compileToLl({ ...request, files: siblings });
    const alone = await compileToLl(request);
    expect(inFolder).toEqual(alone);
    // An example is refused only for a host module it imports itself, at its own line.
    for (const error of alone.errors) expect(error.file).toBe(name);
  });

  it.each(examples)("%s for wasm: the same module or the same diagnostics", async (name) => {
    const args = ["build", name, "-O0", "--json", "-o", "out.wasm"];
    const inFolder = await runCompilerInProcess({ args, files: folder });
    const alone = await runCompilerInProcess({ args, files: { [name]: folder[name] } });
    expect(inFolder.exitCode).toBe(alone.exitCode);
    expect(new TextDecoder().decode(inFolder.stdout)).toBe(new TextDecoder().decode(alone.stdout));
    expect(inFolder.files.get("out.wasm")).toEqual(alone.files.get("out.wasm"));
  });
});
