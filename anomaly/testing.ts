/** Shared fixtures for the engine's tests (not used by production code). */
export function steadyRecord(i: number): Record<string, unknown> {
  return { cpu: 50 + 5 * Math.sin(i / 3), mem: 30 + (i % 7), host: i % 2 === 0 ? "a" : "b" };
}
