// Short links: content-addressed, whole workspaces, a size limit, a quota
// that refuses with 507 (and says the long link still works), an expiry that
// sharing again renews, and links that survive a restart.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OpenAPIHono } from "@hono/zod-openapi";
import { afterAll, describe, expect, it } from "vitest";
import { validationHook } from "../playground/errors";
import { registerShareRoutes } from "./shareRoutes";
import { type ShareLimits, ShareStore } from "./shareStore";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const LIMIT = 4096;

function setUp(overrides: Partial<ShareLimits> = {}, clock?: { now: number }) {
  const shareDir = mkdtempSync(join(tmpdir(), "share-test-"));
  dirs.push(shareDir);
  const limits: ShareLimits = { shareDir, shareTtlSeconds: 3600, shareMaxBytes: 1 << 20, ...overrides };
  const open = () => {
    const app = new OpenAPIHono({ defaultHook: validationHook });
    registerShareRoutes(app, new ShareStore(limits, clock ? () => clock.now : undefined), LIMIT);
    return app;
  };
  return { dir: shareDir, app: open(), reopen: open };
}

const post = (app: OpenAPIHono, body: unknown) =>
  app.request("/share", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const idOf = async (response: Response) => ((await response.json()) as { id: string }).id;

const UTIL = "pub fn twice(n: i64) -> i64 {\n    n * 2\n}\n";
const MAIN = "import util\n\nfn main() {\n    println(util.twice(21))\n}\n";
const WORKSPACE = {
  source: MAIN,
  stdin: "x\n",
  files: [
    { name: "main.pith", source: MAIN },
    { name: "util.pith", source: UTIL },
  ],
  entry: "main.pith",
  opt: "-O3",
};

describe("short links for shared workspaces", () => {
  it("store a one-file program under a content-addressed id and give it back", async () => {
    const { app, dir } = setUp();
    const program = { source: 'fn main() {\n    println("hi")\n}\n', stdin: "x\n" };
    const first = await idOf(await post(app, program));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(await idOf(await post(app, program))).toBe(first);
    expect(readdirSync(dir)).toEqual([first]);
    const back = await app.request(`/share/${first}`);
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual(program);
  });

  it("carry every file, the entry, the optimisation level and stdin, whatever the order of the keys", async () => {
    const { app } = setUp();
    const id = await idOf(await post(app, WORKSPACE));
    const reordered = { opt: "-O3", entry: "main.pith", files: WORKSPACE.files, stdin: "x\n", source: MAIN };
    expect(await idOf(await post(app, reordered))).toBe(id);
    expect(await (await app.request(`/share/${id}`)).json()).toEqual(WORKSPACE);
  });

  it("survive a restart of the server", async () => {
    const { app, reopen } = setUp();
    const id = await idOf(await post(app, WORKSPACE));
    expect(await (await reopen().request(`/share/${id}`)).json()).toEqual(WORKSPACE);
  });

  it("refuse files that do not agree, with 400 and a reason, and store nothing", async () => {
    const { app, dir } = setUp();
    const cases: [unknown, RegExp][] = [
      [{ ...WORKSPACE, entry: "other.pith" }, /entry: other\.pith is not one of the files/],
      [{ ...WORKSPACE, files: [WORKSPACE.files[0], WORKSPACE.files[0]] }, /main\.pith appears twice/],
      [{ ...WORKSPACE, source: UTIL }, /source must be the entry file's \(main\.pith\) text/],
      [{ ...WORKSPACE, files: [{ name: "../etc/passwd", source: "x" }] }, /file name/],
      [{ ...WORKSPACE, opt: "-O9" }, /opt/],
    ];
    for (const [body, reason] of cases) {
      const response = await post(app, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toMatch(reason);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuse a workspace over the size limit with 413 and store nothing", async () => {
    const { app, dir } = setUp();
    const response = await post(app, { source: "x".repeat(LIMIT + 1) });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { detail: string }).detail).toContain(String(LIMIT));
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuse past the quota with 507 that points at the long link, and take links again once old ones expire", async () => {
    const clock = { now: 1_000_000 };
    const { app, dir } = setUp({ shareMaxBytes: 3000, shareTtlSeconds: 60 }, clock);
    const program = (n: number) => ({ source: `fn main() {\n    println("${n}${"x".repeat(900)}")\n}\n` });
    const ids = [];
    for (let n = 0; n < 3; n++) ids.push(await idOf(await post(app, program(n))));
    const full = await post(app, program(3));
    expect(full.status).toBe(507);
    expect(((await full.json()) as { detail: string }).detail).toMatch(/full.*long link/);
    expect(readdirSync(dir)).toHaveLength(3);
    // Sharing an already stored program needs no room: it only renews it.
    expect((await post(app, program(0))).status).toBe(200);
    for (const id of ids) expect((await app.request(`/share/${id}`)).status).toBe(200);

    // Past the expiry the links are gone and their room is free again.
    clock.now += 61_000;
    expect((await post(app, program(3))).status).toBe(200);
    expect((await app.request(`/share/${ids[1]}`)).status).toBe(404);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it("renew a link's expiry when it is shared again", async () => {
    const clock = { now: 0 };
    const { app } = setUp({ shareTtlSeconds: 60 }, clock);
    const id = await idOf(await post(app, WORKSPACE));
    clock.now += 50_000;
    await post(app, WORKSPACE);
    clock.now += 50_000;
    expect((await app.request(`/share/${id}`)).status).toBe(200);
    clock.now += 61_000;
    expect((await app.request(`/share/${id}`)).status).toBe(404);
  });

  it("answer 404 for an unknown or malformed id without touching the disk outside its folder", async () => {
    const { app } = setUp();
    expect((await app.request("/share/0123456789abcdef0123456789abcdef")).status).toBe(404);
    expect((await app.request("/share/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });
});
