// The LLVM IR backend (`build --emit ll`): the text is portable and readable,
// LLVM's own tools accept it, and programs that probe the corners of wasm
// semantics (shift masking, MIN / -1, NaN-propagating min/max, ties-to-even
// rounding, saturating casts, memory growth, stdin, exit codes, panics) print
// the same natively on linux-x64 at -O0 and -O2 as their wasm build does.
// The full corpus across every target is native_differential.test.ts.
import { describe, expect, it } from "vitest";
import { missingToolsFor } from "../../server/toolchain/detect";
import { linkNative } from "../../server/toolchain/linkNative";
import { runNative } from "../../server/toolchain/runNative";
import { builtReference, emitLl, nativeDifferences, reference, verifyLl } from "./llvm_support";

/** The metadata node number `pattern` captures in the IR; throws when the IR has no such node. */
function metadataNode(ll: string, pattern: RegExp): string {
  const node = pattern.exec(ll)?.[1];
  if (node === undefined) throw new Error(`no metadata node matches ${pattern}`);
  return node;
}

const HELLO = `fn main() {\n    println("hello, native")\n}\n`;

describe("build --emit ll", () => {
  it("writes portable, readable IR that defines only pith_main outside the module", async () => {
    // -O0: the compiler's inliner would otherwise fold main into _start.
    const { ll, stderr } = await emitLl(HELLO, "hello.pith", "-O0");
    expect(stderr).toBe("");
    expect(ll).not.toBeNull();
    const text = ll as string;
    expect(text).not.toMatch(/^target /m);
    expect(text).toMatch(/^define i32 @pith_main\(\)/m);
    const defines = text.split("\n").filter((line) => line.startsWith("define "));
    expect(defines.filter((line) => !line.startsWith("define internal ")).map((l) => l.split("(")[0])).toEqual([
      "define i32 @pith_main",
    ]);
    // Each function is introduced by its Pith name; values and blocks are named.
    expect(text).toContain("; fn main at hello.pith:1:1\n");
    expect(text).toMatch(/define internal void @pith\.main\(\)/);
    expect(text).toContain("; import wasi_snapshot_preview1.fd_write");
    expect(text).toMatch(/call i64 @pith_sys_write\(i32 signext/);
    expect(text).toContain("hello, native");
    expect(await verifyLl(text)).toBe("");
  });

  it("marks where each statement of the source begins", async () => {
    const source =
      "fn twice(x: i64) -> i64 {\n    let y = x * 2\n    y\n}\n\nfn main() {\n    var a = [1, 2, 3]\n    a[1] = twice(a[0])\n    println(a[1])\n}\n";
    const { ll } = await emitLl(source, "where.pith", "-O0");
    const text = ll as string;
    expect(text).toContain("; fn twice at where.pith:1:1\n");
    const mainBody = text.slice(text.indexOf("define internal void @pith.main()"));
    const marks = [...mainBody.slice(0, mainBody.indexOf("\n}\n")).matchAll(/; (where\.pith:\d+:\d+)/g)].map(
      (m) => m[1],
    );
    expect(marks).toEqual(["where.pith:7:5", "where.pith:8:5", "where.pith:9:5"]);
    expect(await verifyLl(text)).toBe("");
  });

  it("with -g gives each instruction its statement's line (valid debug info), and adds nothing else", async () => {
    const source =
      "fn twice(x: i64) -> i64 {\n    let y = x * 2\n    y\n}\n\nfn main() {\n    var a = [1, 2, 3]\n    a[1] = twice(a[0])\n    println(a[1])\n}\n";
    for (const opt of ["-O0", "-O2"]) {
      const plain = (await emitLl(source, "where.pith", opt)).ll as string;
      const lines = (await emitLl(source, "where.pith", opt, ["-g"])).ll as string;
      expect(plain).not.toContain("!dbg");
      expect(await verifyLl(lines)).toBe("");
      // Without the attachments and the debug metadata, it is the IR of a build.
      const stripped = lines
        .replace(/(,| ) ?!dbg !\d+/g, "")
        .split("\n")
        .filter((l) => !/^!(\d{7}|llvm\.dbg\.cu|llvm\.module\.flags) /.test(l))
        .join("\n");
      expect(stripped).toBe(plain);
      const metadata = new Map([...lines.matchAll(/^!(\d+) = !DILocation\(line: (\d+),/gm)].map((m) => [m[1], m[2]]));
      // The instructions a statement mark introduces carry that statement's line (what follows a nested
      // block goes back to the statement holding it, so only the first is sure to be the mark's own).
      const marked = [...lines.matchAll(/; where\.pith:(\d+):\d+\n {2}[%a-z][^\n]*!dbg !(\d+)\n/g)];
      expect(marked.length).toBeGreaterThan(1);
      for (const [instruction, line, id] of marked) expect(metadata.get(id), instruction).toBe(line);
    }
  });

  it("tells LLVM that field and element stores cannot change headers (TBAA)", async () => {
    const source =
      "fn main() {\n    var xs = [0.5; 4]\n    for i in 0..4 {\n        xs[i] = xs[i] * 2.0 + len(xs) as f64\n    }\n    println(xs[3])\n}\n";
    const { ll } = await emitLl(source, "tbaa.pith", "-O0");
    const text = ll as string;
    expect(text).toMatch(/load i32, ptr %[\w.]+, align 4, !tbaa !21/); // a length: header
    expect(text).toMatch(/store double %[\w.]+, ptr %[\w.]+, align 8, !tbaa !33/); // an element: f64 array data
    expect(text).toContain('!1 = !{!"pith header", !0, i64 0}');
    // Elements and fields are children of their machine type, not of each other.
    expect(text).toContain('!13 = !{!"pith f64 element", !5, i64 0}');
    expect(text).toContain('!9 = !{!"pith f64 field", !5, i64 0}');
    expect(await verifyLl(text)).toBe("");
  });

  it("gives fields at different offsets types LLVM knows cannot alias (TBAA)", async () => {
    const source =
      "struct B {\n    x: f64,\n    v: f64,\n}\n\nfn main() {\n    var b = B { x: 1.0, v: 2.0 }\n    b.v += b.x\n    println(b.v)\n}\n";
    const text = (await emitLl(source, "fields.pith", "-O0")).ll as string;
    // x at offset 8 and v at offset 16: siblings under the f64 field type (!9).
    const x = metadataNode(text, /^!(\d+) = !\{!"pith field \+8 \(9\)", !9, i64 0\}$/m);
    const v = metadataNode(text, /^!(\d+) = !\{!"pith field \+16 \(9\)", !9, i64 0\}$/m);
    const tagOf = (node: string) => metadataNode(text, new RegExp(`^!(\\d+) = !\\{!${node}, !${node}, i64 0\\}$`, "m"));
    expect(text).toMatch(new RegExp(`load double, ptr %[\\w.]+, align 8, !tbaa !${tagOf(x)}`));
    expect(text).toMatch(new RegExp(`store double %[\\w.]+, ptr %[\\w.]+, align 8, !tbaa !${tagOf(v)}`));
    expect(await verifyLl(text)).toBe("");
  });

  it("declares only the shim functions the program needs", async () => {
    const { ll } = await emitLl(HELLO);
    const declares = (ll as string)
      .split("\n")
      .filter((line) => line.startsWith("declare ") && line.includes("pith_sys_"));
    const names = declares.map((line) => /@(pith_sys_\w+)/.exec(line)?.[1]).sort();
    expect(names).toEqual(["pith_sys_heap_base", "pith_sys_heap_grow", "pith_sys_write"]);
  });

  it("refuses an import it has no native adapter for, naming it", async () => {
    const { ll, stderr } = await emitLl(
      `extern "env" fn beep(x: i32) -> i32\n\nfn main() {\n    println(beep(3))\n}\n`,
    );
    expect(ll).toBeNull();
    expect(stderr).toContain("the native backend cannot provide 'env.beep'");
  });

  it("reports a compile error, not IR, for a program the checker rejects", async () => {
    const { ll, stderr } = await emitLl(`fn main() {\n    let x: i32 = "no"\n}\n`);
    expect(ll).toBeNull();
    expect(stderr).toContain("error");
  });
});

const SEMANTICS = `import std.math

fn shl(x: i64, n: i64) -> i64 { x << n }
fn shr(x: i32, n: i32) -> i32 { x >> n }
fn div(a: i64, b: i64) -> i64 { a / b }
fn rem(a: i32, b: i32) -> i32 { a % b }

fn main() {
    // Counts are taken modulo the width, whatever the optimiser knows.
    println(shl(1, 65))
    println(shl(3, 64))
    println(shr(-256, 33))
    // MIN / -1 wraps and MIN % -1 is 0.
    let min64: i64 = -9223372036854775807 - 1
    println(div(min64, -1))
    println(rem(-2147483647 - 1, -1))
    println(div(-7, 2))
    println(rem(-7, 2))
    // Wrapping arithmetic.
    println(9223372036854775807 + shl(1, 0))
    let big: i32 = 2147483647
    println(big * 3)
    // min/max propagate NaN and order -0.0 below 0.0; nearest ties to even.
    println(math.min(math.NAN, 1.0))
    println(math.max(-0.0, 0.0))
    println(math.min(-0.0, 0.0))
    println(math.floor(-2.5))
    println(math.ceil(-0.5))
    println(math.round(2.5))
    println(math.round(-2.5))
    println(math.trunc(-7.9))
    println(math.sqrt(2.0))
    println(math.exp(1.0))
    println(math.sin(1.0))
    // Casts from f64 saturate; NaN becomes 0.
    println(1.0e300 as i64)
    println(-1.0e300 as i32)
    println(math.NAN as i64)
    println(-3.99 as i32)
    println(255.9 as u8)
    println(7 % 3 == 1 && 10 / 4 == 2)
}
`;

const MEMORY = `fn main() {
    // Enough allocation to grow the heap many times over its first page.
    var total: i64 = 0
    var i = 0
    while i < 2000 {
        var xs = [0; 300]
        xs[i % 300] = i
        total += xs[i % 300]
        i += 1
    }
    println(total)
    var s = ""
    var j = 0
    while j < 3000 {
        s = s + "ab"
        j += 1
    }
    println(s.len())
}
`;

const STDIN_AND_EXIT = `fn main() -> i32 {
    var n: i32 = 0
    var line = read_line()
    while line.len() > 0 {
        n += 1
        print("got: ")
        print(line)
        line = read_line()
    }
    println(n)
    n + 40
}
`;

const PANIC = `fn at(xs: [i64], i: i64) -> i64 { xs[i] }

fn main() {
    println("before")
    let xs = [1, 2, 3]
    println(at(xs, 5))
}
`;

const PROGRAMS: { name: string; source: string; stdin?: string }[] = [
  { name: "semantics.pith", source: SEMANTICS },
  { name: "memory.pith", source: MEMORY },
  { name: "stdin_exit.pith", source: STDIN_AND_EXIT, stdin: "one\ntwo\nthree\n" },
  { name: "panic.pith", source: PANIC },
];

const missing = missingToolsFor("linux-x64");

describe("native linux-x64 builds match the wasm build", () => {
  if (missing.length > 0) {
    it.skip(`linux-x64 cannot build here: missing ${missing.join(", ")} (see server/toolchain/presence.test.ts)`, () => {});
    return;
  }
  for (const program of PROGRAMS) {
    it(program.name, { timeout: 120_000 }, async () => {
      const ref = await reference(program.source, program.name, program.stdin ?? "");
      expect(ref.error).toBe("");
      const { ll, wasm } = builtReference(ref);
      expect(await verifyLl(ll)).toBe("");
      const problems: string[] = [];
      for (const opt of ["-O0", "-O2"]) {
        problems.push(...(await nativeDifferences(ll, wasm, "linux-x64", opt, program.name, program.stdin ?? "")));
      }
      // The IR before the compiler's own passes (no inlining, no folding) must behave the same.
      const unoptimised = await emitLl(program.source, program.name, "-O0");
      expect(unoptimised.stderr).toBe("");
      problems.push(
        ...(await nativeDifferences(
          unoptimised.ll as string,
          wasm,
          "linux-x64",
          "-O2",
          program.name,
          program.stdin ?? "",
        )),
      );
      expect(problems.join("\n\n")).toBe("");
    });
  }
});

// The runtime does not read arguments yet, but the WASI adapters exist for
// when it does: a program declaring the imports itself sees its arguments
// through them, in the layout WASI defines (argv pointers, NUL-terminated
// strings packed in one buffer).
const ARGS = `extern "wasi_snapshot_preview1" fn args_sizes_get(argc: ptr, size: ptr) -> i32
extern "wasi_snapshot_preview1" fn args_get(argv: ptr, buf: ptr) -> i32

// Scratch memory the runtime leaves alone: after the stdin buffer, before static data.
fn main() {
    let r = args_sizes_get(6000 as ptr, 6004 as ptr)
    let n = __load_i32(6000 as ptr)
    let size = __load_i32(6004 as ptr)
    let r2 = args_get(6100 as ptr, 6200 as ptr)
    println(r)
    println(n)
    println(size)
    println(r2)
    var i: i32 = 0
    while i < n {
        let at = __load_i32((6100 + i * 4) as ptr)
        var s = ""
        var j: i32 = 0
        while __load_u8((at + j) as ptr) != 0 {
            s = s + chr(__load_u8((at + j) as ptr))
            j += 1
        }
        println(s)
        i += 1
    }
}
`;

describe("the WASI argument adapters", () => {
  it.skipIf(missing.length > 0)("pass the process arguments natively", { timeout: 120_000 }, async () => {
    const { ll, stderr } = await emitLl(ARGS, "args.pith");
    expect(stderr).toBe("");
    const built = await linkNative({
      ll: ll as string,
      target: "linux-x64",
      opt: "-O2",
      filename: "args.pith",
      sandbox: false,
    });
    expect(built.errors).toEqual([]);
    const run = await runNative(built.binary as Uint8Array, "linux-x64", { args: ["a", "two words"] });
    const lines = new TextDecoder().decode(run.stdout).split("\n");
    const program = lines[4];
    expect(lines.slice(0, 4)).toEqual(["0", "3", String(Buffer.byteLength(program) + 1 + 2 + 10), "0"]);
    expect(lines.slice(5)).toEqual(["a", "two words", ""]);
    expect(run.exitCode).toBe(0);
  });
});
