import { describe, expect, it } from "vitest";
import { keyLess, keysOf } from "./orderKey";

describe("order keys", () => {
  it("compare exactly like f64 `<` for every value against every non-NaN split", () => {
    const values = [
      0,
      -0,
      1,
      -1,
      0.1,
      -0.1,
      5e-324,
      -5e-324,
      2.2250738585072014e-308,
      1e308,
      -1e308,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.NaN,
      1 + 2 ** -52,
      1 - 2 ** -53,
    ];
    let seed = 7;
    for (let i = 0; i < 300; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      values.push((seed / 2 ** 31 - 0.5) * 10 ** ((seed % 40) - 20));
    }
    const data = Float64Array.from(values);
    const keys = keysOf(data, 0, data.length);
    const wrong: string[] = [];
    for (let i = 0; i < data.length; i++) {
      for (let j = 0; j < data.length; j++) {
        // Splits are never NaN (a forest's thresholds are drawn between finite values).
        if (Number.isNaN(data[j])) continue;
        if (keyLess(keys, 2 * i, keys, 2 * j) !== data[i] < data[j]) wrong.push(`${data[i]} < ${data[j]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
