import { describe, expect, it } from "vitest";
import { run } from "./compiler";

// The same xorshift64 generator in Pith and in JavaScript (BigInt): the Pith
// program prints f64 values made from the generated bits, and each line must
// equal JavaScript's String(x). Pith prints -0 as "-0" (it must read back as
// itself); JavaScript prints "0", so that one case is adjusted.
const COUNT = Number(process.env.PITH_FLOAT_COUNT ?? 100_000);

const program = `
fn next(x: i64) -> i64 {
    var y = x ^ (x << 13)
    y = y ^ ((y >> 7) & 0x01ffffffffffffff)
    y ^ (y << 17)
}

fn main() {
    var x: i64 = 88172645463325252
    var i = 0
    while i < ${COUNT} {
        x = next(x)
        println(__f64_from_bits(x))
        i += 1
    }
    // Decimal-looking values and integers, where shortest output matters most.
    i = 0
    while i < ${COUNT / 5} {
        x = next(x)
        let small = ((x >> 11) & 0xfffff) as f64
        println(small / 1000.0)
        println(small * 0.1)
        println((x >> 20) as f64)
        i += 1
    }
}
`;

function expected(): string {
  const mask = (1n << 64n) - 1n;
  const next = (x: bigint) => {
    let y = (x ^ (x << 13n)) & mask;
    y = y ^ (y >> 7n);
    return (y ^ (y << 17n)) & mask;
  };
  const view = new DataView(new ArrayBuffer(8));
  const asF64 = (bits: bigint) => {
    view.setBigUint64(0, bits);
    return view.getFloat64(0);
  };
  const asI64 = (bits: bigint) => BigInt.asIntN(64, bits);
  const show = (v: number) => (Object.is(v, -0) ? "-0" : String(v));
  const lines: string[] = [];
  let x = 88172645463325252n;
  for (let i = 0; i < COUNT; i++) {
    x = next(x);
    lines.push(show(asF64(x)));
  }
  for (let i = 0; i < COUNT / 5; i++) {
    x = next(x);
    const small = Number((asI64(x) >> 11n) & 0xfffffn);
    lines.push(show(small / 1000), show(small * 0.1), show(Number(asI64(x) >> 20n)));
  }
  return `${lines.join("\n")}\n`;
}

describe("float printing", () => {
  it(`prints ${COUNT} random doubles (and more decimals) with JavaScript's shortest round-trip digits`, async () => {
    const r = await run(program);
    expect(r.exitCode).toBe(0);
    const got = r.stdout.split("\n");
    const want = expected().split("\n");
    expect(got.length).toBe(want.length);
    const mismatches: string[] = [];
    for (let i = 0; i < want.length && mismatches.length < 10; i++) {
      if (got[i] !== want[i]) mismatches.push(`line ${i + 1}: got ${got[i]}, want ${want[i]}`);
    }
    expect(mismatches).toEqual([]);
    expect(r.live).toBe(0);
  }, 120_000);
});
