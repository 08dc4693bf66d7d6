// JavaScript's Math on the jobs of math.pith, same inputs, same output format.
import { readFileSync } from "node:fs";

const n = Number(readFileSync(0, "utf8").trim()) || 200000;
function inputs(lo, hi, seed) {
  const xs = new Float64Array(n);
  let r = seed;
  for (let i = 0; i < n; i++) {
    r = (r * 1664525 + 1013904223) % 4294967296;
    xs[i] = lo + (hi - lo) * (r / 4294967296);
  }
  return xs;
}
function run(name, f, a, b) {
  const t = process.hrtime.bigint();
  let s = 0;
  if (b) for (let i = 0; i < n; i++) s += f(a[i], b[i]);
  else for (let i = 0; i < n; i++) s += f(a[i]);
  const ns = Number(process.hrtime.bigint() - t);
  console.log(`${name} ${(ns / n).toFixed(2)} ${s}`);
}
const trig = inputs(-10, 10, 1),
  huge = inputs(-1e6, 1e6, 2),
  pos = inputs(0.001, 1000, 3);
const small = inputs(-20, 20, 4),
  base = inputs(0.01, 10, 5),
  expo = inputs(-8, 8, 6);
run("sin", Math.sin, trig);
run("sin_1e6", Math.sin, huge);
run("cos", Math.cos, trig);
run("tan", Math.tan, trig);
run("exp", Math.exp, small);
run("log", Math.log, pos);
run("pow", Math.pow, base, expo);
run("atan", Math.atan, trig);
run("atan2", Math.atan2, trig, small);
run("sqrt", Math.sqrt, pos);
