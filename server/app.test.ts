import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AnomalyService } from "../anomaly";
import { FileStore } from "../anomaly/node";
import { createApp } from "./app";

const storeRoot = mkdtempSync(join(tmpdir(), "app-test-"));
const anomaly = new AnomalyService(new FileStore(storeRoot));
const app = createApp({ anomaly, spaRoot: join(storeRoot, "no-spa") });
afterAll(async () => {
  await anomaly.close();
  rmSync(storeRoot, { recursive: true, force: true });
});

const post = (path: string, body: string) =>
  app.request(path, { method: "POST", body, headers: { "content-type": "application/json" } });

describe("the main server app", () => {
  it("mounts the anomaly API with the anomaly error shape", async () => {
    const collecting = await post("/detect/app_model", JSON.stringify({ x: 1 }));
    expect(collecting.status).toBe(202);
    const bad = await post("/detect/bad-name", "{}");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      status: "error",
      message: "Invalid model name. Use only letters, numbers, and underscores.",
    });
  });

  it("answers unknown routes with the playground error shape", async () => {
    const response = await app.request("/no/such/route");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: "error", detail: "no route for GET /no/such/route" });
  });

  it("describes both services in one OpenAPI 3.1 document", async () => {
    const doc = (await (await app.request("/openapi.json")).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/health", "/detect/{m}", "/detect_anomalies"]));
  });

  it("answers builds with the NURL page's names beside ours", async () => {
    const broken = (await (await post("/build_wasm", JSON.stringify({ source: "fn main( {" }))).json()) as Record<
      string,
      unknown
    >;
    expect(broken.status).toBe("error");
    expect(broken.nurlc_returncode).not.toBe(0);
    const first = (broken.errors as { file: string; line: number; col: number; message: string }[])[0];
    expect(broken.stderr).toContain(`${first.file}:${first.line}:${first.col}: ${first.message}`);
    expect(broken.nurlc_stderr).toBe(broken.stderr);
    const ok = (await (
      await post("/build_wasm", JSON.stringify({ source: 'fn main() {\n  print("hi")\n}\n' }))
    ).json()) as Record<string, unknown>;
    expect(ok).toMatchObject({ status: "ok", nurlc_returncode: 0 });
  });

  it("answers a build sent as application/xml with a 415 that the OpenAPI document declares", async () => {
    const response = await app.request("/build_wasm", {
      method: "POST",
      body: "<source/>",
      headers: { "content-type": "application/xml" },
    });
    expect(response.status).toBe(415);
    const doc = (await (await app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const path of ["/build_wasm", "/build", "/build_target", "/build_asm"]) {
      expect(Object.keys(doc.paths[path].post.responses)).toContain("415");
    }
  });

  it("serves interactive docs without any CDN", async () => {
    const page = await (await app.request("/docs")).text();
    expect(page).toContain("/docs/assets/swagger-ui-bundle.js");
    expect(page).not.toMatch(/https?:\/\//);
    expect((await app.request("/docs/assets/swagger-ui-bundle.js")).status).toBe(200);
  });

  it("reports health with the compiler actually run", async () => {
    const body = (await (await app.request("/health")).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: "ok", compiler_available: true });
    expect(Object.keys(body.toolchain as object)).toEqual(expect.arrayContaining(["wasm", "linux-x64", "windows-x64"]));
    // The NURL page's names for the same facts.
    expect(body.nurlc_available).toBe(body.compiler_available);
    expect(body.wasi_toolchain_available).toBe((body.toolchain as Record<string, boolean>).wasm);
  });
});
