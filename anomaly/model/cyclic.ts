/**
 * Cyclic time features: a time column becomes where it falls in the day and
 * in the week, each as a point on a circle (sin, cos), so 23:55 sits next to
 * 00:00 and Sunday next to Monday. Nothing that only ever grows (day of
 * month, month, year) is a feature: in a stream every new value of such a
 * feature is unseen, so an isolation forest flags the present itself.
 *
 * sin and cos are evaluated with + − × ÷ only (a fixed Taylor polynomial on
 * [−π, π]), not Math.sin/Math.cos, whose last bit differs between engines:
 * a model trained in the browser must give the server the same bits (see
 * README "Deterministic maths across engines").
 */

const DAY = 86_400;
const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday: shift so a week starts on Monday 00:00 UTC. */
const MONDAY_SHIFT = 3 * DAY;
const PI = Math.PI;

/** Fraction in [0, 1) of `t` through a period of `period` seconds. */
function phase(t: number, period: number, shift: number): number {
  const x = (t + shift) / period;
  return x - Math.floor(x);
}

/** [sin, cos] of 2π·f for f in [0, 1): error below 1e−10 everywhere. */
export function unitCircle(f: number): [number, number] {
  // 2πf = x + π with x in [−π, π): sin(x + π) = −sin x, cos(x + π) = −cos x.
  const x = 2 * PI * f - PI;
  const x2 = x * x;
  let s = 0;
  let c = 0;
  // Horner from the x^23 / x^24 terms down; the same operations on every engine.
  for (let k = 11; k >= 0; k--) {
    s = 1 / factorial(2 * k + 1) - x2 * s;
    c = 1 / factorial(2 * k) - x2 * c;
  }
  return [-(x * s), -c];
}

const FACTORIALS: number[] = [1];
for (let i = 1; i <= 24; i++) FACTORIALS.push(FACTORIALS[i - 1] * i);
function factorial(n: number): number {
  return FACTORIALS[n];
}

export interface CyclicFeatures {
  hourSin: number;
  hourCos: number;
  weekSin: number;
  weekCos: number;
}

/** The four features of a time given in unix seconds (UTC). */
export function cyclicFeatures(unixSeconds: number): CyclicFeatures {
  const [hourSin, hourCos] = unitCircle(phase(unixSeconds, DAY, 0));
  const [weekSin, weekCos] = unitCircle(phase(unixSeconds, WEEK, MONDAY_SHIFT));
  return { hourSin, hourCos, weekSin, weekCos };
}

/** Feature names of a time column, in order. */
export function cyclicNames(col: string): [string, string, string, string] {
  return [`${col}_hour_sin`, `${col}_hour_cos`, `${col}_week_sin`, `${col}_week_cos`];
}
