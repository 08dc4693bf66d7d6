// A software framebuffer: RGBA pixels with the drawing primitives std.canvas
// offers. Every host (the browser worker, `pith run`, the tests) draws with
// this one implementation, so a frame is the same pixels everywhere.
import { CELL_HEIGHT, CELL_WIDTH, GLYPH_HEIGHT, GLYPH_WIDTH, glyphRows } from "./font";

/** The largest framebuffer side a program may open. */
export const MAX_SIDE = 2048;

export class Framebuffer {
  readonly width: number;
  readonly height: number;
  /** Row-major RGBA, 4 bytes a pixel, always opaque. */
  readonly pixels: Uint8ClampedArray;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.pixels = new Uint8ClampedArray(width * height * 4);
    this.clear(0x000000ff);
  }

  /** Fills every pixel with `color` (0xRRGGBBAA; alpha ignored: the frame stays opaque). */
  clear(color: number): void {
    const c = color >>> 0;
    const r = c >>> 24;
    const g = (c >>> 16) & 255;
    const b = (c >>> 8) & 255;
    const p = this.pixels;
    for (let i = 0; i < p.length; i += 4) {
      p[i] = r;
      p[i + 1] = g;
      p[i + 2] = b;
      p[i + 3] = 255;
    }
  }

  /** Sets one pixel, blending by the colour's alpha; outside the frame it does nothing. */
  pixel(x: number, y: number, color: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const c = color >>> 0;
    const a = c & 255;
    if (a === 0) return;
    const i = (y * this.width + x) * 4;
    const p = this.pixels;
    if (a === 255) {
      p[i] = c >>> 24;
      p[i + 1] = (c >>> 16) & 255;
      p[i + 2] = (c >>> 8) & 255;
      return;
    }
    const keep = 255 - a;
    p[i] = Math.floor(((c >>> 24) * a + p[i] * keep + 127) / 255);
    p[i + 1] = Math.floor((((c >>> 16) & 255) * a + p[i + 1] * keep + 127) / 255);
    p[i + 2] = Math.floor((((c >>> 8) & 255) * a + p[i + 2] * keep + 127) / 255);
  }

  /** The colour at (x, y) as 0xRRGGBBAA, 0 outside the frame. */
  getPixel(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return 0;
    const i = (y * this.width + x) * 4;
    const p = this.pixels;
    return ((p[i] << 24) | (p[i + 1] << 16) | (p[i + 2] << 8) | p[i + 3]) >>> 0;
  }

  fillRect(x: number, y: number, w: number, h: number, color: number): void {
    const x0 = Math.max(0, x);
    const y0 = Math.max(0, y);
    const x1 = Math.min(this.width, x + w);
    const y1 = Math.min(this.height, y + h);
    for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) this.pixel(xx, yy, color);
  }

  /** A one-pixel outline of the w x h rectangle at (x, y). */
  strokeRect(x: number, y: number, w: number, h: number, color: number): void {
    if (w <= 0 || h <= 0) return;
    this.fillRect(x, y, w, 1, color);
    if (h > 1) this.fillRect(x, y + h - 1, w, 1, color);
    if (h > 2) {
      this.fillRect(x, y + 1, 1, h - 2, color);
      if (w > 1) this.fillRect(x + w - 1, y + 1, 1, h - 2, color);
    }
  }

  /** Bresenham's line, both ends included. */
  line(x0: number, y0: number, x1: number, y1: number, color: number): void {
    const dx = Math.abs(x1 - x0);
    const dy = -Math.abs(y1 - y0);
    const sx = x0 < x1 ? 1 : -1;
    const sy = y0 < y1 ? 1 : -1;
    let err = dx + dy;
    let x = x0;
    let y = y0;
    // Long lines far outside the frame still end: at most dx + |dy| + 1 steps.
    for (let steps = dx - dy + 1; steps > 0; steps--) {
      this.pixel(x, y, color);
      if (x === x1 && y === y1) return;
      const e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        x += sx;
      }
      if (e2 <= dx) {
        err += dx;
        y += sy;
      }
    }
  }

  /** The disc of radius r: every pixel with dx² + dy² <= r² + r. */
  fillCircle(cx: number, cy: number, r: number, color: number): void {
    if (r < 0) return;
    const limit = r * r + r;
    for (let dy = -r; dy <= r; dy++) {
      const y = cy + dy;
      if (y < 0 || y >= this.height) continue;
      let half = 0;
      while ((half + 1) * (half + 1) + dy * dy <= limit) half++;
      for (let x = Math.max(0, cx - half); x <= Math.min(this.width - 1, cx + half); x++) this.pixel(x, y, color);
    }
  }

  /** The midpoint circle of radius r, each pixel drawn once. */
  strokeCircle(cx: number, cy: number, r: number, color: number): void {
    if (r < 0) return;
    const seen = new Set<number>();
    const plot = (x: number, y: number) => {
      const key = (y + MAX_SIDE) * 4 * MAX_SIDE + (x + MAX_SIDE);
      if (seen.has(key)) return;
      seen.add(key);
      this.pixel(x, y, color);
    };
    let x = r;
    let y = 0;
    let err = 1 - r;
    while (x >= y) {
      for (const [px, py] of [
        [x, y],
        [y, x],
        [-y, x],
        [-x, y],
        [-x, -y],
        [-y, -x],
        [y, -x],
        [x, -y],
      ])
        plot(cx + px, cy + py);
      y++;
      if (err < 0) err += 2 * y + 1;
      else {
        x--;
        err += 2 * (y - x) + 1;
      }
    }
  }

  /** ASCII text in the 5x7 font, top-left at (x, y); "\n" starts a new line. */
  text(x: number, y: number, text: Uint8Array, color: number): void {
    let cx = x;
    let cy = y;
    for (const code of text) {
      if ((code & 0xc0) === 0x80) continue; // UTF-8 continuation: one box per character
      if (code === 10) {
        cx = x;
        cy += CELL_HEIGHT;
        continue;
      }
      const rows = glyphRows(code);
      for (let r = 0; r < GLYPH_HEIGHT; r++)
        for (let c = 0; c < GLYPH_WIDTH; c++)
          if ((rows[r] >> (GLYPH_WIDTH - 1 - c)) & 1) this.pixel(cx + c, cy + r, color);
      cx += CELL_WIDTH;
    }
  }
}
