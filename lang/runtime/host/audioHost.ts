// std.audio's imports (module "pith_audio"): tones and generated samples are
// rendered here at the device's sample rate, then handed to the device (the
// browser's AudioWorklet ring, or a WAV file under `pith run`).
import { HostError } from "./memory";

export interface MicSource {
  /** Asks for the microphone (the first mic call of a program). */
  start(): void;
  /** RMS of the latest block, 0..1. */
  level(): number;
  /** Band magnitudes, 0..1, from 0 Hz to half the sample rate. */
  bins(): Float32Array;
  /** Centre of the band width in Hz, for the centroid. */
  binHz(): number;
}

export interface AudioDevice {
  readonly sampleRate: number;
  /** Appends samples to the queue; may block while the queue is full. */
  write(samples: Float32Array): void;
  queuedSeconds(): number;
  /** Blocks until everything queued has played. */
  drain(): void;
  /** Silences at once and empties the queue. */
  stop(): void;
  mic: MicSource;
}

/** A microphone that hears nothing (no device, or headless). */
export const SILENT_MIC: MicSource = {
  start() {},
  level: () => 0,
  bins: () => new Float32Array(64),
  binHz: () => 0,
};

const WAVES = ["sine", "square", "saw", "triangle", "noise"] as const;
/** Fade in and out over 5 ms so notes do not click. */
const RAMP_SECONDS = 0.005;
const MAX_SECONDS = 600;

/** Renders a tone; deterministic (noise comes from a fixed linear congruential sequence). */
export function renderTone(rate: number, freq: number, seconds: number, wave: number, volume: number): Float32Array {
  if (!(seconds >= 0 && seconds <= MAX_SECONDS))
    throw new HostError(`std.audio: tone duration ${seconds} s must be 0..${MAX_SECONDS}`);
  if (wave < 0 || wave >= WAVES.length)
    throw new HostError(`std.audio: unknown waveform ${wave} (use audio.SINE, SQUARE, SAW, TRIANGLE or NOISE)`);
  const n = Math.round(seconds * rate);
  const out = new Float32Array(n);
  const gain = Math.max(0, Math.min(1, volume));
  if (gain === 0 || !(freq > 0)) return out;
  const ramp = Math.max(1, Math.min(Math.floor(n / 2), Math.round(RAMP_SECONDS * rate)));
  let noise = 0x2545f491;
  for (let i = 0; i < n; i++) {
    const phase = ((i * freq) / rate) % 1;
    let v: number;
    if (wave === 0) v = Math.sin(2 * Math.PI * phase);
    else if (wave === 1) v = phase < 0.5 ? 1 : -1;
    else if (wave === 2) v = 2 * phase - 1;
    else if (wave === 3) v = phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase;
    else {
      noise = (Math.imul(noise, 1103515245) + 12345) | 0;
      v = ((noise >>> 8) & 0xffff) / 32767.5 - 1;
    }
    const env = Math.min(1, i / ramp, (n - 1 - i) / ramp);
    out[i] = v * gain * env;
  }
  return out;
}

/** Linear resampling of samples at `from` Hz to `to` Hz, clamped to [-1, 1]. */
export function resample(samples: ArrayLike<number>, from: number, to: number): Float32Array {
  const clamp = (x: number) => (x > 1 ? 1 : x < -1 ? -1 : Number.isNaN(x) ? 0 : x);
  if (from === to) return Float32Array.from(samples, clamp);
  const n = Math.floor((samples.length * to) / from);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const at = (i * from) / to;
    const k = Math.floor(at);
    const a = samples[k] ?? 0;
    const b = samples[k + 1] ?? a;
    out[i] = clamp(a + (b - a) * (at - k));
  }
  return out;
}

export function createAudioImports(device: AudioDevice): WebAssembly.ModuleImports {
  let pending: number[] = [];
  let micStarted = false;
  const mic = () => {
    if (!micStarted) {
      micStarted = true;
      device.mic.start();
    }
    return device.mic;
  };
  return {
    host_tone(freq: number, seconds: number, wave: number, volume: number) {
      device.write(renderTone(device.sampleRate, freq, seconds, wave, volume));
    },
    host_push(sample: number) {
      pending.push(sample);
    },
    host_play(rate: number) {
      if (rate < 1000 || rate > 384000)
        throw new HostError(`std.audio: play rate ${rate} must be 1000..384000 samples per second`);
      const samples = pending;
      pending = [];
      device.write(resample(samples, rate, device.sampleRate));
    },
    host_queued: () => device.queuedSeconds(),
    host_wait: () => device.drain(),
    host_stop: () => device.stop(),
    host_mic_level: () => mic().level(),
    host_mic_bins: () => mic().bins().length,
    host_mic_bin: (i: number) => mic().bins()[i] ?? 0,
    host_mic_peak_bin() {
      const bins = mic().bins();
      let best = -1;
      let max = 1e-6;
      for (let i = 0; i < bins.length; i++)
        if (bins[i] > max) {
          max = bins[i];
          best = i;
        }
      return best;
    },
    host_mic_centroid() {
      const m = mic();
      const bins = m.bins();
      let sum = 0;
      let weighted = 0;
      for (let i = 0; i < bins.length; i++) {
        sum += bins[i];
        weighted += bins[i] * (i + 0.5) * m.binHz();
      }
      return sum > 0 ? weighted / sum : 0;
    },
  };
}
