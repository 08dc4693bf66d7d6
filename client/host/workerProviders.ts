// The program worker's side of std.canvas, std.audio and std.http: devices
// for the shared host (lang/runtime/host) that talk to the page through
// SharedArrayBuffers (input, audio ring, microphone, fetch answers) and
// posted messages (frames as ImageBitmaps, requests). Registered in
// client/run/hostModules.ts.
import { type AudioDevice, createAudioImports } from "../../lang/runtime/host/audioHost";
import { type CanvasDevice, createCanvasImports } from "../../lang/runtime/host/canvasHost";
import { createHttpImports, type HttpRequest } from "../../lang/runtime/host/httpHost";
import { InputState, SHOWN } from "../../lang/runtime/host/input";
import { HOST_MODULE_NAMES, type HostModuleName, hostImportName } from "../../protocol/hostModules";
import { createRing, RING_SAMPLE_RATE, RingWriter } from "./audioRing";
import type { AudioMessage, CanvasMessage, HttpMessage } from "./hostMessages";
import { awaitFetch, createHttpChannel } from "./httpChannel";
import { createMicChannel, readMic } from "./micChannel";

/** What a provider gets from the program worker (client/run/hostModules.ts's HostContext). */
interface ProviderContext {
  memory(): WebAssembly.Memory;
  post(payload: unknown, transfer?: Transferable[]): void;
}

/** Frames sent but not yet shown on the page before present() waits: keeps a fast loop from flooding it. */
const FRAMES_IN_FLIGHT = 2;

function canvasDevice(post: (m: CanvasMessage, transfer?: Transferable[]) => void): CanvasDevice {
  const input = new InputState();
  post({ type: "init", input: input.ints.buffer as SharedArrayBuffer });
  let surface: OffscreenCanvasRenderingContext2D | undefined;
  return {
    input,
    open(frame, scale) {
      surface = new OffscreenCanvas(frame.width, frame.height).getContext("2d") ?? undefined;
      post({ type: "open", width: frame.width, height: frame.height, scale });
    },
    present(frame, index) {
      while (index - input.shown() >= FRAMES_IN_FLIGHT && !input.closeRequested())
        Atomics.wait(input.ints, SHOWN, input.shown(), 50);
      if (!surface) return;
      surface.putImageData(new ImageData(frame.pixels.slice(), frame.width, frame.height), 0, 0);
      const bitmap = (surface.canvas as OffscreenCanvas).transferToImageBitmap();
      post({ type: "frame", bitmap, index }, [bitmap]);
    },
  };
}

function audioDevice(post: (m: AudioMessage) => void): AudioDevice {
  const ring = createRing();
  const mic = createMicChannel();
  post({ type: "init", ring, mic, sampleRate: RING_SAMPLE_RATE });
  const writer = new RingWriter(ring);
  let started = false;
  return {
    sampleRate: RING_SAMPLE_RATE,
    write(samples) {
      if (!started) {
        started = true;
        post({ type: "start" });
      }
      writer.write(samples);
    },
    queuedSeconds: () => writer.queued() / RING_SAMPLE_RATE,
    drain: () => writer.drain(),
    stop: () => writer.flush(),
    mic: {
      start: () => post({ type: "mic" }),
      level: () => readMic(mic).level,
      bins: () => readMic(mic).bins,
      binHz: () => readMic(mic).binHz,
    },
  };
}

function fetchSync(post: (m: HttpMessage) => void) {
  const channel = createHttpChannel();
  post({ type: "init", channel });
  return (request: HttpRequest) => {
    post({ type: "fetch", request });
    return awaitFetch(channel, request.url);
  };
}

// Keyed by the host-module table (protocol/hostModules.ts): a module added
// there without a provider here does not compile.
const PROVIDERS: Record<HostModuleName, (context: ProviderContext) => WebAssembly.ModuleImports> = {
  canvas: (context) => createCanvasImports(context.memory, canvasDevice(context.post)),
  audio: (context) => createAudioImports(audioDevice(context.post)),
  http: (context) => createHttpImports(context.memory, fetchSync(context.post)),
};

export const PITH_HOST_MODULES = HOST_MODULE_NAMES.map((module) => ({
  name: hostImportName(module),
  imports: PROVIDERS[module],
}));
