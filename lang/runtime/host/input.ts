// Mouse, keyboard and Stop, as one Int32Array that the page (or a test)
// writes and the program's host reads. In the browser it lies on a
// SharedArrayBuffer, so a program blocked in its loop sees input at once.

const MOUSE_X = 0;
const MOUSE_Y = 1;
const BUTTONS = 2;
const CLOSE = 3;
/** Bumped on every change so a sleeping program can wake early (Atomics.notify). */
export const WAKE = 4;
/** Frames the page has shown, for the program's back-pressure. */
export const SHOWN = 5;
const KEYS_DOWN = 8;
const KEY_PRESSES = KEYS_DOWN + 256;
export const INPUT_INTS = KEY_PRESSES + 256;

/** Key codes (std.canvas's KEY_* constants): arrows, space, enter, escape, A-Z, 0-9. */
export function keyCode(key: string): number {
  switch (key) {
    case "ArrowLeft":
      return 37;
    case "ArrowUp":
      return 38;
    case "ArrowRight":
      return 39;
    case "ArrowDown":
      return 40;
    case " ":
    case "Spacebar":
      return 32;
    case "Enter":
      return 13;
    case "Escape":
      return 27;
    case "Backspace":
      return 8;
    case "Tab":
      return 9;
  }
  if (key.length === 1) {
    const c = key.toUpperCase().charCodeAt(0);
    if (c > 32 && c < 127) return c;
  }
  return -1;
}

export class InputState {
  readonly ints: Int32Array;

  constructor(ints: Int32Array = new Int32Array(new SharedArrayBuffer(INPUT_INTS * 4))) {
    this.ints = ints;
    if (Atomics.load(ints, MOUSE_X) === 0 && Atomics.load(ints, WAKE) === 0) {
      Atomics.store(ints, MOUSE_X, -1);
      Atomics.store(ints, MOUSE_Y, -1);
    }
  }

  private changed(): void {
    Atomics.add(this.ints, WAKE, 1);
    if (this.ints.buffer instanceof SharedArrayBuffer) Atomics.notify(this.ints, WAKE);
  }

  // The writer's side (the page).
  setMouse(x: number, y: number, buttons: number): void {
    Atomics.store(this.ints, MOUSE_X, x);
    Atomics.store(this.ints, MOUSE_Y, y);
    Atomics.store(this.ints, BUTTONS, buttons);
    this.changed();
  }

  setKey(code: number, down: boolean): void {
    if (code < 0 || code > 255) return;
    const was = Atomics.exchange(this.ints, KEYS_DOWN + code, down ? 1 : 0);
    if (down && !was) Atomics.add(this.ints, KEY_PRESSES + code, 1);
    this.changed();
  }

  requestClose(): void {
    Atomics.store(this.ints, CLOSE, 1);
    this.changed();
  }

  frameShown(): void {
    Atomics.add(this.ints, SHOWN, 1);
    if (this.ints.buffer instanceof SharedArrayBuffer) Atomics.notify(this.ints, SHOWN);
  }

  // The reader's side (the program's host).
  mouseX(): number {
    return Atomics.load(this.ints, MOUSE_X);
  }

  mouseY(): number {
    return Atomics.load(this.ints, MOUSE_Y);
  }

  buttons(): number {
    return Atomics.load(this.ints, BUTTONS);
  }

  keyDown(code: number): boolean {
    return code >= 0 && code < 256 && Atomics.load(this.ints, KEYS_DOWN + code) !== 0;
  }

  /** How many times the key went down so far. */
  keyPresses(code: number): number {
    return code >= 0 && code < 256 ? Atomics.load(this.ints, KEY_PRESSES + code) : 0;
  }

  closeRequested(): boolean {
    return Atomics.load(this.ints, CLOSE) !== 0;
  }

  shown(): number {
    return Atomics.load(this.ints, SHOWN);
  }

  /** Blocks up to ms milliseconds, returning early when input changes (needs a SharedArrayBuffer). */
  waitForChange(ms: number): void {
    if (!(this.ints.buffer instanceof SharedArrayBuffer) || ms <= 0) return;
    Atomics.wait(this.ints, WAKE, Atomics.load(this.ints, WAKE), ms);
  }
}
