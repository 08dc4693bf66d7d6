import { describe, expect, it } from "vitest";
import { type BuildNativeRequest, buildNative } from "./buildNative";
import { missingToolsFor } from "./detect";
import { runNative } from "./runNative";
import { TARGETS } from "./targets";

const HELLO = 'fn main() {\n  let n = 6 * 7\n  println("hello from {n}")\n}\n';
const NATIVE_TARGETS = TARGETS.filter((t) => t.id !== "wasm").map((t) => t.id);
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
/** Builds HELLO as a.pith at -O2 for linux-x64, unless the request says otherwise. */
const buildWith = (request: Partial<BuildNativeRequest>) =>
  buildNative({ source: HELLO, filename: "a.pith", target: "linux-x64", opt: "-O2", ...request });

describe("building a Pith program natively from source", () => {
  it("compiles, links and runs on linux-x64 with the IR kept for the user", async () => {
    const build = await buildWith({ filename: "hello.pith" });
    expect(build.errors).toEqual([]);
    expect(build.status).toBe("ok");
    expect(build.binaryName).toBe("hello");
    expect(build.ll).toContain("define i32 @pith_main");
    expect(build.ll).not.toMatch(/^target (triple|datalayout)/m);
    const run = await runNative(build.binary as Uint8Array, "linux-x64", {});
    expect(text(run.stdout)).toBe("hello from 42\n");
    expect(run.exitCode).toBe(0);
  });

  it("returns the program's compile errors with positions as a result", async () => {
    const build = await buildWith({
      source: 'fn main() {\n  let x: i64 = "text"\n}\n',
      filename: "bad.pith",
      opt: "-O0",
    });
    expect(build.status).toBe("error");
    expect(build.failure).toBe("compile_error");
    expect(build.errors).toEqual([
      { file: "bad.pith", line: 2, col: 16, code: "E0300", message: "expected i64, found str" },
    ]);
    expect(build.binary).toBeNull();
  });

  for (const module of ["std.canvas", "std.audio", "std.http"]) {
    it(`rejects ${module} for every native target, naming the module and the target`, async () => {
      for (const target of NATIVE_TARGETS) {
        const build = await buildWith({
          source: `// draws\nimport ${module}\nfn main() {}\n`,
          filename: "app.pith",
          target,
        });
        expect(build.failure).toBe("host_module");
        expect(build.errors).toHaveLength(1);
        expect(build.errors[0]).toMatchObject({ line: 2, col: 1 });
        expect(build.errors[0].message).toContain(module);
        expect(build.errors[0].message).toContain(target);
      }
    });
  }

  it("refuses an optimisation level outside the allowed list and names them", async () => {
    const build = await buildWith({ opt: "-O9" });
    expect(build.failure).toBe("invalid_request");
    expect(build.errors[0].message).toBe('invalid optimisation level "-O9"; allowed: -O0, -O1, -O2, -O3, -Os, -Oz');
  });

  it("refuses an unknown target and lists the known ones", async () => {
    const build = await buildWith({ target: "plan9-mips" });
    expect(build.failure).toBe("invalid_request");
    expect(build.errors[0].message).toContain("linux-riscv64-musl");
  });

  it("builds with -Oz (clang's level; the compiler optimises for size)", async () => {
    const build = await buildWith({ filename: "small.pith", target: "linux-x64-musl", opt: "-Oz" });
    expect(build.status).toBe("ok");
    expect(build.logs).toContain("-Oz");
  });

  it("links a loop whose trip count LLVM computes with a 128-bit division on the targets without a libc", async () => {
    // A sieve's inner loop with a step only known at run time: at -O2 clang
    // divides in i128 for its trip count, a call to __udivti3 on arm64 and
    // riscv64, which the libc-less shim provides (found by the docs corpus).
    const source = `fn count(limit: i64) -> i64 {
    var composite = [false; limit + 1]
    var p = 2
    while p * p <= limit {
        if !composite[p] {
            var m = p * p
            while m <= limit {
                composite[m] = true
                m += p
            }
        }
        p += 1
    }
    var n = 0
    for i in 2..=limit {
        if !composite[i] {
            n += 1
        }
    }
    n
}

fn main() {
    println("{count(10000)} {count(1000000)}")
}
`;
    for (const target of ["linux-arm64-musl", "linux-riscv64-musl", "linux-x64-musl", "macos-arm64", "macos-x64"]) {
      if (missingToolsFor(target).length > 0) continue;
      const build = await buildWith({ source, filename: "sieve.pith", target, opt: "-O2" });
      expect(build.errors, target).toEqual([]);
      expect(build.status, target).toBe("ok");
      // macOS executables link against the libSystem stub (which must list the
      // i128 divisions) but cannot run here.
      if (target.startsWith("macos")) continue;
      const run = await runNative(build.binary as Uint8Array, target, {});
      expect(text(run.stdout), target).toBe("1229 78498\n");
    }
  }, 120_000);

  it("leaves the shim's unused helpers out of a static executable (--gc-sections)", async () => {
    // Hello world calls no i128 division: the shim's __udivti3 stays out, and
    // the whole executable is small (`println("hello")` on linux-x64: 7,320
    // bytes before the shim's sections were collected, 2,992 after; this
    // one, which formats an integer, 5,064).
    const build = await buildWith({ filename: "hello.pith", target: "linux-x64-musl" });
    expect(build.status).toBe("ok");
    const binary = build.binary as Uint8Array;
    expect(Buffer.from(binary).includes("__udivti3")).toBe(false);
    expect(binary.length).toBeLessThan(8_000);
    const run = await runNative(binary, "linux-x64-musl", {});
    expect(text(run.stdout)).toBe("hello from 42\n");
  });

  it("gives -Oz its own executable, no larger than -Os's, though the compiler's IR is the same", async () => {
    // Enough code for clang's -Oz (less inlining and unrolling) to matter.
    const source = `import std.json
import std.str

fn main() {
    for text in ["[1, 2.5, \\{\\"a\\": null\\}]", "\\{\\"k\\": [true, false]\\}"] {
        match json.parse(text) {
            Ok(v) => println(json.pretty(v, 2, true)),
            Err(e) => println(e),
        }
    }
    println(str.to_upper(str.repeat("ab", 3)))
}
`;
    const os = await buildWith({ source, filename: "sizes.pith", target: "linux-x64-musl", opt: "-Os" });
    const oz = await buildWith({ source, filename: "sizes.pith", target: "linux-x64-musl", opt: "-Oz" });
    expect([os.status, oz.status]).toEqual(["ok", "ok"]);
    expect(oz.ll).toBe(os.ll);
    const a = os.binary as Uint8Array;
    const b = oz.binary as Uint8Array;
    expect(a.length === b.length && a.every((x, i) => x === b[i])).toBe(false);
    expect(b.length).toBeLessThanOrEqual(a.length);
    const run = await runNative(b, "linux-x64-musl", {});
    expect(text(run.stdout)).toContain("ABABAB");
  });
});
