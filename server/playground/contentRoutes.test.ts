// /targets and the language's files through the app: order and fields,
// listings that match the folders, nested reads, and every way a path
// parameter could leave its folder refused.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONTENT_FOLDERS } from "./content";
import { testPlayground } from "./testPlayground";

const playground = testPlayground();
const { app } = playground;
afterAll(() => playground.close());

const getJson = async (path: string) => {
  const response = await app.request(path);
  return { status: response.status, body: await response.json() };
};

describe("GET /targets", () => {
  it("lists wasm first, then Linux, macOS, Windows, each with the WIRE.md fields", async () => {
    const { status, body } = await getJson("/targets");
    expect(status).toBe(200);
    expect(body[0].id).toBe("wasm");
    const groups = body.map((t: { group: string }) => t.group);
    const order = ["wasm", "linux", "macos", "windows"];
    expect(groups).toEqual([...groups].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    for (const target of body)
      expect(Object.keys(target).sort()).toEqual(["endpoint", "group", "id", "label", "notes", "runnable"]);
    expect(body.find((t: { id: string }) => t.id === "linux-x64")).toMatchObject({
      endpoint: "/build",
      runnable: true,
    });
    expect(body.find((t: { id: string }) => t.id === "macos-arm64")).toMatchObject({ endpoint: "/build_target" });
  });

  it("marks a target not runnable when this host lacks its tools", async () => {
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      const { body } = await getJson("/targets");
      expect(body.find((t: { id: string }) => t.id === "linux-x64").runnable).toBe(false);
      expect(body.find((t: { id: string }) => t.id === "wasm").runnable).toBe(true);
    } finally {
      process.env.PATH = path;
    }
  });
});

describe("GET /examples, /tests, /stdlib", () => {
  for (const kind of ["examples", "tests", "stdlib"] as const) {
    it(`/${kind} lists every program of the folder, sorted by path, with its size`, async () => {
      const { status, body } = await getJson(`/${kind}`);
      expect(status).toBe(200);
      const root = CONTENT_FOLDERS[kind];
      const onDisk = (readdirSync(root, { recursive: true }) as string[]).filter((n) => n.endsWith(".pith"));
      expect(body).toHaveLength(onDisk.length);
      const paths = body.map((e: { path: string }) => e.path);
      expect(paths).toEqual([...paths].sort());
      for (const entry of body) {
        expect(entry.name).toBe(entry.path.replace(/\.pith$/, ""));
        expect(entry.bytes).toBe(statSync(join(root, entry.path)).size);
      }
    });
  }

  it("reads an example by name, with or without .pith", async () => {
    const expected = readFileSync(join(CONTENT_FOLDERS.examples, "primes.pith"), "utf8");
    for (const path of ["/examples/primes", "/examples/primes.pith"]) {
      const { status, body } = await getJson(path);
      expect(status).toBe(200);
      expect(body).toEqual({ name: "primes.pith", source: expected, bytes: Buffer.byteLength(expected) });
    }
  });

  it("reads nested paths and the expected output beside a program", async () => {
    const nested = await getJson("/tests/basics/comments");
    expect(nested.status).toBe(200);
    expect(nested.body.name).toBe("basics/comments.pith");
    const stdout = await getJson("/examples/primes.stdout");
    expect(stdout.body.source).toBe(readFileSync(join(CONTENT_FOLDERS.examples, "primes.stdout"), "utf8"));
    expect((await getJson("/stdlib/math")).body.source).toContain("fn ");
  });

  it("answers a missing file with a 404 in the error shape", async () => {
    for (const path of ["/examples/no_such_program", "/tests/basics/nothing.pith", "/stdlib/nope"]) {
      const { status, body } = await getJson(path);
      expect(status).toBe(404);
      expect(body.status).toBe("error");
    }
  });

  const escapes = [
    ["an encoded parent step", "..%2f..%2fpackage.json"],
    ["an encoded dot-dot segment", "%2e%2e%2fpackage.json"],
    ["a parent step after a folder", "basics%2f..%2f..%2f..%2fpackage.json"],
    ["an absolute path", "%2fetc%2fpasswd"],
    ["a NUL byte", "primes%00.pith"],
    ["a backslash", "..%5c..%5cpackage.json"],
    ["a drive letter", "C:%5cwindows"],
  ];
  for (const kind of ["examples", "tests", "stdlib"]) {
    for (const [what, path] of escapes) {
      it(`/${kind} refuses ${what} with a 400`, async () => {
        const { status, body } = await getJson(`/${kind}/${path}`);
        expect(status).toBe(400);
        expect(body.detail).toMatch(/invalid .* path/);
      });
    }
  }

  it("never serves a file outside the folder, even when the URL normalises a plain ..", async () => {
    const response = await app.request("/examples/../../package.json");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('"name": "pith-playground"');
  });
});
