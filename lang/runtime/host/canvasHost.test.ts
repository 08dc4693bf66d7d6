// std.canvas's imports against a recording device: presents, input as the
// program sees it (key_pressed once per press, between presents), Stop and
// the device's own end (--max-frames), and errors that name the mistake.
import { describe, expect, it } from "vitest";
import { type CanvasDevice, createCanvasImports } from "./canvasHost";
import { InputState, keyCode } from "./input";
import { HostError } from "./memory";

type Fn = (...args: number[]) => number;

function setup(maxFrames?: number) {
  const presented: string[] = [];
  const device: CanvasDevice = {
    input: new InputState(),
    open: (frame, scale) => presented.push(`open ${frame.width}x${frame.height} x${scale}`),
    present: (frame, index) => presented.push(`frame ${index} ${frame.getPixel(0, 0).toString(16)}`),
    shouldClose: maxFrames === undefined ? undefined : (n) => n >= maxFrames,
  };
  const memory = new WebAssembly.Memory({ initial: 1 });
  const imports = createCanvasImports(() => memory, device) as Record<string, Fn>;
  return { imports, presented, input: device.input };
}

describe("std.canvas's host imports", () => {
  it("opens once, draws, and presents numbered frames", () => {
    const { imports, presented } = setup();
    imports.host_open(8, 4, 3);
    imports.host_clear(0x112233ff);
    imports.host_present();
    imports.host_pixel(0, 0, 0xffffffff | 0);
    imports.host_present();
    expect(presented).toEqual(["open 8x4 x3", "frame 0 112233ff", "frame 1 ffffffff"]);
    expect(imports.host_frame_count()).toBe(2);
  });

  it("rejects drawing before open, a second open and impossible sizes with messages", () => {
    const { imports } = setup();
    expect(() => imports.host_clear(0)).toThrow(
      new HostError("std.canvas: draw before canvas.open(width, height, scale)"),
    );
    expect(() => imports.host_open(0, 10, 1)).toThrow("sides must be 1..2048");
    expect(() => imports.host_open(10, 10, 0)).toThrow("scale 0 must be 1..64");
    imports.host_open(10, 10, 1);
    expect(() => imports.host_open(10, 10, 1)).toThrow("canvas.open called twice");
  });

  it("reports a key as pressed once per press, until the next present", () => {
    const { imports, input } = setup();
    imports.host_open(2, 2, 1);
    const left = keyCode("ArrowLeft");
    expect(imports.host_key_pressed(left)).toBe(0);
    input.setKey(left, true);
    expect([imports.host_key_down(left), imports.host_key_pressed(left)]).toEqual([1, 1]);
    imports.host_present();
    expect([imports.host_key_down(left), imports.host_key_pressed(left)]).toEqual([1, 0]);
    // Pressed and released between two frames: not down, but pressed.
    input.setKey(left, false);
    input.setKey(left, true);
    input.setKey(left, false);
    expect([imports.host_key_down(left), imports.host_key_pressed(left)]).toEqual([0, 1]);
  });

  it("reports a press made while present() waits for the page in the next frame", () => {
    const { imports, input } = setup();
    const down = keyCode("ArrowDown");
    // The page shows frames late (a loaded machine): the key goes down and up during the wait.
    const device = {
      input,
      open: () => {},
      present: () => {
        input.setKey(down, true);
        input.setKey(down, false);
      },
    };
    const memory = new WebAssembly.Memory({ initial: 1 });
    const waiting = createCanvasImports(() => memory, device) as Record<string, Fn>;
    waiting.host_open(2, 2, 1);
    expect(waiting.host_key_pressed(down)).toBe(0);
    waiting.host_present();
    expect(waiting.host_key_pressed(down)).toBe(1);
    expect(imports.host_frame_count()).toBe(0);
  });

  it("reports a press made after the program asked, while it drew, in the next frame and only there", () => {
    const { imports, input } = setup();
    imports.host_open(2, 2, 1);
    const space = keyCode(" ");
    const left = keyCode("ArrowLeft");
    expect(imports.host_key_pressed(space)).toBe(0);
    input.setKey(space, true);
    input.setKey(left, true);
    imports.host_present();
    // Space came after the question: reported now, once. Left was never asked about in
    // that frame: its press belongs to the frame that ended.
    expect([imports.host_key_pressed(space), imports.host_key_pressed(left)]).toEqual([1, 0]);
    expect(imports.host_key_pressed(space)).toBe(1);
    imports.host_present();
    expect(imports.host_key_pressed(space)).toBe(0);
  });

  it("maps keys to std.canvas's codes: arrows, space, enter, escape, letters upper-case", () => {
    expect(
      ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", " ", "Enter", "Escape", "a", "Z", "7", "Shift"].map(keyCode),
    ).toEqual([37, 38, 39, 40, 32, 13, 27, 65, 90, 55, -1]);
  });

  it("gives the mouse in framebuffer pixels, -1 before it arrives, and buttons as bits", () => {
    const { imports, input } = setup();
    expect([imports.host_mouse_x(), imports.host_mouse_y()]).toEqual([-1, -1]);
    input.setMouse(5, 7, 1);
    expect([imports.host_mouse_x(), imports.host_mouse_y(), imports.host_mouse_buttons()]).toEqual([5, 7, 1]);
  });

  it("turns should_close on at Stop, and after the device's frame limit", () => {
    const stop = setup();
    stop.imports.host_open(1, 1, 1);
    expect(stop.imports.host_should_close()).toBe(0);
    stop.input.requestClose();
    expect(stop.imports.host_should_close()).toBe(1);
    const limited = setup(2);
    limited.imports.host_open(1, 1, 1);
    limited.imports.host_present();
    expect(limited.imports.host_should_close()).toBe(0);
    limited.imports.host_present();
    expect(limited.imports.host_should_close()).toBe(1);
  });

  it("sleeps for the time asked, and not at all once closing", () => {
    const { imports, input } = setup();
    let start = performance.now();
    imports.host_sleep(40);
    expect(performance.now() - start).toBeGreaterThanOrEqual(39);
    input.requestClose();
    start = performance.now();
    imports.host_sleep(5000);
    // Far below the 5 s asked: it did not sleep (a busy machine may still delay the call itself).
    expect(performance.now() - start).toBeLessThan(2500);
  });
});
