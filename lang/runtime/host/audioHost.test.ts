// std.audio's rendering: tones of each waveform, resampling, the queue
// handed to the device in order, and the microphone's summaries.
import { describe, expect, it } from "vitest";
import { type AudioDevice, createAudioImports, renderTone, resample, SILENT_MIC } from "./audioHost";

type Fn = (...args: number[]) => number;

describe("std.audio's host", () => {
  it("renders a tone of the asked length, within the volume, fading in and out", () => {
    const tone = renderTone(8000, 440, 0.5, 0, 0.5);
    expect(tone.length).toBe(4000);
    expect(Math.max(...tone)).toBeLessThanOrEqual(0.5);
    expect(Math.max(...tone)).toBeGreaterThan(0.49);
    expect([Math.abs(tone[0]), Math.abs(tone[3999])]).toEqual([0, 0]);
  });

  it("draws square, saw and triangle waves with their shapes", () => {
    // 1000 Hz at 8000 Hz: eight samples a period; the middle of a long tone is past the fades.
    const period = (wave: number) =>
      [...renderTone(8000, 1000, 1, wave, 1).subarray(4000, 4008)].map((v) => Math.round(v * 100) / 100);
    expect(period(1)).toEqual([1, 1, 1, 1, -1, -1, -1, -1]);
    expect(period(2)).toEqual([-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75]);
    expect(period(3)).toEqual([-1, -0.5, 0, 0.5, 1, 0.5, 0, -0.5]);
  });

  it("is silent for a rest and rejects unknown waves and absurd durations", () => {
    expect(renderTone(8000, 0, 0.1, 0, 0).every((v) => v === 0)).toBe(true);
    expect(() => renderTone(8000, 440, 1, 9, 1)).toThrow("unknown waveform 9");
    expect(() => renderTone(8000, 440, -1, 0, 1)).toThrow("tone duration -1 s");
  });

  it("resamples linearly and clamps to [-1, 1]", () => {
    expect([...resample([0, 1, 2], 2, 4)]).toEqual([0, 0.5, 1, 1, 1, 1]);
    expect([...resample([0.5, -3], 10, 10)]).toEqual([0.5, -1]);
  });

  it("queues pushed samples at their rate, converted to the device's, in call order", () => {
    const written: number[][] = [];
    const device: AudioDevice = {
      sampleRate: 8000,
      write: (s) => written.push([...s]),
      queuedSeconds: () => 0,
      drain() {},
      stop() {},
      mic: SILENT_MIC,
    };
    const imports = createAudioImports(device) as Record<string, Fn>;
    for (const s of [0.25, 0.5]) imports.host_push(s);
    imports.host_play(4000);
    imports.host_tone(0, 0.001, 0, 0);
    expect(written).toEqual([
      [0.25, 0.375, 0.5, 0.5],
      [0, 0, 0, 0, 0, 0, 0, 0],
    ]);
    expect(() => imports.host_play(10)).toThrow("play rate 10 must be 1000..384000");
  });

  it("summarises the microphone: peak band and centroid, -1 and 0 in silence", () => {
    let started = 0;
    const bins = new Float32Array(64);
    const device: AudioDevice = {
      sampleRate: 8000,
      write() {},
      queuedSeconds: () => 0,
      drain() {},
      stop() {},
      mic: { start: () => started++, level: () => 0.25, bins: () => bins, binHz: () => 100 },
    };
    const imports = createAudioImports(device) as Record<string, Fn>;
    expect([imports.host_mic_peak_bin(), imports.host_mic_centroid()]).toEqual([-1, 0]);
    bins[3] = 1;
    expect([
      imports.host_mic_level(),
      imports.host_mic_bins(),
      imports.host_mic_peak_bin(),
      imports.host_mic_centroid(),
    ]).toEqual([0.25, 64, 3, 350]);
    expect(started).toBe(1); // permission is asked once, on first use
  });
});
