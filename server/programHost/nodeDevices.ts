// The host modules under `pith run`: a headless canvas (frames to PNG files
// with --frames, or dropped; --max-frames ends an interactive program), audio
// collected into a WAV file (--audio) or dropped, and http through Node's
// fetch. Input is idle: no mouse, no keys.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PNG } from "pngjs";
import { type AudioDevice, SILENT_MIC } from "../../lang/runtime/host/audioHost";
import type { CanvasDevice } from "../../lang/runtime/host/canvasHost";
import type { Framebuffer } from "../../lang/runtime/host/framebuffer";
import type { HostDevices } from "../../lang/runtime/host/hostImports";
import { InputState } from "../../lang/runtime/host/input";
import { createNodeFetch } from "./fetchSync";
import { encodeWav } from "./wav";

export interface NodeHostOptions {
  /** Write each presented frame as DIR/frame-NNNN.png. */
  framesDir?: string;
  /** should_close() becomes true after this many presented frames. */
  maxFrames?: number;
  /** Write everything played to this WAV file. */
  audioFile?: string;
}

export const NODE_SAMPLE_RATE = 44100;

export function framePath(dir: string, index: number): string {
  return join(dir, `frame-${String(index).padStart(4, "0")}.png`);
}

export function encodePng(frame: Framebuffer): Buffer {
  return PNG.sync.write({ width: frame.width, height: frame.height, data: Buffer.from(frame.pixels.buffer) } as PNG);
}

export function createNodeDevices(options: NodeHostOptions): { devices: HostDevices; finish(): Promise<void> } {
  if (options.framesDir) mkdirSync(options.framesDir, { recursive: true });
  const canvas: CanvasDevice = {
    input: new InputState(),
    open() {},
    present(frame, index) {
      if (options.framesDir) writeFileSync(framePath(options.framesDir, index), encodePng(frame));
    },
    shouldClose: (presented) => options.maxFrames !== undefined && presented >= options.maxFrames,
  };
  const chunks: Float32Array[] = [];
  const audio: AudioDevice = {
    sampleRate: NODE_SAMPLE_RATE,
    write(samples) {
      if (options.audioFile) chunks.push(samples);
    },
    queuedSeconds: () => 0,
    drain() {},
    stop() {},
    mic: SILENT_MIC,
  };
  const http = createNodeFetch();
  return {
    devices: { canvas, audio, fetchSync: http.fetchSync },
    async finish() {
      await http.close();
      if (!options.audioFile) return;
      const all = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        all.set(c, at);
        at += c.length;
      }
      writeFileSync(options.audioFile, encodeWav(all, NODE_SAMPLE_RATE));
    },
  };
}
