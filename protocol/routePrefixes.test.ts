import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AnomalyService } from "../anomaly";
import { FileStore } from "../anomaly/node";
import { createApp } from "../server/app";
import { prefixPattern, SERVER_PATH_PREFIXES, topLevelPrefix } from "./routePrefixes";

// The real app with every optional service mounted, so its route list is the
// whole HTTP surface the proxy and the service worker must know about.
const storeRoot = mkdtempSync(join(tmpdir(), "route-prefixes-"));
const anomaly = new AnomalyService(new FileStore(storeRoot));
const app = createApp({ anomaly, spaRoot: join(storeRoot, "no-spa") });
afterAll(async () => {
  await anomaly.close();
  rmSync(storeRoot, { recursive: true, force: true });
});

// Middleware ("*") and the SPA's catch-all are not server pages.
const serverPaths = [...new Set(app.routes.map((route) => route.path))].filter(
  (path) => path !== "*" && path !== "/*" && path !== "/",
);

describe("the one list of server path prefixes", () => {
  it("holds the top-level segment of every route the server mounts", () => {
    const missing = serverPaths.filter((path) => !SERVER_PATH_PREFIXES.includes(topLevelPrefix(path)));
    expect(missing).toEqual([]);
  });

  it("holds no prefix the server does not answer", () => {
    const mounted = new Set(serverPaths.map(topLevelPrefix));
    expect(SERVER_PATH_PREFIXES.filter((prefix) => !mounted.has(prefix))).toEqual([]);
  });

  it("gives the deny-list a pattern that matches every server path and no look-alike", () => {
    const patterns = SERVER_PATH_PREFIXES.map(prefixPattern);
    const concrete = serverPaths.map((path) => path.replace(/:[^/]+/g, "x").replace(/\*/g, "x"));
    expect(concrete.filter((path) => !patterns.some((pattern) => pattern.test(path)))).toEqual([]);
    for (const page of ["/semantics", "/mcp-info", "/mcp-info.md", "/metrics", "/grammar.ebnf"]) {
      expect(patterns.some((pattern) => pattern.test(page))).toBe(true);
    }
    // The SPA's own routes must still fall back to the shell offline.
    for (const spaPath of ["/", "/index.html", "/healthy", "/buildx", "/p/abc"]) {
      expect(patterns.some((pattern) => pattern.test(spaPath))).toBe(false);
    }
  });
});
