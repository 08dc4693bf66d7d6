// The microphone's analysis, written by the page about 30 times a second and
// read by the program whenever it asks: Float32 [level, bin Hz, bins...].

export const MIC_BINS = 64;

export function createMicChannel(): SharedArrayBuffer {
  return new SharedArrayBuffer((2 + MIC_BINS) * 4);
}

export function readMic(channel: SharedArrayBuffer): { level: number; binHz: number; bins: Float32Array } {
  const f = new Float32Array(channel);
  return { level: f[0], binHz: f[1], bins: f.slice(2) };
}

export function writeMic(channel: SharedArrayBuffer, level: number, binHz: number, bins: ArrayLike<number>): void {
  const f = new Float32Array(channel);
  f[0] = level;
  f[1] = binHz;
  for (let i = 0; i < MIC_BINS; i++) f[2 + i] = bins[i] ?? 0;
}
