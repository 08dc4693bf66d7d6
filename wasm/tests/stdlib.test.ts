import { describe, expect, it } from "vitest";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { pith, run } from "./compiler";

describe("standard library", () => {
  it("std.str searches, trims, cases, splits, joins and parses without leaking", async () => {
    const r = await run(`import std.str

fn main() {
    println(str.contains("hello world", "o w"))
    println(str.find("hello", "l"))
    println("[" + str.trim("  x y \\n") + "]")
    println(str.to_upper("Hello, 42") + str.to_lower(" ABC"))
    println(str.join(str.split("a,b,,c", ","), "+"))
    match str.parse_int(" -123 ") {
        Ok(v) => println(v * 2),
        Err(e) => println(e),
    }
}
`);
    expect(r.stdout).toBe("true\n2\n[x y]\nHELLO, 42 abc\na+b++c\n-246\n");
    expect(r.exitCode).toBe(0);
    expect(r.live).toBe(0);
  });

  it("std.math gives square roots, rounding and constants", async () => {
    const r = await run(`import std.math

fn main() {
    println(math.sqrt(2.0))
    println(math.floor(-2.5))
    println(math.PI)
    println(math.pow(2.0, 10.0))
}
`);
    expect(r.stdout).toBe("1.4142135623730951\n-3\n3.141592653589793\n1024\n");
  });

  it("every optimisation level produces the same output", async () => {
    const src = `fn fib(n: i64) -> i64 {
    if n < 2 { n } else { fib(n - 1) + fib(n - 2) }
}
fn main() {
    var xs: [str] = []
    for i in 0..5 { xs.push("{fib(i * 3)}") }
    println(xs[4] + " " + xs[1])
}
`;
    for (const opt of ["-O0", "-O1", "-O2", "-O3", "-Os"]) {
      const r = await run(src, "", opt);
      expect(r.stdout, opt).toBe("144 2\n");
      expect(r.live, opt).toBe(0);
    }
  });

  it("std.env gives the arguments after the program name and exits with a status", async () => {
    const built = await pith(
      ["build", "main.pith", "-O2", "-o", "out.wasm"],
      `import std.env

fn main() {
    for a in env.args() {
        println("[" + a + "]")
    }
    env.exit(7)
}
`,
    );
    expect(built.exitCode).toBe(0);
    const module = await WebAssembly.compile(built.wasm as Uint8Array<ArrayBuffer>);
    const r = await runWasiShim({ module, program: "main.pith", args: ["a b", "héllo", ""] });
    expect(new TextDecoder().decode(r.stdout)).toBe("[a b]\n[héllo]\n[]\n");
    expect(r.exitCode).toBe(7);
  });
});
