// Cross-site requests from a real browser (issue 30): a page served from
// another origin (another loopback port) tries what any web page could do to
// an unauthenticated anomaly API with the default settings: a text/plain
// fetch with JSON in it (no CORS preflight), a form post, a bodyless reset
// and an <img> pointing at GET /delete_model. Chromium sends them; none may
// change anything.

import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, spawnServer } from "../server/anomaly/testing";
import { launchChromium } from "./browser";

let root: string;
let api: ServerProcess;
let evil: Server;
let evilUrl: string;
let browser: Browser;

const record = { cpu: 1, mem: 2, timestamp: 1_700_000_000 };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "anomaly-csrf-"));
  api = await spawnServer(root);
  // One point so the model exists and resets or deletes would show.
  const seeded = await fetch(`${api.url}/detect/victim`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(record),
  });
  expect(seeded.status).toBe(202);
  const page = `<!doctype html><meta charset="utf-8"><body>
<form id="f" method="POST" action="${api.url}/detect/victim" enctype="text/plain" target="sink">
<input name='{"cpu":1,"mem":2,"x":"' value='"}'></form><iframe name="sink"></iframe>
<img src="${api.url}/delete_model/victim">
<script>
window.attack = async () => {
  const body = JSON.stringify(${JSON.stringify(record)});
  await fetch("${api.url}/detect/victim", { method: "POST", mode: "no-cors", headers: { "content-type": "text/plain" }, body }).catch(() => {});
  await fetch("${api.url}/detect/created_by_page", { method: "POST", mode: "no-cors", headers: { "content-type": "text/plain" }, body }).catch(() => {});
  await fetch("${api.url}/models/dynamic/victim/reset", { method: "POST", mode: "no-cors" }).catch(() => {});
  document.getElementById("f").submit();
  await new Promise((r) => setTimeout(r, 1000));
  return "done";
};
</script></body>`;
  evil = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(page);
  });
  await new Promise<void>((resolve) => evil.listen(0, "127.0.0.1", resolve));
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  evil?.close();
  api?.child.kill("SIGTERM");
  await rm(root, { recursive: true, force: true });
});

describe("a page on another origin", () => {
  it("cannot change a model with text/plain, form, bodyless or GET requests", async () => {
    const tab = await browser.newPage();
    await tab.goto(evilUrl);
    expect(await tab.evaluate(() => (window as unknown as { attack(): Promise<string> }).attack())).toBe("done");
    await tab.close();
    const listed = await (await fetch(`${api.url}/models/dynamic`)).json();
    expect(Object.keys(listed.models)).toEqual(["victim"]);
    const meta = await (await fetch(`${api.url}/models/dynamic/victim/metadata`)).json();
    expect(meta.n_seen).toBe(1);
    // The refusals were counted: the requests did arrive and were turned away.
    const metrics = await (await fetch(`${api.url}/metrics`)).text();
    expect(metrics).toMatch(/anomaly_http_errors_total\{route="\/detect\/\{m\}",status="403"\} [1-9]/);
  });
});
