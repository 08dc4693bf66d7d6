// The native build routes and downloads through the app: results and
// artifacts as WIRE.md says, absolute download URLs, the 400/404/429/503/504
// answers, and the limits that bound them.
import { afterAll, describe, expect, it } from "vitest";
import { runNative } from "../toolchain/runNative";
import { HELLO, postJson, testPlayground } from "./testPlayground";

const playground = testPlayground();
const { app } = playground;
afterAll(() => playground.close());

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const pathOf = (url: string) => new URL(url).pathname;

describe("POST /build", () => {
  it("builds a static x86-64 ELF whose download runs, with its IR beside it", async () => {
    const response = await postJson(
      app,
      "/build",
      { source: HELLO, filename: "hello.pith" },
      { host: "play.test:8080" },
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: "ok", filename: "hello.pith", target: "linux-x64", errors: [] });
    expect(body.binary_artifact.name).toBe("hello");
    expect(body.ll_artifact.name).toBe("hello.ll");
    expect(body.binary_artifact.download_url).toMatch(/^http:\/\/play\.test:8080\/download\/[0-9a-f]{32}\/hello$/);

    const download = await app.request(pathOf(body.binary_artifact.download_url));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="hello"');
    const binary = new Uint8Array(await download.arrayBuffer());
    expect(binary.length).toBe(body.binary_artifact.bytes);
    const run = await runNative(binary, "linux-x64");
    expect(text(run.stdout)).toBe("hello from 42\n");

    const ll = await app.request(pathOf(body.ll_artifact.download_url));
    expect(ll.headers.get("content-disposition")).toBe('attachment; filename="hello.ll"');
    expect(await ll.text()).toContain("define i32 @pith_main");
  });

  it("takes the download URL's origin from X-Forwarded-Proto and X-Forwarded-Host", async () => {
    const body = await (
      await postJson(
        app,
        "/build",
        { source: HELLO },
        { host: "10.0.0.5:8000", "x-forwarded-proto": "https", "x-forwarded-host": "play.example.org" },
      )
    ).json();
    expect(body.binary_artifact.download_url).toMatch(/^https:\/\/play\.example\.org\/download\//);
  });

  it("ignores a forwarded host that is not a host name", async () => {
    const body = await (
      await postJson(app, "/build", { source: HELLO }, { host: "good.test", "x-forwarded-host": "evil.test/<x>" })
    ).json();
    expect(body.binary_artifact.download_url).toMatch(/^http:\/\/good\.test\/download\//);
  });

  it("answers a compile error with 200, status error, positioned errors and no artifacts", async () => {
    const response = await postJson(app, "/build", {
      source: 'fn main() {\n  let x: i64 = "s"\n}\n',
      filename: "b.pith",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "error",
      errors: [{ file: "b.pith", line: 2, col: 16 }],
      binary_artifact: null,
      ll_artifact: null,
    });
  });

  it("refuses a host module the target lacks with a 400 naming module, target and line", async () => {
    const response = await postJson(app, "/build", { source: "// draws\nimport std.canvas\nfn main() {}\n" });
    expect(response.status).toBe(400);
    const { detail } = await response.json();
    expect(detail).toMatch(/^main\.pith:2:1: std\.canvas is not available on target linux-x64/);
  });

  it("says when this host lacks the target's toolchain (503 naming it)", async () => {
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      const response = await postJson(app, "/build", { source: HELLO });
      expect(response.status).toBe(503);
      expect((await response.json()).detail).toMatch(/lacks clang-19/);
    } finally {
      process.env.PATH = path;
    }
  });
});

describe("the other native routes", () => {
  it("/build_windows builds a PE .exe", async () => {
    const body = await (await postJson(app, "/build_windows", { source: HELLO, filename: "w.pith" })).json();
    expect(body).toMatchObject({ status: "ok", target: "windows-x64" });
    const exe = new Uint8Array(await (await app.request(pathOf(body.binary_artifact.download_url))).arrayBuffer());
    expect(text(exe.subarray(0, 2))).toBe("MZ");
    expect(body.binary_artifact.name).toBe("w.exe");
  });

  it("/build_macos says the executable is unsigned and how to clear the quarantine", async () => {
    const body = await (await postJson(app, "/build_macos", { source: HELLO })).json();
    expect(body).toMatchObject({ status: "ok", target: "macos-x64" });
    expect(body.message).toMatch(/not signed/);
    expect(body.message).toContain("xattr -d com.apple.quarantine");
  });

  it("/build_target builds a named target", async () => {
    const body = await (await postJson(app, "/build_target", { source: HELLO, target: "linux-riscv64-musl" })).json();
    expect(body).toMatchObject({ status: "ok", target: "linux-riscv64-musl" });
  });

  it("/build_target answers an unknown target with a 400 listing the known ones", async () => {
    const response = await postJson(app, "/build_target", { source: HELLO, target: "plan9-mips" });
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toBe(
      'unknown target "plan9-mips"; known targets: linux-x64-musl, linux-arm64-musl, linux-riscv64-musl, linux-arm64-gnu, macos-x64, macos-arm64',
    );
  });

  it("/build_target without a target is a 400", async () => {
    const response = await postJson(app, "/build_target", { source: HELLO });
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toMatch(/^target:/);
  });
});

describe("GET /download/{build_id}/{filename}", () => {
  it("answers an unknown build with a 404 in the error shape", async () => {
    const response = await app.request(`/download/${"0".repeat(32)}/main`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      status: "error",
      detail: expect.stringMatching(/unknown, or expired/),
    });
  });

  const refused = [
    ["a short id", `/download/abc/main`],
    ["an encoded parent step in the id", `/download/%2e%2e/main`],
    ["an encoded slash and parent step in the name", `/download/${"a".repeat(32)}/..%2f..%2fetc%2fpasswd`],
    ["an encoded absolute name", `/download/${"a".repeat(32)}/%2Fetc%2Fpasswd`],
    ["a NUL byte in the name", `/download/${"a".repeat(32)}/main%00.ll`],
    ["the store's own meta file", `/download/${"a".repeat(32)}/meta.json`],
  ];
  for (const [what, path] of refused) {
    it(`refuses ${what}`, async () => {
      const response = await app.request(path);
      expect([400, 404]).toContain(response.status);
      expect((await response.json()).status).toBe("error");
    });
  }
});

describe("limits on the native routes", () => {
  it("refuses a build past NATIVE_BUILD_TIMEOUT_MS with a 504", async () => {
    // 1 ms: a warm shim cache makes hello build in well under 100 ms, and no
    // build (a compile plus a clang process) can finish in 1 ms.
    const slow = testPlayground({ nativeTimeoutMs: 1 });
    try {
      const response = await postJson(slow.app, "/build", { source: HELLO });
      expect(response.status).toBe(504);
      expect((await response.json()).detail).toMatch(/time limit of 1 ms/);
    } finally {
      await slow.close();
    }
  });

  it("answers 429 with Retry-After when the queue is full", async () => {
    const small = testPlayground({ nativeConcurrency: 1, nativeQueue: 0 });
    try {
      const responses = await Promise.all(
        Array.from({ length: 3 }, () =>
          postJson(small.app, "/build_target", { source: HELLO, target: "linux-x64-musl" }),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 429, 429]);
      const refused = responses.find((r) => r.status === 429) as Response;
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await refused.json()).detail).toMatch(/too many native builds/);
      expect(small.services.nativeQueue.length).toBe(0);
    } finally {
      await small.close();
    }
  });

  it("answers 429 with Retry-After past the per-client rate", async () => {
    const limited = testPlayground({ nativeBuildsPerMinute: 2 });
    try {
      for (let i = 0; i < 2; i++) expect((await postJson(limited.app, "/build", { source: " " })).status).toBe(400);
      const response = await postJson(limited.app, "/build", { source: HELLO });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(response.headers.get("ratelimit-limit")).toBe("2");
      expect((await response.json()).detail).toMatch(/at most 2 native builds per minute/);
      // Another route's budget is separate.
      expect((await postJson(limited.app, "/build_wasm", { source: HELLO })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("PUBLIC_URL", () => {
  it("is the origin of every download URL when set", async () => {
    const behindProxy = testPlayground({ publicUrl: "https://pith.example.net/play" });
    try {
      const body = await (
        await postJson(behindProxy.app, "/build", { source: HELLO }, { host: "internal:8000" })
      ).json();
      expect(body.binary_artifact.download_url).toMatch(
        /^https:\/\/pith\.example\.net\/play\/download\/[0-9a-f]{32}\/main$/,
      );
    } finally {
      await behindProxy.close();
    }
  });
});
