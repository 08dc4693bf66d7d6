// The MCP conformance suite (@modelcontextprotocol/conformance) against a
// real server on loopback: every active server scenario, checked against
// conformance/expected-failures.yml (which says why each listed one fails).
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type TestPlayground, testPlayground } from "../playground/testPlayground";
import { type Loopback, listenOnLoopback } from "./testing";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const CLI = here("../../node_modules/@modelcontextprotocol/conformance/dist/index.js");

let playground: TestPlayground;
let server: Loopback;
let results: string;
beforeAll(async () => {
  playground = testPlayground();
  server = await listenOnLoopback(playground.app);
  results = await mkdtemp(join(tmpdir(), "mcp-conformance-"));
});
afterAll(async () => {
  await server.close();
  await playground.close();
  await rm(results, { recursive: true, force: true });
});

function runSuite(): Promise<{ code: number; output: string }> {
  const args = [
    // Node 20 lacks fs.globSync, which the suite imports; the hook supplies it.
    "--import",
    here("./conformance/register.mjs"),
    CLI,
    "server",
    "--url",
    `${server.url}/mcp`,
    "--expected-failures",
    here("./conformance/expected-failures.yml"),
    "-o",
    results,
  ];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { timeout: 150_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolve({ code, output: `${stdout}\n${stderr}` });
    });
  });
}

it("passes every applicable conformance scenario, and fails exactly the expected ones", {
  timeout: 180_000,
}, async () => {
  const { code, output } = await runSuite();
  const summary = output.slice(output.indexOf("=== SUMMARY ==="));
  expect(summary, output.slice(-4000)).toContain("Baseline check passed");
  expect(code).toBe(0);
  for (const scenario of [
    "server-initialize",
    "ping",
    "logging-set-level",
    "tools-list",
    "tools-call-simple-text",
    "tools-call-error",
    "resources-list",
    "prompts-list",
    "dns-rebinding-protection",
  ]) {
    expect(summary).toMatch(new RegExp(`✓ ${scenario}: [1-9]\\d* passed, 0 failed`));
  }
});
