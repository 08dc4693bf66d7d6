// The HTTP edges of the MCP endpoints, request by request: the
// DNS-rebinding guard, the stateless GET/DELETE answers, malformed JSON,
// the body limit and the build rates.

import { OpenAPIHono } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestPlayground, testPlayground } from "../playground/testPlayground";
import { allowedHostsFromEnv } from "./hostGuard";
import { registerMcp } from "./register";
import { listenOnLoopback } from "./testing";

const JSON_RPC = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};

let playground: TestPlayground;
beforeAll(() => {
  playground = testPlayground({ wasmBuildsPerMinute: 2, maxBodyBytes: 64 * 1024, maxSourceBytes: 16 * 1024 });
});
afterAll(() => playground.close());

function appWith(allowedHosts: string[]) {
  const app = new OpenAPIHono();
  registerMcp(app, playground.services, { allowedHosts });
  return app;
}

const post = (app: OpenAPIHono, headers: Record<string, string>, body: unknown = INITIALIZE) =>
  app.request("http://x/mcp", {
    method: "POST",
    headers: { ...JSON_RPC, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("DNS-rebinding guard", () => {
  it("lets loopback hosts and the configured public host through", async () => {
    const app = appWith(["play.example.org"]);
    for (const host of ["localhost:8000", "127.0.0.1", "[::1]:3000", "play.example.org", "PLAY.example.org:443"]) {
      const response = await post(app, { host });
      expect(response.status, host).toBe(200);
      expect((await response.json()).result.serverInfo.name).toBe("pith-playground");
    }
  });

  it("refuses a foreign Host with 403 and a JSON-RPC error that says how to allow it", async () => {
    const response = await post(appWith(["play.example.org"]), { host: "attacker.example:8000" });
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body.error.message).toContain("Host 'attacker.example:8000' is not allowed");
    expect(body.error.message).toContain("MCP_ALLOWED_HOSTS");
  });

  it("refuses a foreign Origin even when Host is loopback, on every MCP path", async () => {
    const app = appWith([]);
    expect((await post(app, { host: "localhost", origin: "https://evil.example" })).status).toBe(403);
    expect((await post(app, { host: "localhost", origin: "null" })).status).toBe(403);
    expect((await post(app, { host: "localhost", origin: "http://localhost:6274" })).status).toBe(200);
    const sse = await app.request("http://x/sse", { headers: { host: "evil.example" } });
    expect(sse.status).toBe(403);
    const messages = await app.request("http://x/messages?sessionId=x", {
      method: "POST",
      headers: { host: "evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(messages.status).toBe(403);
  });

  it("'*' turns the check off for deployments that terminate it elsewhere", async () => {
    expect((await post(appWith(["*"]), { host: "anything.example" })).status).toBe(200);
  });

  it("reads the public host from PUBLIC_URL and MCP_ALLOWED_HOSTS, and names a malformed PUBLIC_URL", () => {
    expect(
      allowedHostsFromEnv({ PUBLIC_URL: "https://play.example.org/", MCP_ALLOWED_HOSTS: "a.example, b.example" }),
    ).toEqual(["play.example.org", "a.example", "b.example"]);
    expect(() => allowedHostsFromEnv({ PUBLIC_URL: "play.example.org" })).toThrow(
      /PUBLIC_URL must be an absolute http\(s\) URL/,
    );
  });
});

describe("the stateless /mcp", () => {
  it("answers GET and DELETE with 405 and says why", async () => {
    const app = appWith([]);
    const get = await app.request("http://x/mcp", { headers: { host: "localhost", accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await get.json()).error.message).toContain("stateless");
    const del = await app.request("http://x/mcp", { method: "DELETE", headers: { host: "localhost" } });
    expect(del.status).toBe(405);
  });

  it("answers malformed JSON with a JSON-RPC parse error", async () => {
    const response = await post(appWith([]), { host: "localhost" }, "{not json");
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: -32700 });
  });

  it("answers a body over MAX_BODY_BYTES with 413 naming the limit", async () => {
    const big = { ...INITIALIZE, params: { ...INITIALIZE.params, padding: "x".repeat(70 * 1024) } };
    const response = await post(appWith([]), { host: "localhost" }, big);
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toContain("65536 bytes");
  });

  it("applies the wasm build rate to build tool calls only", async () => {
    const app = appWith([]);
    const call = (id: number, name: string, args: Record<string, unknown>) =>
      post(app, { host: "localhost" }, { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
    const source = "fn main() {}\n";
    expect((await call(1, "lang_build_wasm", { source })).status).toBe(200);
    expect((await call(2, "lang_build_wasm", { source })).status).toBe(200);
    const limited = await call(3, "lang_build_wasm", { source });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect((await limited.json()).detail).toContain("at most 2 wasm builds per minute");
    // Reading and checking are not builds.
    for (let i = 0; i < 4; i++) expect((await call(10 + i, "lang_check", { source })).status).toBe(200);
  });

  it("counts a lang_debug call as a wasm build, since it compiles and runs the program", async () => {
    // Services of its own: the rate budget above is spent.
    const own = testPlayground({ wasmBuildsPerMinute: 2 });
    try {
      const app = new OpenAPIHono();
      registerMcp(app, own.services, { allowedHosts: [] });
      const call = (id: number, name: string, args: Record<string, unknown>) =>
        post(
          app,
          { host: "localhost" },
          { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } },
        );
      const source = "fn main() {}\n";
      expect((await call(1, "lang_build_wasm", { source })).status).toBe(200);
      expect((await call(2, "lang_debug", { source, breakpoints: [] })).status).toBe(200);
      const limited = await call(3, "lang_debug", { source, breakpoints: [] });
      expect(limited.status).toBe(429);
      expect((await limited.json()).detail).toContain("at most 2 wasm builds per minute");
    } finally {
      await own.close();
    }
  });
});

describe("mounted on the app", () => {
  it("createApp serves /mcp next to the HTTP API", async () => {
    const response = await post(playground.app, { host: "localhost" });
    expect(response.status).toBe(200);
    expect((await response.json()).result.capabilities.tools).toBeDefined();
  });
});

describe("the legacy SSE transport", () => {
  it("keeps idle streams alive with comments and refuses streams beyond its cap with 503", async () => {
    const app = new OpenAPIHono();
    registerMcp(app, playground.services, { allowedHosts: [], maxSseSessions: 1, sseKeepAliveMs: 100 });
    const server = await listenOnLoopback(app);
    const controller = new AbortController();
    try {
      const first = await fetch(`${server.url}/sse`, { signal: controller.signal });
      expect(first.status).toBe(200);
      const reader = (first.body as ReadableStream<Uint8Array>).getReader();
      let seen = "";
      while (!seen.includes(": keep-alive")) seen += new TextDecoder().decode((await reader.read()).value);
      expect(seen).toContain("event: endpoint\ndata: /messages?sessionId=");

      const second = await fetch(`${server.url}/sse`);
      expect(second.status).toBe(503);
      expect(second.headers.get("retry-after")).toBe("10");
      expect((await second.json()).error.message).toContain("too many open SSE sessions");

      const unknown = await fetch(`${server.url}/messages?sessionId=nope`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).error.message).toContain("no SSE session 'nope'");
    } finally {
      controller.abort();
      await server.close();
    }
  });
});
