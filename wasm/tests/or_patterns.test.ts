// Or-patterns that bind: every alternative binds the same names with the
// same types, the arm sees whichever alternative matched (semantics.md §8),
// and a difference is one E0613 naming the name and the alternative.
import { describe, expect, it } from "vitest";
import { diagnostics, run } from "./compiler";

const one = async (source: string) =>
  (await diagnostics(source)).map((d) => `${d.code} ${d.line}:${d.col}: ${d.message}`);

const VENDING = [
  "enum State { Idle, Vending(i64, str) }",
  "enum Event { Coin(i64), Cancel }",
  "fn step(s: State, e: Event) -> str {",
  "    match (s, e) {",
  '        (State.Idle, Event.Coin(c)) | (State.Vending(_, _), Event.Coin(c)) => "coin {c}",',
  '        (State.Vending(n, who), Event.Cancel) | (State.Idle, Event.Cancel) if false => "never",',
  '        (_, Event.Cancel) => "cancel",',
  "    }",
  "}",
  "fn main() {",
  "    println(step(State.Idle, Event.Coin(5)))",
  '    println(step(State.Vending(1, "ann"), Event.Coin(7)))',
  '    println(step(State.Vending(1, "ann"), Event.Cancel))',
  "}",
].join("\n");

describe("or-patterns that bind names", () => {
  it("the same name in each alternative takes its value from the one that matched", async () => {
    const src = [
      "enum State { Idle, Vending(i64, str) }",
      "enum Event { Coin(i64), Cancel }",
      "fn step(s: State, e: Event) -> str {",
      "    match (s, e) {",
      '        (State.Idle, Event.Coin(c)) | (State.Vending(_, _), Event.Coin(c)) => "coin {c}",',
      '        (State.Vending(n, who), Event.Cancel) | (State.Vending(n, who), Event.Coin(_)) => "{who} {n}",',
      '        (State.Idle, Event.Cancel) => "idle",',
      "    }",
      "}",
      "fn main() {",
      "    println(step(State.Idle, Event.Coin(5)))",
      '    println(step(State.Vending(1, "ann"), Event.Coin(7)))',
      '    println(step(State.Vending(2, "bo"), Event.Cancel))',
      "    println(step(State.Idle, Event.Cancel))",
      "}",
    ].join("\n");
    expect(await one(src)).toEqual([]);
    for (const opt of ["-O0", "-O2"]) {
      expect(await run(src, "", opt)).toEqual({
        stdout: "coin 5\ncoin 7\nbo 2\nidle\n",
        stderr: "",
        exitCode: 0,
        live: 0,
      });
    }
  });

  it("a name bound in a different place of each alternative, heap values, nested alternatives", async () => {
    const src = [
      "fn pick(t: (i64, i64)) -> i64 {",
      "    match t {",
      "        (x, 0) | (0, x) => x,",
      "        _ => -1,",
      "    }",
      "}",
      "fn label(r: Result<str, str>) -> str {",
      "    match r {",
      '        Ok(s) | Err(s) => s + "!",',
      "    }",
      "}",
      "fn inner(o: Result<i64, i64>?) -> i64 {",
      "    match o {",
      "        Some(Ok(v) | Err(v)) => v,",
      "        None => 0,",
      "    }",
      "}",
      "fn main() {",
      '    println("{pick((3, 0))} {pick((0, 4))} {pick((1, 1))}")',
      '    println(label(Ok("yes")) + label(Err("no")))',
      '    println("{inner(Some(Ok(1)))} {inner(Some(Err(2)))} {inner(None)}")',
      "}",
    ].join("\n");
    expect(await one(src)).toEqual([]);
    expect(await run(src)).toEqual({ stdout: "3 4 -1\nyes!no!\n1 2 0\n", stderr: "", exitCode: 0, live: 0 });
  });

  it("a name missing from an alternative: one error naming it and the alternative", async () => {
    expect(await one(VENDING)).toEqual([
      "E0613 6:49: 'n' is bound in the first alternative but not in alternative 2; every alternative of a '|' pattern binds the same names with the same types",
    ]);
  });

  it("a name only in a later alternative, or of another type there: one error each", async () => {
    const extra =
      'fn main() {\n    let t = (1, 2)\n    match t {\n        (1, _) | (y, 1) => println("a"),\n        _ => println("b"),\n    }\n}\n';
    expect(await one(extra)).toEqual([
      "E0613 4:18: 'y' is bound in alternative 2 but not in the first; every alternative of a '|' pattern binds the same names with the same types",
    ]);
    const types =
      'fn main() {\n    let t: (i64, str) = (1, "a")\n    match t {\n        (x, "a") | (_, x) => println(x),\n        _ => println("b"),\n    }\n}\n';
    expect(await one(types)).toEqual([
      "E0613 4:20: 'x' is i64 in the first alternative but str in alternative 2; every alternative of a '|' pattern binds the same names with the same types",
    ]);
  });
});
