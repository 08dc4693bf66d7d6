// The site icon, at the URLs browsers and NURL's playground page ask for:
// /favicon.svg and /static/favicon.svg (NURL's page links that one), and
// /favicon.ico, which browsers request on their own. The icon is drawn here
// (a light disc on a dark rounded square) rather than kept as binary files,
// and the .ico is a real ICO container around a PNG of the same drawing, so
// every browser that asks gets an image in the format it asked for.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { PNG } from "pngjs";

const SIZE = 32;
const BACKGROUND = [0x0f, 0x11, 0x15];
const DISC = [0x7c, 0xc4, 0xff];

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}">
<rect width="${SIZE}" height="${SIZE}" rx="6" fill="#0f1115"/>
<circle cx="16" cy="16" r="9" fill="#7cc4ff"/>
</svg>
`;

/** The same drawing as SVG, pixel by pixel: rounded corners transparent, disc of radius 9. */
function iconPng(): Buffer {
  const png = new PNG({ width: SIZE, height: SIZE });
  const corner = 6;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const at = (y * SIZE + x) * 4;
      // Distance outside the rounded square's inner rectangle, for the corners.
      const dx = Math.max(corner - x - 0.5, x + 0.5 - (SIZE - corner), 0);
      const dy = Math.max(corner - y - 0.5, y + 0.5 - (SIZE - corner), 0);
      const inside = dx * dx + dy * dy <= corner * corner;
      const inDisc = (x + 0.5 - 16) ** 2 + (y + 0.5 - 16) ** 2 <= 81;
      const [r, g, b] = inDisc ? DISC : BACKGROUND;
      png.data[at] = r;
      png.data[at + 1] = g;
      png.data[at + 2] = b;
      png.data[at + 3] = inside ? 255 : 0;
    }
  }
  return PNG.sync.write(png);
}

/** An ICO file holding one PNG image (the format Windows Vista and every current browser read). */
export function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6); // width (0 means 256)
  header.writeUInt8(size % 256, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(header.length, 18); // image offset
  return Buffer.concat([header, png]);
}

const CACHE = { "cache-control": "public, max-age=86400" };

function iconRoute(path: string, type: string) {
  return createRoute({
    method: "get",
    path,
    tags: ["language"],
    summary: "The site icon",
    responses: {
      200: { description: "The icon", content: { [type]: { schema: z.string().openapi({ format: "binary" }) } } },
    },
  });
}

export function registerFavicon(app: OpenAPIHono): void {
  const ico = icoOf(iconPng(), SIZE);
  for (const path of ["/favicon.svg", "/static/favicon.svg"]) {
    app.openapi(iconRoute(path, "image/svg+xml"), (c) =>
      c.body(SVG, 200, { "content-type": "image/svg+xml", ...CACHE }),
    );
  }
  app.openapi(iconRoute("/favicon.ico", "image/x-icon"), (c) =>
    c.body(new Uint8Array(ico), 200, { "content-type": "image/x-icon", ...CACHE }),
  );
}
