/** Shared fixtures for the engine's tests (not used by production code). */
export function steadyRecord(i: number): Record<string, unknown> {
  return { cpu: 50 + 5 * Math.sin(i / 3), mem: 30 + (i % 7), host: i % 2 === 0 ? "a" : "b" };
}

/** Uniform draws in [0, 1) from a seed (mulberry32), so generated test streams are the same on every run. */
export function seededUniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
