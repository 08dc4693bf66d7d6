// The `pith` command as a user runs it: a real process, real files.

import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { TARGET_IDS } from "../../protocol/targets";
import { missingToolsFor } from "../toolchain/detect";

const run = promisify(execFile);
const TSX = new URL("../../node_modules/.bin/tsx", import.meta.url).pathname;
const PITH = new URL("./pith.ts", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "pith-cli-"));
const EXAMPLES = new URL("../../lang/examples/", import.meta.url).pathname;
const canBuildNative = missingToolsFor("linux-x64").length === 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function pith(...args: string[]) {
  return pithWith({}, ...args);
}

async function pithWith(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, [PITH, ...args], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

writeFileSync(join(dir, "hello.pith"), 'fn main() {\n  println("hello, {40 + 2}")\n}\n');
writeFileSync(join(dir, "panics.pith"), 'fn main() {\n  let a = [1, 2]\n  println("{a[5]}")\n}\n');

describe("the pith command", () => {
  it("is on npx's path as `pith`, the way the guide tells users to run it", async () => {
    const root = new URL("../..", import.meta.url).pathname;
    const npx = await run("npx", ["--no-install", "pith", "run", join(dir, "hello.pith")], {
      cwd: root,
      encoding: "utf8",
    });
    expect(npx.stdout).toBe("hello, 42\n");
  });

  it("explain prints what a diagnostic code means, an example and the fix; without a code it lists them", async () => {
    writeFileSync(join(dir, "mut.pith"), "fn main() {\n    let mut n = 1\n    n += 1\n}\n");
    const check = await pith("check", "--json", "mut.pith");
    expect(check.code).toBe(1);
    const [diagnostic] = JSON.parse(check.stdout) as { code: string }[];
    const explained = await pith("explain", diagnostic.code);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toMatch(/^E0116: let mut\n\n {2}use 'var' for a mutable binding\n/);
    expect(explained.stdout).toContain("For example:\n\n    fn main() {\n        let mut n = 1");
    expect(explained.stdout).toContain("Fix: Write `var x = ...`");
    expect((await pith("explain", "e0116")).stdout).toBe(explained.stdout);
    const list = await pith("explain");
    expect(list.code).toBe(0);
    expect(list.stdout).toContain("E0116  let mut\n");
    expect(list.stdout.split("\n").length).toBeGreaterThan(90);
    const unknown = await pith("explain", "E9999");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("'E9999' is not a diagnostic code");
  });

  it("fmt prints the canonical layout, --check exits 1 until --write has rewritten the file", async () => {
    writeFileSync(join(dir, "messy.pith"), "fn main(){\nprintln(1);\n}\n");
    expect(await pith("fmt", "messy.pith")).toEqual({
      code: 0,
      stdout: "fn main() {\n    println(1)\n}\n",
      stderr: "",
    });
    const check = await pith("fmt", "--check", "messy.pith");
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("messy.pith: not formatted");
    expect((await pith("fmt", "--write", "messy.pith")).code).toBe(0);
    expect(readFileSync(join(dir, "messy.pith"), "utf8")).toBe("fn main() {\n    println(1)\n}\n");
    expect((await pith("fmt", "--check", "messy.pith")).code).toBe(0);
  });

  it("runs a program and passes its output and exit code through", async () => {
    expect(await pith("run", "hello.pith")).toEqual({ code: 0, stdout: "hello, 42\n", stderr: "" });
    const panic = await pith("run", "panics.pith");
    expect(panic.code).toBe(101);
    expect(panic.stderr).toMatch(/^panic: .* at panics\.pith:3:\d+\n$/);
  });

  it("runs a program with the shell's environment variables (std.env)", async () => {
    writeFileSync(
      join(dir, "env.pith"),
      'import std.env\nfn main() {\n  match env.get("PITH_CLI_GREETING") {\n    Some(v) => println(v),\n    None => println("unset"),\n  }\n}\n',
    );
    expect((await pithWith({ PITH_CLI_GREETING: "héllo" }, "run", "env.pith")).stdout).toBe("héllo\n");
    expect((await pith("run", "env.pith")).stdout).toBe("unset\n");
  });

  it("lists every target with whether this host can build it", async () => {
    const { code, stdout } = await pith("targets");
    expect(code).toBe(0);
    const ids = stdout
      .trim()
      .split("\n")
      .map((line) => line.split(/\s+/)[0]);
    expect(ids).toEqual([...TARGET_IDS]);
  });

  it("builds a native executable with --target that prints what the wasm build prints", async () => {
    const built = await pith("build", "hello.pith", "--target", "linux-x64", "-O2", "-o", "hello");
    expect(built.code).toBe(0);
    expect(statSync(join(dir, "hello")).mode & 0o111).not.toBe(0);
    const { stdout } = await run(join(dir, "hello"), [], { encoding: "utf8" });
    expect(stdout).toBe("hello, 42\n");
  });

  it("leaves an executable behind when the output path already holds a plain file", async () => {
    writeFileSync(join(dir, "rebuilt"), "not a program", { mode: 0o644 });
    expect((await pith("build", "hello.pith", "--target", "linux-x64", "-o", "rebuilt")).code).toBe(0);
    expect(statSync(join(dir, "rebuilt")).mode & 0o111).toBe(0o111);
    const { stdout } = await run(join(dir, "rebuilt"), [], { encoding: "utf8" });
    expect(stdout).toBe("hello, 42\n");
  });

  it("builds wasm with --target wasm", async () => {
    expect((await pith("build", "hello.pith", "--target", "wasm", "-o", "hello.wasm")).code).toBe(0);
    expect([...readFileSync(join(dir, "hello.wasm")).subarray(0, 4)]).toEqual([0, 0x61, 0x73, 0x6d]);
  });

  it("rejects an unknown optimisation level with the allowed list and exit 2", async () => {
    const result = await pith("build", "hello.pith", "--target", "linux-x64", "-O9", "-o", "x");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("allowed: -O0, -O1, -O2, -O3, -Os, -Oz");
  });

  it("rejects std.canvas for a native target, naming module and target", async () => {
    writeFileSync(join(dir, "draw.pith"), "import std.canvas\nfn main() {}\n");
    const result = await pith("build", "draw.pith", "--target", "windows-x64", "-o", "draw.exe");
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^draw\.pith:1:1: error: std\.canvas is not available on target windows-x64/);
  });

  it("runs a module that pith build made, and refuses any other file named .wasm in one line", async () => {
    expect((await pith("build", "hello.pith", "-o", "built.wasm")).code).toBe(0);
    expect(await pith("run", "built.wasm")).toEqual({ code: 0, stdout: "hello, 42\n", stderr: "" });
    writeFileSync(join(dir, "junk.wasm"), "fn main() {}\n");
    const junk = await pith("run", "junk.wasm");
    expect(junk.code).toBe(2);
    expect(junk.stderr).toBe(
      "pith: junk.wasm is not a WebAssembly module; pith run takes a .pith source file or a module that 'pith build file.pith -o out.wasm' made\n",
    );
    writeFileSync(join(dir, "empty.wasm"), Uint8Array.of(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0));
    const empty = await pith("run", "empty.wasm");
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^pith: empty\.wasm has no _start and memory exports.*\n$/);
  });

  it("reports a program's own stack overflow like a panic (101), with a hint, not as a compiler error (70)", async () => {
    writeFileSync(
      join(dir, "deep.pith"),
      'fn deep(n: i64) -> i64 {\n    if n == 0 { return 0 }\n    1 + deep(n - 1) + deep(0)\n}\nfn main() {\n    println("{deep(100000000)}")\n}\n',
    );
    const result = await pith("run", "deep.pith");
    expect(result.code).toBe(101);
    // The deepest of the program's own functions, where the playground names it too.
    expect(result.stderr).toMatch(/^panic: stack overflow in deep at deep\.pith:1:4: .*recursion.*\n$/);
  });

  it("names the imported file's function a stack overflow recursed in", async () => {
    writeFileSync(join(dir, "over.pith"), "import sink\nfn main() {\n    println(sink.down(100000000))\n}\n");
    writeFileSync(
      join(dir, "sink.pith"),
      "pub fn down(n: i64) -> i64 {\n    if n == 0 { return 0 }\n    1 + down(n - 1) + down(0)\n}\n",
    );
    const result = await pith("run", "over.pith");
    expect(result.code).toBe(101);
    expect(result.stderr).toMatch(/^panic: stack overflow in down at sink\.pith:1:8: /);
  });

  it("names the imported file an error is in, in a native build", async () => {
    writeFileSync(join(dir, "entry.pith"), "import helper\nfn main() {\n    println(helper.twice(2))\n}\n");
    writeFileSync(join(dir, "helper.pith"), 'fn twice(n: i64) -> i64 {\n    n * "2"\n}\n');
    const result = await pith("build", "entry.pith", "--target", "linux-x64", "-o", "entry");
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^helper\.pith:2:\d+: error: /);
  });

  it.skipIf(!canBuildNative)(
    "builds an example for linux-x64 from inside lang/examples, whose other files use std.canvas",
    async () => {
      const built = await pith("build", join(EXAMPLES, "json_config.pith"), "--target", "linux-x64", "-o", "config");
      expect(built.stderr).toMatch(/^built config for linux-x64/);
      expect(built.code).toBe(0);
      const ran = spawnSync(join(dir, "config"), { input: readFileSync(join(EXAMPLES, "json_config.stdin")) });
      expect(ran.stdout.toString("utf8")).toBe(readFileSync(join(EXAMPLES, "json_config.stdout"), "utf8"));
    },
  );
});
