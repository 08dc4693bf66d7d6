// The page's side of one run's host modules: shows the canvas's frames and
// feeds it input, plays the audio ring through an AudioWorklet, serves the
// microphone and fetch. Created on the Run click (the user gesture audio
// needs), ended when the run ends; Stop silences audio and releases the
// microphone at once.
import { fetchFailure, type HttpOutcome, type HttpRequest } from "../../lang/runtime/host/httpHost";
import { InputState } from "../../lang/runtime/host/input";
import { hostImportName } from "../../protocol/hostModules";
import { AUDIBLE, RING_PROCESSOR_SOURCE, readProbe } from "./audioRing";
import type { AudioMessage, CanvasMessage, HttpMessage } from "./hostMessages";
import { answerFetch } from "./httpChannel";
import { MIC_BINS, writeMic } from "./micChannel";

export interface CanvasInfo {
  width: number;
  height: number;
  scale: number;
}

/** The canvas panel's view of the session. */
export interface CanvasSink {
  show(bitmap: ImageBitmap): void;
}

export class HostSession {
  input: InputState | undefined;
  canvas: CanvasInfo | undefined;
  framesShown = 0;
  private sink: CanvasSink | undefined;
  private pending: ImageBitmap | undefined;
  private listeners = new Set<() => void>();
  private audio: AudioContext | undefined;
  private ring: SharedArrayBuffer | undefined;
  private micChannel: SharedArrayBuffer | undefined;
  private micStream: MediaStream | undefined;
  private micTimer: ReturnType<typeof setInterval> | undefined;
  private httpChannel: SharedArrayBuffer | undefined;
  private ended = false;

  /** Call inside the Run click: a context made during a user gesture may play. */
  constructor() {
    if (typeof AudioContext !== "undefined") {
      this.audio = new AudioContext({ sampleRate: 48000, latencyHint: "interactive" });
      void this.audio.suspend();
    }
  }

  /** Re-renders the panel when the canvas opens. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  attach(sink: CanvasSink | undefined): void {
    this.sink = sink;
    if (sink && this.pending) {
      sink.show(this.pending);
      this.pending = undefined;
    }
  }

  handle(module: string, payload: unknown): void {
    if (this.ended) return;
    if (module === hostImportName("canvas")) this.onCanvas(payload as CanvasMessage);
    else if (module === hostImportName("audio")) void this.onAudio(payload as AudioMessage);
    else if (module === hostImportName("http")) this.onHttp(payload as HttpMessage);
  }

  private onCanvas(m: CanvasMessage): void {
    if (m.type === "init") this.input = new InputState(new Int32Array(m.input));
    else if (m.type === "open") {
      this.canvas = { width: m.width, height: m.height, scale: m.scale };
      for (const l of this.listeners) l();
    } else if (m.type === "frame") {
      if (this.sink) this.sink.show(m.bitmap);
      else {
        this.pending?.close();
        this.pending = m.bitmap;
      }
      this.framesShown++;
      this.input?.frameShown();
    }
  }

  private async onAudio(m: AudioMessage): Promise<void> {
    if (m.type === "init") {
      this.ring = m.ring;
      this.micChannel = m.mic;
    } else if (m.type === "start") await this.startOutput();
    else if (m.type === "mic") await this.startMic();
  }

  private async startOutput(): Promise<void> {
    const context = this.audio;
    if (!context || !this.ring) return;
    const url = URL.createObjectURL(new Blob([RING_PROCESSOR_SOURCE], { type: "text/javascript" }));
    try {
      await context.audioWorklet.addModule(url);
    } finally {
      URL.revokeObjectURL(url);
    }
    if (this.ended) return;
    const node = new AudioWorkletNode(context, "pith-ring-reader", {
      numberOfInputs: 0,
      outputChannelCount: [2],
      processorOptions: { ring: this.ring },
    });
    node.connect(context.destination);
    await context.resume();
  }

  private async startMic(): Promise<void> {
    const context = this.audio;
    const channel = this.micChannel;
    if (!context || !channel || !navigator.mediaDevices?.getUserMedia) return;
    try {
      this.micStream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return; // Refused or absent: the program keeps reading silence.
    }
    if (this.ended) return this.releaseMic();
    await context.resume();
    const analyser = context.createAnalyser();
    analyser.fftSize = MIC_BINS * 2;
    context.createMediaStreamSource(this.micStream).connect(analyser);
    const wave = new Float32Array(analyser.fftSize);
    const bins = new Uint8Array(analyser.frequencyBinCount);
    this.micTimer = setInterval(() => {
      analyser.getFloatTimeDomainData(wave);
      analyser.getByteFrequencyData(bins);
      const level = Math.sqrt(wave.reduce((s, v) => s + v * v, 0) / wave.length);
      writeMic(
        channel,
        level,
        context.sampleRate / analyser.fftSize,
        Array.from(bins, (b) => b / 255),
      );
    }, 33);
  }

  private releaseMic(): void {
    clearInterval(this.micTimer);
    for (const track of this.micStream?.getTracks() ?? []) track.stop();
    this.micStream = undefined;
  }

  private onHttp(m: HttpMessage): void {
    if (m.type === "init") this.httpChannel = m.channel;
    else if (m.type === "fetch" && this.httpChannel) {
      const channel = this.httpChannel;
      void pageFetch(m.request).then((outcome) => answerFetch(channel, outcome));
    }
  }

  /** Non-silent samples the AudioWorklet has played (a tap for tests and meters). */
  audibleSamples(): number {
    return this.ring ? Atomics.load(new Int32Array(this.ring, 0, 4), AUDIBLE) : 0;
  }

  /** The checksum of the first samples the AudioWorklet read from the ring (audioRing.ts). */
  audioProbe(): { samples: number; checksum: number } {
    return this.ring ? readProbe(this.ring) : { samples: 0, checksum: 0 };
  }

  /** Whether the microphone is open (asked for by the program, not yet released). */
  micActive(): boolean {
    return this.micStream?.getTracks().some((t) => t.readyState === "live") ?? false;
  }

  audioState(): AudioContextState | "none" {
    return this.audio?.state ?? "none";
  }

  /** Asks a canvas program to end (should_close()), before the worker is terminated. */
  requestClose(): void {
    this.input?.requestClose();
  }

  /** The run is over (exit, crash or Stop): silence and release everything now. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.input?.requestClose();
    this.releaseMic();
    void this.audio?.close();
    this.pending?.close();
    this.pending = undefined;
  }
}

/** fetch for the program; failures become messages (saying CORS when it may be the cause). */
async function pageFetch(request: HttpRequest): Promise<HttpOutcome> {
  let url: URL;
  try {
    url = new URL(request.url, location.href);
  } catch {
    return { ok: false, error: `request to ${request.url} failed: not a valid URL` };
  }
  try {
    const init: RequestInit = { method: request.method };
    if (request.method !== "GET" && request.method !== "HEAD") {
      init.body = request.body;
      if (request.contentType) init.headers = { "content-type": request.contentType };
    }
    const response = await fetch(url, init);
    const body = new Uint8Array(await response.arrayBuffer());
    return { ok: true, status: response.status, headers: [...response.headers], body };
  } catch (error) {
    return { ok: false, error: fetchFailure(request.url, error, url.origin !== location.origin) };
  }
}
