// Programs that would make the compiler recurse or instantiate without end
// get a positioned diagnostic instead of an exhausted stack reported at 1:1
// or a worker held until its time limit: generated long and deep
// expressions, and polymorphic recursion.
import { describe, expect, it } from "vitest";
import { diagnostics, run } from "./compiler";

const sum = (terms: number) => Array.from({ length: terms }, () => "1").join(" + ");
const program = (expr: string) => `fn main() {\n    let s = ${expr}\n    println(s)\n}\n`;

describe("compile limits", () => {
  it("compiles and runs a flat sum of 2,000 terms", async () => {
    const r = await run(program(sum(2000)));
    expect(r.stdout).toBe("2000\n");
  }, 120_000);

  it("reports a flat sum of 20,000 terms at the operator past the limit", async () => {
    const list = await diagnostics(program(sum(20000)));
    expect(list).toHaveLength(1);
    expect(list[0].message).toMatch(/^expression too long: more than 2000 operators/);
    // "let s = " is 12 columns; each term with its operator is 4 more.
    expect([list[0].line, list[0].col]).toEqual([2, 13 + 4 * 2000 + 2]);
  }, 120_000);

  it("compiles 2,000 terms inside 190 parentheses", async () => {
    const r = await run(program(`${"(".repeat(190)}${sum(2000)}${")".repeat(190)}`));
    expect(r.stdout).toBe("2000\n");
  }, 120_000);

  it("reports parentheses nested past the limit where they start to be too deep", async () => {
    const list = await diagnostics(program(`${"(".repeat(1000)}1${")".repeat(1000)}`));
    expect(list.length).toBeGreaterThan(0);
    expect(list[0].message).toBe("expression nested too deeply");
    expect(list[0].line).toBe(2);
  }, 120_000);

  it("counts a method chain's calls and fields toward the operator limit", async () => {
    const chain = (n: number) =>
      `struct C {\n    v: i64,\n}\nimpl C {\n    fn next(self) -> C { C { v: self.v + 1 } }\n}\nfn main() {\n    let c = C { v: 0 }${".next()".repeat(n)}\n    println(c.v)\n}\n`;
    expect((await run(chain(999))).stdout).toBe("999\n");
    const list = await diagnostics(chain(1001));
    expect(list).toHaveLength(1);
    expect(list[0].message).toMatch(/^expression too long: more than 2000 operators/);
    // "    let c = C { v: 0 }" is 22 columns; each ".next()" is 7 more, and its "." and "(" count one each.
    expect([list[0].line, list[0].col]).toEqual([8, 23 + 7 * 1000]);
  }, 120_000);

  it("refuses polymorphic recursion at the recursive call", async () => {
    const list = await diagnostics(
      "fn grow<T>(x: T, n: i64) -> i64 {\n    if n == 0 { 0 } else { grow((x, x), n - 1) }\n}\nfn main() {\n    println(grow(1, 3))\n}\n",
    );
    expect(list).toHaveLength(1);
    expect([list[0].line, list[0].col]).toEqual([2, 28]);
    expect(list[0].message).toMatch(/^generic instantiation too deep: 'grow'/);
  }, 120_000);

  it("still instantiates a generic function at many distinct types", async () => {
    const r = await run(
      "fn wrap<T>(x: T) -> (T, i64) {\n    (x, 1)\n}\nfn main() {\n    let a = wrap(wrap(wrap(wrap(wrap(1)))))\n    println(a.1)\n}\n",
    );
    expect(r.stdout).toBe("1\n");
  }, 120_000);
});
