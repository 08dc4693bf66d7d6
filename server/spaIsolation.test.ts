// The SPA's cross-origin isolation headers, and the switch that leaves them
// out (CROSS_ORIGIN_ISOLATION=0) so the playground's fallback without
// SharedArrayBuffer can be served and tested.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OpenAPIHono } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { ISOLATION_HEADERS, serveSpa } from "./spa";

const root = mkdtempSync(join(tmpdir(), "spa-isolation-"));
mkdirSync(join(root, "assets"));
writeFileSync(join(root, "index.html"), "<!doctype html><title>SPA</title>");
writeFileSync(join(root, "assets", "app.js"), "console.log(1)");

function app(isolated?: boolean): OpenAPIHono {
  const served = new OpenAPIHono();
  serveSpa(served, root, isolated);
  return served;
}

describe("the SPA's isolation headers", () => {
  it("are sent with the page and its scripts by default", async () => {
    for (const path of ["/", "/assets/app.js"]) {
      const response = await app().request(path, { headers: { accept: "text/html" } });
      expect(response.status).toBe(200);
      for (const [name, value] of Object.entries(ISOLATION_HEADERS)) expect(response.headers.get(name)).toBe(value);
    }
  });

  it("are left out when the server is told not to isolate, and the files are still served", async () => {
    for (const path of ["/", "/assets/app.js"]) {
      const response = await app(false).request(path, { headers: { accept: "text/html" } });
      expect(response.status).toBe(200);
      for (const name of Object.keys(ISOLATION_HEADERS)) expect(response.headers.get(name)).toBeNull();
    }
  });
});
