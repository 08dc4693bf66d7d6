import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { createApp } from "../app";
import { derivedOperationId, withOperationIds } from "./operationIds";

const storeRoot = mkdtempSync(join(tmpdir(), "operation-ids-"));
const anomaly = new AnomalyService(new FileStore(storeRoot));
const app = createApp({ anomaly, spaRoot: join(storeRoot, "no-spa") });
afterAll(async () => {
  await anomaly.close();
  rmSync(storeRoot, { recursive: true, force: true });
});

describe("OpenAPI operationIds", () => {
  it("names every operation of the served document, each name once", async () => {
    const doc = (await (await app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ where: `${method} ${path}`, id: op.operationId })),
    );
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => !op.id).map((op) => op.where)).toEqual([]);
    const ids = operations.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(["postBuildWasm", "getExamplesByName", "postDetectByM"]));
  });

  it("derives readable ids from method and path", () => {
    expect(derivedOperationId("delete", "/api/dynamic/{m}/feedback/{id}")).toBe("deleteApiDynamicByMFeedbackById");
    expect(derivedOperationId("get", "/grammar.ebnf")).toBe("getGrammarEbnf");
    expect(derivedOperationId("get", "/mcp-info.md")).toBe("getMcpInfoMd");
    // A parameter with an underscore stays one word; two in a row read "By ... And ...".
    expect(derivedOperationId("get", "/download/{build_id}/{filename}")).toBe("getDownloadByBuildIdAndFilename");
  });

  it("gives every served operation an identifier-safe id (letters and digits, starting with a letter)", async () => {
    const doc = (await (await app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.filter((id) => !/^[A-Za-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids).toContain("getDownloadByBuildIdAndFilename");
  });

  it("keeps a declared id and refuses a duplicate", () => {
    const doc = { paths: { "/a": { get: { operationId: "mine" } }, "/b": { get: {} } } };
    expect(withOperationIds(doc).paths["/b"].get).toEqual({ operationId: "getB" });
    expect(doc.paths["/a"].get.operationId).toBe("mine");
    const clash = { paths: { "/a": { get: { operationId: "getB" } }, "/b": { get: {} } } };
    expect(() => withOperationIds(clash)).toThrow(/getB is used by both GET \/a and GET \/b/);
  });
});
