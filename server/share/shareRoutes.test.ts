import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OpenAPIHono } from "@hono/zod-openapi";
import { afterAll, describe, expect, it } from "vitest";
import { registerShareRoutes } from "./shareRoutes";
import { SHARE_LIMIT_BYTES, ShareStore } from "./shareStore";

const dir = mkdtempSync(join(tmpdir(), "share-test-"));
const app = new OpenAPIHono();
registerShareRoutes(app, new ShareStore(dir));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const post = (body: unknown) =>
  app.request("/share", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("short links for shared programs", () => {
  it("store a program on disk under a content-addressed id and give it back", async () => {
    const program = { source: 'fn main() {\n    println("hi")\n}\n', stdin: "x\n" };
    const first = (await (await post(program)).json()) as { id: string };
    expect(first.id).toMatch(/^[0-9a-f]{16}$/);
    const again = (await (await post(program)).json()) as { id: string };
    expect(again.id).toBe(first.id);
    expect(readdirSync(dir)).toEqual([`${first.id}.json`]);
    const back = await app.request(`/share/${first.id}`);
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual(program);
  });

  it("refuse a program over the size limit with 413 and store nothing", async () => {
    const before = readdirSync(dir).length;
    const response = await post({ source: "x".repeat(SHARE_LIMIT_BYTES + 1) });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { detail: string }).detail).toContain(String(SHARE_LIMIT_BYTES));
    expect(readdirSync(dir).length).toBe(before);
  });

  it("answer 404 for an unknown or malformed id without touching the disk outside its folder", async () => {
    expect((await app.request("/share/0123456789abcdef")).status).toBe(404);
    expect((await app.request("/share/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });
});
