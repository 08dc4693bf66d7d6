// What every route shares: security headers, open CORS on the JSON API,
// pages and API routes never answered by the SPA shell, /health's queue and
// disk figures, and an OpenAPI document that an independent validator
// accepts and that describes every route the app serves.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, describe, expect, it } from "vitest";
import { testPlayground } from "./testPlayground";

const playground = testPlayground();
const { app } = playground;
// A second app with a built SPA folder, to prove the routes answer before it.
const spaRoot = join(playground.dir, "spa");
mkdirSync(spaRoot);
writeFileSync(join(spaRoot, "index.html"), "<!doctype html><title>SPA SHELL</title>");
const withSpa = testPlayground({}, { spaRoot });
afterAll(async () => {
  await playground.close();
  await withSpa.close();
});

describe("headers on every response", () => {
  for (const path of ["/health", "/targets", "/readme", "/no/such/route", "/examples/nope"]) {
    it(`${path} carries X-Content-Type-Options and a framing rule`, async () => {
      const response = await app.request(path);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options") ?? response.headers.get("content-security-policy")).toBeTruthy();
    });
  }

  it("opens the JSON API to other origins, preflight included", async () => {
    const preflight = await app.request("/build_wasm", {
      method: "OPTIONS",
      headers: {
        origin: "https://elsewhere.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    const get = await app.request("/targets", { headers: { origin: "https://elsewhere.example" } });
    expect(get.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("routes answer before the SPA shell", () => {
  const navigation = { headers: { accept: "text/html,application/xhtml+xml" } };
  for (const path of [
    "/readme",
    "/grammar",
    "/targets",
    "/examples",
    "/examples/primes",
    "/health",
    "/docs",
    "/readme.md",
  ]) {
    it(`${path} is never the SPA's index.html`, async () => {
      const response = await withSpa.app.request(path, navigation);
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain("SPA SHELL");
    });
  }

  it("an unknown navigation still gets the SPA (the shell is active in this app)", async () => {
    expect(await (await withSpa.app.request("/some/ide/page", navigation)).text()).toContain("SPA SHELL");
  });

  it("an unknown download is a JSON 404 even for a browser navigation", async () => {
    const response = await withSpa.app.request(`/download/${"a".repeat(32)}/main`, navigation);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: "error" });
  });
});

describe("GET /health", () => {
  it("reports the compiler, every toolchain, the build queues and artifact disk use", async () => {
    const body = await (await app.request("/health")).json();
    expect(body).toMatchObject({
      status: "ok",
      compiler_available: true,
      build_queue: { compiles: 0, native: 0 },
      artifacts: { builds: 0, bytes: 0, max_bytes: 1 << 30 },
    });
    expect(body.toolchain).toMatchObject({ wasm: true, "linux-x64": true, "windows-x64": true });
  });
});

describe("the OpenAPI document", () => {
  it("passes an independent OpenAPI 3.1 validator", async () => {
    const doc = await (await app.request("/openapi.json")).json();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every route the app serves, which /docs renders", async () => {
    const doc = (await (await app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const undocumented: string[] = [];
    for (const route of app.routes) {
      if (route.method === "ALL" || route.path.includes("*")) continue; // middleware and catch-alls
      if (["/openapi.json", "/docs", "/docs/init.js", "/docs/assets/:name", "/docs/page.css"].includes(route.path))
        continue;
      const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");
      if (!doc.paths[path]?.[route.method.toLowerCase()]) undocumented.push(`${route.method} ${path}`);
    }
    expect(undocumented).toEqual([]);
    for (const path of [
      "/build_wasm",
      "/build",
      "/build_windows",
      "/build_macos",
      "/build_target",
      "/targets",
      "/download/{build_id}/{filename}",
      "/examples/{name}",
      "/grammar",
      "/grammar.ebnf",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const docsPage = await app.request("/docs");
    expect(docsPage.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(await docsPage.text()).toContain("/docs/init.js");
    expect(await (await app.request("/docs/init.js")).text()).toContain('url: "/openapi.json"');
  });

  it("documents every limit variable in its description", async () => {
    const doc = await (await app.request("/openapi.json")).json();
    for (const name of [
      "MAX_SOURCE_BYTES",
      "COMPILE_TIMEOUT_MS",
      "ARTIFACT_TTL_SECONDS",
      "RATE_LIMIT_NATIVE_PER_MINUTE",
      "PUBLIC_URL",
    ]) {
      expect(doc.info.description).toContain(name);
    }
  });
});
