// /mcp-info: the connection page, with this server's public URLs in every
// snippet and every tool the endpoint lists.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type TestPlayground, testPlayground } from "../playground/testPlayground";

let playground: TestPlayground;
beforeAll(() => {
  playground = testPlayground();
});
afterAll(() => playground.close());

const PROXIED = { host: "127.0.0.1:8000", "x-forwarded-proto": "https", "x-forwarded-host": "play.example.org" };

it("renders the endpoint URLs and client snippets with the public base of the request", async () => {
  const { app } = playground;
  const response = await app.request("http://127.0.0.1:8000/mcp-info", { headers: PROXIED });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/html");
  const html = await response.text();
  expect(html).toContain('<link rel="stylesheet" href="/docs/page.css">');
  expect(html).toContain("https://play.example.org/mcp");
  expect(html).toContain("https://play.example.org/sse");
  expect(html).toContain("claude mcp add --transport http pith https://play.example.org/mcp");
  for (const client of ["Claude Desktop", "Cursor", "VS Code", "Windsurf", "Gemini CLI"])
    expect(html).toContain(client);
  expect(html).not.toContain("127.0.0.1");
});

it("names every tool the endpoint lists, and serves its markdown at /mcp-info.md", async () => {
  const { app } = playground;
  const listed = await app.request("http://localhost/mcp", {
    method: "POST",
    headers: { host: "localhost", "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  const tools = ((await listed.json()).result.tools as { name: string }[]).map((t) => t.name);
  expect(tools.length).toBeGreaterThan(15);
  const markdown = await (
    await app.request("http://localhost/mcp-info.md", { headers: { host: "localhost:8000" } })
  ).text();
  for (const name of tools) expect(markdown, name).toContain(name);
  expect(markdown).toContain("`http://localhost:8000/mcp`");
  expect(markdown).toContain("lang_coding_assistant");
});
