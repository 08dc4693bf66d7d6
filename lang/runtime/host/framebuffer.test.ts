// The software framebuffer every host draws with: exact pixels for each
// primitive, clipping at the edges, alpha blending, the font.
import { describe, expect, it } from "vitest";
import { glyphRows } from "./font";
import { Framebuffer } from "./framebuffer";

const RED = 0xff0000ff;
const WHITE = 0xffffffff;

/** The frame as rows of characters: '#' where the pixel is `color`, '.' elsewhere. */
function picture(fb: Framebuffer, color: number): string[] {
  const rows: string[] = [];
  for (let y = 0; y < fb.height; y++) {
    let row = "";
    for (let x = 0; x < fb.width; x++) row += fb.getPixel(x, y) === color >>> 0 ? "#" : ".";
    rows.push(row);
  }
  return rows;
}

describe("the framebuffer", () => {
  it("starts opaque black and clear fills every pixel", () => {
    const fb = new Framebuffer(3, 2);
    expect(fb.getPixel(2, 1)).toBe(0x000000ff);
    fb.clear(0x102030ff);
    expect([...fb.pixels.subarray(0, 8)]).toEqual([16, 32, 48, 255, 16, 32, 48, 255]);
  });

  it("clips drawing outside the frame and reads 0 there", () => {
    const fb = new Framebuffer(4, 4);
    fb.fillRect(-2, -2, 4, 4, RED);
    fb.pixel(10, 10, RED);
    expect(picture(fb, RED)).toEqual(["##..", "##..", "....", "...."]);
    expect(fb.getPixel(-1, 0)).toBe(0);
  });

  it("outlines a rectangle one pixel wide", () => {
    const fb = new Framebuffer(5, 4);
    fb.strokeRect(0, 0, 5, 4, WHITE);
    expect(picture(fb, WHITE)).toEqual(["#####", "#...#", "#...#", "#####"]);
  });

  it("draws lines end to end in any direction", () => {
    const fb = new Framebuffer(5, 3);
    fb.line(4, 2, 0, 0, WHITE);
    expect(picture(fb, WHITE)).toEqual(["##...", "..##.", "....#"]);
  });

  it("draws filled and outlined circles symmetric about their centre", () => {
    const fb = new Framebuffer(7, 7);
    fb.fillCircle(3, 3, 2, WHITE);
    expect(picture(fb, WHITE)).toEqual([".......", "..###..", ".#####.", ".#####.", ".#####.", "..###..", "......."]);
    const ring = new Framebuffer(7, 7);
    ring.strokeCircle(3, 3, 3, WHITE);
    expect(picture(ring, WHITE)).toEqual(["..###..", ".#...#.", "#.....#", "#.....#", "#.....#", ".#...#.", "..###.."]);
  });

  it("blends a translucent colour over what is there", () => {
    const fb = new Framebuffer(1, 1);
    fb.clear(0x000000ff);
    fb.pixel(0, 0, 0xff000080); // half-transparent red
    expect([...fb.pixels]).toEqual([128, 0, 0, 255]);
    fb.pixel(0, 0, 0x00ff0000); // fully transparent: no change
    expect([...fb.pixels]).toEqual([128, 0, 0, 255]);
  });

  it("writes text in the 5x7 font, one cell per character, new lines on \\n", () => {
    const fb = new Framebuffer(12, 16);
    fb.text(0, 0, new TextEncoder().encode("Hi\nA"), WHITE);
    const rows = picture(fb, WHITE);
    expect(rows.slice(0, 7)).toEqual([
      "#...#...#...",
      "#...#.......",
      "#...#..##...",
      "#####...#...",
      "#...#...#...",
      "#...#...#...",
      "#...#..###..",
    ]);
    expect(rows[8]).toBe(".###........"); // 'A' on the second line
  });

  it("has a glyph for every printable ASCII character and a box for others", () => {
    for (let c = 33; c < 127; c++)
      expect(
        glyphRows(c).some((r) => r !== 0),
        String.fromCharCode(c),
      ).toBe(true);
    expect(glyphRows(200)).toEqual([0x1f, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1f]);
  });
});
