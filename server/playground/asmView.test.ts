// POST /build_asm: the assembly a native build would contain, for the
// assembly view. Real clang-19 for x86-64 and arm64, every optimisation
// level giving its own code, a program of several files, and the ways a
// request can be wrong.
import { afterAll, describe, expect, it } from "vitest";
import { missingToolsFor } from "../toolchain/detect";
import { postJson, testPlayground } from "./testPlayground";

const playground = testPlayground();
const { app } = playground;
afterAll(() => playground.close());

const SOURCE = [
  "fn sum_to(n: i64) -> i64 {",
  "    var total = 0",
  "    for i in 0..n {",
  "        total += i * 3",
  "    }",
  "    total",
  "}",
  "",
  "fn main() {",
  '    println("{sum_to(1000)}")',
  "}",
  "",
].join("\n");

async function asm(body: Record<string, unknown>) {
  const response = await postJson(app, "/build_asm", { source: SOURCE, ...body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /build_asm", () => {
  it("gives x86-64 and arm64 assembly of the program, different at -O0 and -O2", async () => {
    if (missingToolsFor("linux-x64").some((t) => t.startsWith("clang"))) throw new Error("clang-19 is needed");
    const x64 = await asm({ target: "linux-x64", opt: "-O2" });
    expect(x64.status).toBe(200);
    expect(x64.body).toMatchObject({ status: "ok", target: "linux-x64", opt: "-O2", errors: [] });
    const text = x64.body.asm as string;
    expect(text).toMatch(/pith_main/);
    expect(text).toMatch(/^\s+(movq?|leaq?|addq?|imulq?)\s/m);
    const arm = await asm({ target: "linux-arm64-musl", opt: "-O2" });
    expect(arm.body.status).toBe("ok");
    expect(arm.body.asm as string).toMatch(/^\s+(ldr|str|mov|add|madd|mul)\s/m);
    const o0 = await asm({ target: "linux-arm64-musl", opt: "-O0" });
    expect(o0.body.asm).not.toBe(arm.body.asm);
  });

  it("compiles programs of several files and reports their errors like a build", async () => {
    const main = 'import util\n\nfn main() {\n    println("{util.f()}")\n}\n';
    const ok = await asm({
      source: main,
      files: [{ name: "util.pith", source: "fn f() -> i64 {\n    7\n}\n" }],
      target: "linux-x64",
    });
    expect(ok.body.status).toBe("ok");
    const broken = await asm({
      source: main,
      files: [{ name: "util.pith", source: 'fn f() -> i64 {\n    "7"\n}\n' }],
      target: "linux-x64",
    });
    expect(broken.status).toBe(200);
    expect(broken.body.status).toBe("error");
    expect(broken.body.errors).toEqual([expect.objectContaining({ file: "util.pith", line: 2 })]);
    expect(broken.body.asm).toBeNull();
  });

  it("refuses an unknown target or level with 400 naming the known ones", async () => {
    const target = await asm({ target: "vax-vms" });
    expect(target.status).toBe(400);
    expect(target.body.detail).toMatch(/unknown target "vax-vms"; known targets: .*linux-riscv64-musl/);
    const level = await asm({ target: "linux-x64", opt: "-O9" });
    expect(level.status).toBe(400);
  });

  it("maps each instruction to its source line when asked, both ways round a loop", async () => {
    const source = [
      "fn steps(n: i64) -> i64 {",
      "    var x = n",
      "    var count = 0",
      "    while x != 1 {",
      "        if x % 2 == 0 {",
      "            x = x / 2",
      "        } else {",
      "            x = 3 * x + 1",
      "        }",
      "        count += 1",
      "    }",
      "    count",
      "}",
      "",
      "fn main() {",
      "    var best = 0",
      "    for i in 1..100000 {",
      "        let s = steps(i)",
      "        if s > best {",
      "            best = s",
      "        }",
      "    }",
      '    println("longest: {best}")',
      "}",
      "",
    ].join("\n");
    for (const [target, opt] of [
      ["linux-arm64-musl", "-O2"],
      ["linux-x64", "-O0"],
      ["windows-x64", "-O2"],
      ["macos-arm64", "-O1"],
    ]) {
      const plain = await asm({ source, target, opt });
      const mapped = await asm({ source, target, opt, line_map: true });
      expect(mapped.body.status).toBe("ok");
      expect(plain.body.line_map).toBeNull();
      const lines = (mapped.body.asm as string).split("\n");
      const map = mapped.body.line_map as ({ file: string; line: number } | null)[];
      expect(map).toHaveLength(lines.length);
      // The line tables' directives and sections are gone: the text reads like the plain assembly.
      expect(mapped.body.asm).not.toMatch(/^\s*\.loc\s|debug_info|__DWARF/m);
      expect(plain.body.asm).not.toMatch(/^\s*\.loc\s/m);
      // The loop's body has instructions, and every mapped entry is an instruction of main.pith or the runtime.
      const loopLines = new Set(map.filter((m) => m?.file === "main.pith").map((m) => m?.line));
      expect([...loopLines], `${target} ${opt}`).toEqual(expect.arrayContaining([4, 5]));
      map.forEach((m, i) => {
        if (m) expect(lines[i]).toMatch(/^\s+[a-z]/);
      });
    }
  });
});
