// The generated program the compile-speed figures are measured on (the
// compiler bench and scripts/structure/compileSpeed.ts): one source, so the
// two always time the same thing.

/** A program of about `lines` lines: many small functions using most of the language. */
export function generate(lines: number): string {
  const out: string[] = ["struct P {", "    x: i64,", "    y: i64,", "}", ""];
  let i = 0;
  while (out.length < lines - 10) {
    out.push(
      `fn f${i}(a: i64, b: i64) -> i64 {`,
      "    var total = a * 3 + b",
      "    let p = P { x: a, y: b }",
      "    for k in 0..4 {",
      "        total += k * p.x - p.y % 7",
      "    }",
      "    if total > 100 { total - 1 } else { total + 1 }",
      "}",
      "",
    );
    i++;
  }
  out.push("fn main() {", "    var s = 0");
  for (let j = 0; j < i; j += Math.max(1, Math.floor(i / 50))) out.push(`    s += f${j}(${j}, 2)`);
  out.push('    println("sum = {s}")', "}", "");
  return out.join("\n");
}
