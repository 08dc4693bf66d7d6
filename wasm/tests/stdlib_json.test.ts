// std.json against JavaScript's JSON on random documents: whatever
// JSON.stringify writes, json.parse reads and json.stringify / json.pretty
// write back byte for byte (numbers included: the shortest round-trip form).
import { describe, expect, it } from "vitest";
import { run } from "./compiler";

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomNumber(r: () => number): number {
  switch (Math.floor(r() * 6)) {
    case 0:
      return Math.floor(r() * 2000) - 1000;
    case 1:
      return (r() - 0.5) * 1e6;
    case 2:
      return r();
    case 3:
      return (r() - 0.5) * 10 ** Math.floor(r() * 600 - 300);
    case 4:
      return new Float64Array(
        new BigUint64Array([BigInt(Math.floor(r() * 2 ** 32)) * 2n ** 32n + BigInt(Math.floor(r() * 2 ** 32))]).buffer,
      )[0];
    default:
      return Math.floor(r() * 2 ** 53) * (r() < 0.5 ? -1 : 1);
  }
}

function randomString(r: () => number): string {
  const pool = ["a", "Z", " ", '"', "\\", "\n", "\t", "\u0001", "\u001f", "é", "€", "😀", "/", "{", "}", "\u2028"];
  let s = "";
  const n = Math.floor(r() * 8);
  for (let i = 0; i < n; i++) s += pool[Math.floor(r() * pool.length)];
  return s;
}

function randomValue(r: () => number, depth: number): unknown {
  const k = Math.floor(r() * (depth > 3 ? 4 : 6));
  if (k === 0) return null;
  if (k === 1) return r() < 0.5;
  if (k === 2) {
    const x = randomNumber(r);
    return Number.isFinite(x) ? x : 0;
  }
  if (k === 3) return randomString(r);
  if (k === 4) return Array.from({ length: Math.floor(r() * 5) }, () => randomValue(r, depth + 1));
  const o: Record<string, unknown> = {};
  const n = Math.floor(r() * 5);
  for (let i = 0; i < n; i++) o[randomString(r) + i] = randomValue(r, depth + 1);
  return o;
}

const ROUND_TRIP = `import std.json
import std.str

fn main() {
    for line in str.lines(read_all()) {
        match json.parse(line) {
            Ok(v) => {
                println(json.stringify(v))
                println(json.pretty(v, 2, false))
            },
            Err(e) => println("error: {e}"),
        }
    }
}
`;

describe("std.json", () => {
  it("reads and writes 300 random documents exactly as JavaScript's JSON does, without leaking", async () => {
    const r = generator(2026);
    const docs = Array.from({ length: 300 }, () => randomValue(r, 0));
    const input = docs.map((d) => `${JSON.stringify(d)}\n`).join("");
    const want = docs.map((d) => `${JSON.stringify(d)}\n${JSON.stringify(d, null, 2)}\n`).join("");
    const got = await run(ROUND_TRIP, input);
    expect(got.stderr).toBe("");
    expect(got.stdout).toBe(want);
    expect(got.live).toBe(0);
  }, 120_000);

  it("names the line and column of the first error, as JavaScript rejects the same texts", async () => {
    const bad = ["[1,]", '{"a":}', "[1 2]", '"\\x"', "01", '{"a":1,\n"b" 2}', "nul", "[", "1e", "-"];
    for (const text of bad) expect(() => JSON.parse(text), text).toThrow();
    const got = await run(ROUND_TRIP, bad.map((b) => `${b.replace("\n", " ")}\n`).join(""));
    const lines = got.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(bad.length);
    for (const line of lines) expect(line).toMatch(/^error: line 1, column \d+: /);
    expect(lines[0]).toBe("error: line 1, column 4: unexpected ']'");
    expect(lines[5]).toBe("error: line 1, column 13: expected ':', found '2'");
    expect(got.live).toBe(0);
  }, 60_000);
});
