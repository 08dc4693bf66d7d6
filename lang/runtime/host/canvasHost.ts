// std.canvas's imports (module "pith_canvas"): the framebuffer and its
// drawing, frame presentation, pacing and input. Where frames go is the
// device's business: the browser posts them to the page, `pith run` writes
// PNG files or drops them.
import { Framebuffer, MAX_SIDE } from "./framebuffer";
import type { InputState } from "./input";
import { HostError, type MemoryRef, readStrBytes } from "./memory";

export interface CanvasDevice {
  input: InputState;
  /** The program opened its framebuffer (scale: screen pixels per framebuffer pixel). */
  open(frame: Framebuffer, scale: number): void;
  /** A presented frame; `index` counts from 0. The pixels change after it returns. */
  present(frame: Framebuffer, index: number): void;
  /** Whether the program should end now (beyond the user's Stop, in input). */
  shouldClose?(presented: number): boolean;
}

export function createCanvasImports(memory: MemoryRef, device: CanvasDevice): WebAssembly.ModuleImports {
  let frame: Framebuffer | undefined;
  let presented = 0;
  const input = device.input;
  // key_pressed is "since the previous present()", each press once. A key's
  // presses up to a present() count as seen, except those that came after the
  // program last asked about that key in the frame (while it drew): they are
  // reported in the next frame, as are those that come while present() waits
  // for the page to show frames. Counting up to the end of that wait instead
  // lost every press made during it, which on a loaded machine was most.
  const pressesSeen = new Int32Array(256);
  /** Each key's press count at the program's latest key_pressed of this frame; -1: not asked. */
  const lastAsked = new Int32Array(256).fill(-1);
  const fb = (): Framebuffer => {
    if (!frame) throw new HostError("std.canvas: draw before canvas.open(width, height, scale)");
    return frame;
  };
  const closing = () => input.closeRequested() || (device.shouldClose?.(presented) ?? false);
  return {
    host_open(width: number, height: number, scale: number) {
      if (frame) throw new HostError("std.canvas: canvas.open called twice");
      if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE)
        throw new HostError(`std.canvas: open(${width}, ${height}): sides must be 1..${MAX_SIDE}`);
      if (scale < 1 || scale > 64) throw new HostError(`std.canvas: open scale ${scale} must be 1..64`);
      frame = new Framebuffer(width, height);
      device.open(frame, scale);
    },
    host_clear: (color: number) => fb().clear(color),
    host_pixel: (x: number, y: number, color: number) => fb().pixel(x, y, color),
    host_get_pixel: (x: number, y: number) => fb().getPixel(x, y) | 0,
    host_rect(x: number, y: number, w: number, h: number, color: number, filled: number) {
      if (filled) fb().fillRect(x, y, w, h, color);
      else fb().strokeRect(x, y, w, h, color);
    },
    host_line: (x0: number, y0: number, x1: number, y1: number, color: number) => fb().line(x0, y0, x1, y1, color),
    host_circle(cx: number, cy: number, r: number, color: number, filled: number) {
      if (filled) fb().fillCircle(cx, cy, r, color);
      else fb().strokeCircle(cx, cy, r, color);
    },
    host_text: (x: number, y: number, s: number, color: number) => fb().text(x, y, readStrBytes(memory(), s), color),
    host_present() {
      const frame = fb();
      for (let k = 0; k < 256; k++) {
        pressesSeen[k] = lastAsked[k] >= 0 ? lastAsked[k] : input.keyPresses(k);
        lastAsked[k] = -1;
      }
      device.present(frame, presented);
      presented++;
    },
    host_sleep(ms: number) {
      const end = performance.now() + Math.max(0, ms);
      for (let left = ms; left > 0 && !closing(); left = end - performance.now()) input.waitForChange(left);
    },
    host_frame_count: () => presented,
    host_mouse_x: () => input.mouseX(),
    host_mouse_y: () => input.mouseY(),
    host_mouse_buttons: () => input.buttons(),
    host_key_down: (key: number) => (input.keyDown(key) ? 1 : 0),
    host_key_pressed(key: number) {
      if (key < 0 || key >= 256) return 0;
      lastAsked[key] = input.keyPresses(key);
      return lastAsked[key] > pressesSeen[key] ? 1 : 0;
    },
    host_should_close: () => (closing() ? 1 : 0),
  };
}
