// Runs std.math over a list of inputs in a real Pith program (built by
// compiler.wasm), and gets the correctly rounded references from
// reference.py (mpmath), so tests and benchmarks measure ulps the same way.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { builtReference, type RunOutcome, reference } from "../../../wasm/tests/llvm_support";
import { type MathCase, ulpDistance } from "./inputs";

/** Reads "<fn> <bits> [<bits>]" lines and prints the result's bits, one line each. */
export const HARNESS = `import std.math
import std.str

fn arg(s: str) -> f64 {
    match str.parse_int(s) {
        Ok(n) => math.from_bits(n),
        Err(e) => {
            eprintln("bad argument: {e}")
            0.0
        },
    }
}

fn apply(name: str, x: f64, y: f64) -> f64 {
    if name == "sin" { return math.sin(x) }
    if name == "cos" { return math.cos(x) }
    if name == "tan" { return math.tan(x) }
    if name == "exp" { return math.exp(x) }
    if name == "ln" { return math.ln(x) }
    if name == "log2" { return math.log2(x) }
    if name == "log10" { return math.log10(x) }
    if name == "atan" { return math.atan(x) }
    if name == "atan2" { return math.atan2(x, y) }
    if name == "pow" { return math.pow(x, y) }
    if name == "hypot" { return math.hypot(x, y) }
    if name == "sqrt" { return math.sqrt(x) }
    eprintln("unknown function {name}")
    0.0
}

fn main() {
    for line in str.lines(read_all()) {
        let p = str.split(line, " ")
        let y = if len(p) > 2 { arg(p[2]) } else { 0.0 }
        println(math.bits(apply(p[0], arg(p[1]), y)))
    }
}
`;

const lineOf = (c: MathCase) => `${c.fn} ${c.args.join(" ")}`;

/** The Pith program's IR and its wasm run over the cases: results as bit patterns. */
export async function runHarness(cases: MathCase[]): Promise<{ ll: string; wasm: RunOutcome; bits: bigint[] }> {
  const stdin = `${cases.map(lineOf).join("\n")}\n`;
  const { ll, wasm } = builtReference(await reference(HARNESS, "math_harness.pith", stdin));
  if (wasm.exit !== 0 || wasm.stderr !== "") throw new Error(`the harness failed (${wasm.exit}): ${wasm.stderr}`);
  return { ll, wasm, bits: parseBits(wasm.stdout, cases.length) };
}

function parseBits(text: string, expected: number): bigint[] {
  const bits = text.trim().split("\n").map(BigInt);
  if (bits.length !== expected) throw new Error(`expected ${expected} results, got ${bits.length}`);
  return bits;
}

const SCRIPT = fileURLToPath(new URL("./reference.py", import.meta.url));

/** Correctly rounded results from mpmath, as bit patterns. */
export function references(cases: MathCase[]): Promise<bigint[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "python3",
      [SCRIPT],
      { maxBuffer: 256 * 1024 * 1024, timeout: 600_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`reference.py failed: ${stderr || error.message}`));
        else resolve(parseBits(stdout, cases.length));
      },
    );
    child.stdin?.end(`${cases.map(lineOf).join("\n")}\n`);
  });
}

export interface RangeAccuracy {
  fn: string;
  range: string;
  count: number;
  maxUlp: bigint;
  /** The input with the largest error, as numbers. */
  worst: string;
}

/** Max ulps from the correctly rounded result, per function and range. */
export function accuracyTable(cases: MathCase[], got: bigint[], want: bigint[]): RangeAccuracy[] {
  const rows = new Map<string, RangeAccuracy>();
  cases.forEach((c, i) => {
    const key = `${c.fn}\u0000${c.range}`;
    const row = rows.get(key) ?? { fn: c.fn, range: c.range, count: 0, maxUlp: -1n, worst: "" };
    row.count++;
    // Opposite signs or NaN against a number count as "far": the largest distance.
    const sameSign = got[i] < 0n === want[i] < 0n;
    const d = sameSign ? ulpDistance(got[i], want[i]) : got[i] === want[i] ? 0n : 1n << 62n;
    const bothZero = (got[i] & 0x7fffffffffffffffn) === 0n && (want[i] & 0x7fffffffffffffffn) === 0n;
    const dist = bothZero ? 0n : d;
    if (dist > row.maxUlp) {
      row.maxUlp = dist;
      const view = new DataView(new ArrayBuffer(8));
      row.worst = c.args
        .map((b) => {
          view.setBigInt64(0, b);
          return String(view.getFloat64(0));
        })
        .join(", ");
    }
    rows.set(key, row);
  });
  return [...rows.values()];
}

export function formatTable(rows: RangeAccuracy[]): string {
  const lines = ["function  range                                      inputs  max ulp  worst input"];
  for (const r of rows) {
    const ulp = r.maxUlp >= 1n << 62n ? "sign" : String(r.maxUlp);
    lines.push(
      `${r.fn.padEnd(9)} ${r.range.padEnd(42)} ${String(r.count).padStart(6)}  ${ulp.padStart(7)}  ${r.worst}`,
    );
  }
  return lines.join("\n");
}
