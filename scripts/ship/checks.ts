// The checks a shipped server must pass, whatever carries it (a container
// image, the single executable): each drives the real HTTP API the way a
// user or an MCP client would. test-container.ts and test-sea.ts start and
// stop the server and add the checks only they can make (uid, restart,
// SIGTERM); results are tallied here so both print "N passed, N failed".

export class Tally {
  passed = 0;
  failed = 0;

  async check(name: string, run: () => Promise<void> | void): Promise<boolean> {
    try {
      await run();
      this.passed++;
      console.log(`  ok    ${name}`);
      return true;
    } catch (error) {
      this.failed++;
      console.log(`  FAIL  ${name}: ${(error as Error).message}`);
      return false;
    }
  }

  /** Prints the summary line and sets the exit status. */
  finish(): void {
    console.log(`${this.passed} passed, ${this.failed} failed`);
    process.exitCode = this.failed === 0 ? 0 : 1;
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) });
  if (!res.ok) throw new Error(`${init?.method ?? "GET"} ${url}: HTTP ${res.status} ${await res.text()}`);
  return res;
}

/** Polls /health until it answers 200; returns seconds taken. Throws after `limitS`. */
export async function waitForHealth(base: string, limitS = 120): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > limitS * 1000) throw new Error(`${base}/health not ready after ${limitS} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const PROGRAM = 'fn main() {\n  println("hello from a shipped server")\n}\n';
const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
  body: JSON.stringify(body),
});

/** /health, /, /docs, MCP initialize, a wasm build; with `native`, a native build and its download. */
export async function serviceChecks(tally: Tally, base: string, options: { native: boolean }): Promise<void> {
  await tally.check("GET /health answers status ok", async () => {
    const body = (await (await fetchOk(`${base}/health`)).json()) as { status: string; compiler_available: boolean };
    assert(body.status === "ok", `status ${body.status}`);
    assert(body.compiler_available, "compiler.wasm is not available");
  });
  await tally.check("GET / serves the playground", async () => {
    const html = await (await fetchOk(`${base}/`)).text();
    assert(/<html/i.test(html) && /<script/i.test(html), "not the SPA's index.html");
  });
  await tally.check("GET /docs serves the API reference", async () => {
    const html = await (await fetchOk(`${base}/docs`)).text();
    assert(/<html/i.test(html), "no HTML");
    await fetchOk(`${base}/openapi.json`);
  });
  await tally.check("POST /mcp initialize answers the server's capabilities", async () => {
    const res = await fetchOk(
      `${base}/mcp`,
      json({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "ship-check", version: "1" } },
      }),
    );
    const text = await res.text();
    assert(/"serverInfo"/.test(text) && /"capabilities"/.test(text), `no initialize result: ${text.slice(0, 200)}`);
  });
  await tally.check("POST /build_wasm compiles a program", async () => {
    const body = (await (await fetchOk(`${base}/build_wasm`, json({ source: PROGRAM }))).json()) as {
      status: string;
      wasm_bytes: number;
    };
    assert(body.status === "ok" && body.wasm_bytes > 0, JSON.stringify(body).slice(0, 300));
  });
  if (!options.native) return;
  await tally.check("POST /build makes a Linux executable and it downloads", async () => {
    const body = (await (await fetchOk(`${base}/build`, json({ source: PROGRAM }))).json()) as {
      status: string;
      binary_artifact: { download_url: string } | null;
    };
    assert(body.status === "ok" && body.binary_artifact, JSON.stringify(body).slice(0, 400));
    // The download URL is absolute for the address the server believes it has; fetch its path here.
    const path = new URL(body.binary_artifact.download_url).pathname;
    const bytes = new Uint8Array(await (await fetchOk(`${base}${path}`)).arrayBuffer());
    assert(bytes[0] === 0x7f && bytes[1] === 0x45 && bytes[2] === 0x4c && bytes[3] === 0x46, "not an ELF file");
  });
}

/** Feeds a model a few points, so a restart can prove it was stored. */
export async function createModel(base: string, model: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const res = await fetch(
      `${base}/detect/${model}`,
      json({ timestamp: 1_700_000_000 + 60 * i, temperature: 20 + i }),
    );
    if (res.status !== 200 && res.status !== 202) throw new Error(`POST /detect/${model}: HTTP ${res.status}`);
  }
}

export async function modelExists(base: string, model: string): Promise<void> {
  await fetchOk(`${base}/models/dynamic/${model}/metadata`);
}
