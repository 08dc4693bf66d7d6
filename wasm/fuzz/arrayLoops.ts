// Generated programs that mutate arrays in loops: the code that the
// optimiser's copy-on-write hoisting (passes/unique.ts), bounds versioning
// (bounds.ts), load forwarding (loads.ts) and address sharing
// (addresses.ts) rewrite. Each program owns one array, sometimes shares it
// (a `let` copy, a struct holding it, a copy made inside the loop), and runs
// a random sequence of loops over it: swaps, rotations, in-place updates,
// pushes, an insertion sort, fannkuch's flip through `var self` methods, a
// loop that breaks early, and now and then an index past the end (a panic,
// which every build must report alike). The copy made before the loops
// checks itself: if it changed with the original, the program prints
// SELF_CHECK_FAILED. The same seed always gives the same program.
import { SELF_CHECK_FAILED } from "./generator";
import { permProgram } from "./permProgram";
import { Rng } from "./rng";

// fannkuch's Perm (permProgram.ts) with a copying `flips` and a rotation, then helpers.
const PRELUDE = permProgram(
  `    fn flips(self) -> i64 {
        var p = self
        var count = 0
        while p.items[0] % len(p.items) != 0 && count < 20 {
            p.flip(p.items[0] % len(p.items))
            count += 1
        }
        count
    }

    fn rotate(var self, r: i64) {
        let first = self.items[0]
        for i in 0..r {
            self.items[i] = self.items[i + 1]
        }
        self.items[r] = first
    }
`,
  `fn mix(h: i64, x: i64) -> i64 {
    (h * 31 + x) % 1000000007
}

fn total(a: [i64]) -> i64 {
    var s = 0
    for x in a {
        s = mix(s, x)
    }
    s
}
`,
);

class ArrayLoopGenerator {
  private readonly out: string[] = [];
  private names = 0;

  constructor(private readonly rng: Rng) {}

  program(): string {
    this.out.push(PRELUDE);
    this.out.push("fn main() {");
    this.line(1, "var h = 0");
    this.line(1, `var a = ${this.initial()}`);
    this.line(1, "let kept = a");
    this.line(1, "let kept_total = total(kept)");
    const rounds = 1 + this.rng.int(6);
    this.line(1, `for r in 0..${rounds} {`);
    const statements = 1 + this.rng.int(5);
    for (let i = 0; i < statements; i++) {
      if (this.rng.chance(0.2)) {
        this.line(2, `if r % 2 == ${this.rng.int(2)} {`);
        this.statement(3);
        this.line(2, "}");
      } else this.statement(2);
    }
    this.line(2, "h = mix(h, a[r % len(a)])");
    this.line(1, "}");
    this.line(1, `if total(kept) != kept_total { println("${SELF_CHECK_FAILED}") }`);
    this.line(1, "println(h)");
    this.line(1, "println(total(a))");
    this.out.push("}");
    return `${this.out.join("\n")}\n`;
  }

  private line(depth: number, text: string): void {
    this.out.push("    ".repeat(depth) + text);
  }

  private fresh(prefix: string): string {
    return `${prefix}${this.names++}`;
  }

  private initial(): string {
    const n = 2 + this.rng.int(8);
    switch (this.rng.int(3)) {
      case 0:
        return `[${this.rng.int(10)}; ${n}]`;
      case 1:
        return `[${Array.from({ length: n }, () => this.rng.int(20)).join(", ")}]`;
      default: {
        // Built by pushes, so the capacity is larger than the length.
        const b = this.fresh("b");
        this.line(1, `var ${b}: [i64] = []`);
        this.line(1, `for i in 0..${n} {`);
        this.line(2, `${b}.push((i * ${1 + this.rng.int(7)}) % ${n})`);
        this.line(1, "}");
        return b;
      }
    }
  }

  private statement(d: number): void {
    const k = this.rng.int(10);
    switch (this.rng.int(11)) {
      case 0: {
        this.line(d, "for i in 0..len(a) {");
        this.line(d + 1, `a[i] = (a[i] * ${2 + this.rng.int(5)} + i + r) % 1000`);
        this.line(d, "}");
        break;
      }
      case 1: {
        const [lo, hi, t] = [this.fresh("lo"), this.fresh("hi"), this.fresh("t")];
        this.line(d, `var ${lo} = 0`);
        this.line(d, `var ${hi} = (r + ${k}) % len(a)`);
        this.line(d, `while ${lo} < ${hi} {`);
        this.line(d + 1, `let ${t} = a[${lo}]`);
        this.line(d + 1, `a[${lo}] = a[${hi}]`);
        this.line(d + 1, `a[${hi}] = ${t}`);
        this.line(d + 1, `${lo} += 1`);
        this.line(d + 1, `${hi} -= 1`);
        this.line(d, "}");
        break;
      }
      case 2: {
        const first = this.fresh("first");
        this.line(d, `let ${first} = a[0]`);
        this.line(d, "for i in 0..len(a) - 1 {");
        this.line(d + 1, "a[i] = a[i + 1]");
        this.line(d, "}");
        this.line(d, `a[len(a) - 1] = ${first}`);
        break;
      }
      case 3: {
        // A copy written inside the loop: the original must keep its values.
        const [b, j] = [this.fresh("b"), this.fresh("j")];
        this.line(d, `var ${b} = a`);
        this.line(d, `let ${j} = (r + ${k}) % len(${b})`);
        this.line(d, `${b}[${j}] += 7`);
        this.line(d, `h = mix(h, ${b}[${j}] - a[${j}])`);
        this.line(d, `if ${b}[${j}] - a[${j}] != 7 { println("${SELF_CHECK_FAILED}") }`);
        break;
      }
      case 4:
        this.line(d, `if len(a) < 12 { a.push((r * ${k + 1}) % 10) }`);
        break;
      case 5: {
        const p = this.fresh("p");
        this.line(d, `var ${p} = Perm { items: a }`);
        this.line(d, `h = mix(h, ${p}.flips())`);
        this.line(d, `${p}.flip((r + ${k}) % len(${p}.items))`);
        this.line(d, `${p}.rotate((r + ${k}) % (len(${p}.items) - 1))`);
        if (this.rng.chance(0.5)) this.line(d, `a = ${p}.items`);
        else this.line(d, `h = mix(h, total(${p}.items))`);
        break;
      }
      case 6: {
        const j = this.fresh("j");
        this.line(d, `var ${j} = ${k} % len(a)`);
        this.line(d, `a[${j}] = (a[${j}] + a[(${j} + 1) % len(a)]) % 1000`);
        this.line(d, `${j} = (${j} + 2) % len(a)`);
        this.line(d, `a[${j}] = a[${j}] - 1`);
        break;
      }
      case 7: {
        const i = this.fresh("k");
        this.line(d, `var ${i} = 0`);
        this.line(d, `while ${i} < len(a) {`);
        this.line(d + 1, `if a[${i}] % 5 == ${k % 5} {`);
        this.line(d + 2, "break");
        this.line(d + 1, "}");
        this.line(d + 1, `a[${i}] += 1`);
        this.line(d + 1, `${i} += 1`);
        this.line(d, "}");
        break;
      }
      case 8: {
        const t = this.fresh("t");
        this.line(d, "for i in 0..len(a) {");
        this.line(d + 1, "for j in i + 1..len(a) {");
        this.line(d + 2, "if a[j] < a[i] {");
        this.line(d + 3, `let ${t} = a[i]`);
        this.line(d + 3, "a[i] = a[j]");
        this.line(d + 3, `a[j] = ${t}`);
        this.line(d + 2, "}");
        this.line(d + 1, "}");
        this.line(d, "}");
        break;
      }
      case 9: {
        // Reads the array in one loop and writes a fresh one in another.
        const c = this.fresh("c");
        this.line(d, `var ${c} = [0; len(a)]`);
        this.line(d, "for i in 0..len(a) {");
        this.line(d + 1, `${c}[len(a) - 1 - i] = a[i] + ${k}`);
        this.line(d, "}");
        this.line(d, `a = ${c}`);
        break;
      }
      default:
        // Now and then one past the end: a panic every build must report alike.
        if (this.rng.chance(0.3)) this.line(d, `a[(r + ${k}) % (len(a) + 1)] = ${k}`);
        else this.line(d, `a[(r + ${k}) % len(a)] = ${k}`);
    }
  }
}

/** The array-loop program for one seed: the same seed always gives the same text. */
export function generateArrayLoopProgram(seed: number): string {
  return new ArrayLoopGenerator(new Rng(seed)).program();
}
