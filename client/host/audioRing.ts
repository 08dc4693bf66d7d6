// The audio queue between the program worker (the only writer) and the
// AudioWorklet (the only reader): a SharedArrayBuffer ring of f32 samples
// with free-running indices, so neither side ever posts a message per block.
// Layout (Int32 header): [0] samples written, [1] samples read, [2] flush-to
// (the reader skips up to it: stop()), [3] samples the reader played that
// were not silence, [4] and [5] a checksum of the first PROBE_SAMPLES samples
// read (taps for tests: what reached the worklet), then the samples.

export const RING_SAMPLE_RATE = 48000;
/** One second of queue; a writer with more waits for room. */
export const RING_CAPACITY = 48000;
export const HEADER_INTS = 6;
export const WRITE = 0;
export const READ = 1;
export const FLUSH_TO = 2;
export const AUDIBLE = 3;
const PROBED = 4;
const PROBE_SUM = 5;
/** How many of the first samples the worklet checksums. */
export const PROBE_SAMPLES = 4800;

/**
 * The checksum the worklet keeps of the first samples it reads: each sample
 * as 16-bit PCM, weighted by its position, summed modulo 2^31.
 */
export function probeChecksum(samples: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < Math.min(samples.length, PROBE_SAMPLES); i++)
    sum = (sum + Math.imul(Math.round(samples[i] * 32767), i + 1)) & 0x7fffffff;
  return sum;
}

/** The worklet's checksum so far and how many samples it covers. */
export function readProbe(ring: SharedArrayBuffer): { samples: number; checksum: number } {
  const header = new Int32Array(ring, 0, HEADER_INTS);
  return { samples: Atomics.load(header, PROBED), checksum: Atomics.load(header, PROBE_SUM) };
}

export function createRing(): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_INTS * 4 + RING_CAPACITY * 4);
}

/** The writer's side, in the program worker. */
export class RingWriter {
  private readonly header: Int32Array;
  private readonly data: Float32Array;

  constructor(ring: SharedArrayBuffer) {
    this.header = new Int32Array(ring, 0, HEADER_INTS);
    this.data = new Float32Array(ring, HEADER_INTS * 4, RING_CAPACITY);
  }

  queued(): number {
    return (Atomics.load(this.header, WRITE) - Atomics.load(this.header, READ)) | 0;
  }

  /**
   * Appends samples, waiting while the ring is full. Gives up (dropping the
   * rest) when the reader made no progress for `stallMs`: no audio output.
   */
  write(samples: Float32Array, stallMs = 2000): void {
    let at = 0;
    let stalledSince = performance.now();
    while (at < samples.length) {
      const written = Atomics.load(this.header, WRITE);
      const read = Atomics.load(this.header, READ);
      const room = RING_CAPACITY - ((written - read) | 0);
      if (room <= 0) {
        if (performance.now() - stalledSince > stallMs) return;
        Atomics.wait(this.header, READ, read, 20);
        continue;
      }
      stalledSince = performance.now();
      const n = Math.min(room, samples.length - at);
      for (let i = 0; i < n; i++) this.data[(written + i) % RING_CAPACITY] = samples[at + i];
      at += n;
      Atomics.store(this.header, WRITE, (written + n) | 0);
    }
  }

  /** Waits until the reader has played everything (or stalls for stallMs). */
  drain(stallMs = 2000): void {
    let last = Atomics.load(this.header, READ);
    let since = performance.now();
    while (this.queued() > 0) {
      Atomics.wait(this.header, READ, last, 20);
      const now = Atomics.load(this.header, READ);
      if (now !== last) {
        last = now;
        since = performance.now();
      } else if (performance.now() - since > stallMs) return;
    }
  }

  /** Drops everything queued: the reader skips to the current write index. */
  flush(): void {
    Atomics.store(this.header, FLUSH_TO, Atomics.load(this.header, WRITE));
  }
}

/**
 * The AudioWorkletProcessor that reads the ring, as source text (loaded from
 * a Blob URL: a worklet module cannot import the app's bundle).
 */
export const RING_PROCESSOR_SOURCE = `
class PithRingReader extends AudioWorkletProcessor {
  constructor(options) {
    super();
    const ring = options.processorOptions.ring;
    this.header = new Int32Array(ring, 0, ${HEADER_INTS});
    this.data = new Float32Array(ring, ${HEADER_INTS * 4}, ${RING_CAPACITY});
  }
  process(inputs, outputs) {
    const out = outputs[0][0];
    const h = this.header;
    let read = Atomics.load(h, ${READ});
    const flushTo = Atomics.load(h, ${FLUSH_TO});
    if (((flushTo - read) | 0) > 0) read = flushTo;
    const written = Atomics.load(h, ${WRITE});
    const n = Math.min(out.length, (written - read) | 0);
    let audible = 0;
    let probed = Atomics.load(h, ${PROBED});
    let sum = Atomics.load(h, ${PROBE_SUM});
    for (let i = 0; i < n; i++) {
      const v = this.data[(read + i) % ${RING_CAPACITY}];
      out[i] = v;
      if (v !== 0) audible++;
      if (probed < ${PROBE_SAMPLES}) {
        probed++;
        sum = (sum + Math.imul(Math.round(v * 32767), probed)) & 0x7fffffff;
      }
    }
    Atomics.store(h, ${PROBED}, probed);
    Atomics.store(h, ${PROBE_SUM}, sum);
    for (let i = Math.max(0, n); i < out.length; i++) out[i] = 0;
    for (let c = 1; c < outputs[0].length; c++) outputs[0][c].set(out);
    Atomics.store(h, ${READ}, (read + Math.max(0, n)) | 0);
    if (audible) Atomics.add(h, ${AUDIBLE}, audible);
    Atomics.notify(h, ${READ});
    return true;
  }
}
registerProcessor("pith-ring-reader", PithRingReader);
`;
