// Random programs for the element-scan hoisting tests (unique_elems_hoist.test.ts):
// a struct owning an array of structs, a `var self` method whose loop nest
// writes the elements (so the lowering scans them before it), called in a
// loop of main, with shares of the struct, the array and an element made
// before the loop or on some steps inside it, element replacements, and loops
// that run zero or more times. Each program prints every value it shared.

/** A small deterministic generator (mulberry32), so a failure names its seed. */
function random(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n) as number;
  };
}

export const PRELUDE = `struct P {
    a: i64,
    b: i64,
}

struct S {
    items: [P],
    tag: i64,
}

impl S {
    fn step(var self, k: i64) {
        let n = len(self.items)
        for i in 0..n {
            for j in i + 1..n {
                self.items[i].a += self.items[j].b * k + 1
                self.items[j].b -= self.items[i].a % 7
            }
        }
        for i in 0..n {
            self.items[i].b += 3
        }
    }
}

fn total(s: S) -> i64 {
    var t = s.tag
    for p in s.items {
        t = t * 31 + p.a * 7 + p.b
    }
    t
}

fn weigh(s: S) -> i64 {
    len(s.items) as i64 + s.tag
}
`;

// Shares made before the loop: the hoisted scan must copy what they share.
const BEFORE = ["    snap = s", "    kept = s.items[0]", "    other = s.items", "    s.tag = weigh(s)", ""];

// Statements in the loop, each run on one chosen step (or every step): shares,
// replacements and reads that keep the scan in the loop or let it leave.
function inLoop(r: (n: number) => number, n: number): string {
  const i = r(n);
  const at = (body: string) => (r(3) === 0 ? body : `        if step == ${r(4)} {\n    ${body}\n        }`);
  switch (r(9)) {
    case 0:
      return at("        snap = s");
    case 1:
      return at(`        kept = s.items[${i}]`);
    case 2:
      return at(`        s.items[${i}] = P { a: ${r(50)}, b: ${r(50)} }`);
    case 3:
      return at("        other = s.items");
    case 4:
      return at("        s.items = other");
    case 5:
      return at(`        s.tag += weigh(s)`);
    case 6:
      return at(`        kept.a += s.items[${i}].b`);
    case 7:
      return at(`        s.items[${i}].a = kept.b + ${r(9)}`);
    default:
      return "";
  }
}

export function program(seed: number): string {
  const r = random(seed);
  const n = 1 + r(4);
  const items = Array.from({ length: n }, () => `P { a: ${r(20)}, b: ${r(20)} }`).join(", ");
  const lines = [
    // Not main: the wasm build keeps a function with loops called from
    // main's loop a call (inline.ts), and the scan moves only out of a loop
    // the method is inlined into.
    "fn simulate() {",
    `    var s = S { items: [${items}], tag: ${r(5)} }`,
    "    var snap = S { items: [], tag: 0 }",
    "    var kept = P { a: 0, b: 0 }",
    "    var other: [P] = []",
  ];
  for (let k = r(3); k > 0; k--) lines.push(BEFORE[r(BEFORE.length)]);
  lines.push(`    for step in 0..${[0, 1, 2, 5][r(4)]} {`);
  lines.push(`        s.step(${1 + r(3)})`);
  for (let k = r(3); k > 0; k--) lines.push(inLoop(r, n));
  lines.push("    }");
  lines.push('    println("{total(s)} {total(snap)} {kept.a} {kept.b} {len(other)}")');
  lines.push("    for p in other {");
  lines.push('        println("{p.a} {p.b}")');
  lines.push("    }");
  lines.push("}");
  lines.push("");
  lines.push("fn main() {");
  lines.push("    simulate()");
  lines.push("}");
  return `${PRELUDE}\n${lines.filter((l, k) => l !== "" || lines[k - 1] === "}").join("\n")}\n`;
}
