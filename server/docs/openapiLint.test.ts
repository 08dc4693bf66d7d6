// The served /openapi.json passes Redocly's recommended rules: what client
// generators and API gateways check before they trust a document. Every
// problem fails the test, warnings included, except the few listed below
// with the reason each is not a fault of the document.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { createApp } from "../app";

const storeRoot = mkdtempSync(join(tmpdir(), "openapi-lint-"));
const anomaly = new AnomalyService(new FileStore(storeRoot));
const app = createApp({ anomaly, spaRoot: join(storeRoot, "no-spa") });
afterAll(async () => {
  await anomaly.close();
  rmSync(storeRoot, { recursive: true, force: true });
});

type Operation = { parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> };

/** The operation a problem's pointer (#/paths/~1a~1b/get/responses) is about. */
function operationAt(doc: { paths: Record<string, Record<string, Operation>> }, pointer: string): Operation | null {
  const match = /^#\/paths\/([^/]+)\/([a-z]+)\//.exec(pointer);
  if (!match) return null;
  const path = match[1].replaceAll("~1", "/").replaceAll("~0", "~");
  return doc.paths[path]?.[match[2]] ?? null;
}

describe("the served OpenAPI document", () => {
  it("is clean under Redocly's recommended rules", async () => {
    const source = await (await app.request("/openapi.json")).text();
    const doc = JSON.parse(source);
    const config = await createConfig({
      extends: ["recommended"],
      rules: {
        // The project names no license (its manifest is private; /license says so), so there is none to declare.
        "info-license": "off",
      },
    });
    const problems = await lintFromString({ source, absoluteRef: "/openapi.json", config });
    const reported = problems
      .map((p) => ({ rule: p.ruleId, message: p.message, at: p.location[0]?.pointer ?? "" }))
      .filter(({ rule, at }) => {
        const operation = operationAt(doc, at);
        // A route that takes no input (no parameter, no body) has no client error to answer: a
        // documented 4xx there would be invented.
        if (rule === "operation-4xx-response") return !(operation && !operation.parameters && !operation.requestBody);
        // GET and DELETE /mcp belong to the MCP transport's session handling, which the stateless
        // endpoint does not offer: they only ever answer 405 (or 403), and say so.
        if (rule === "operation-2xx-response") return !(at.startsWith("#/paths/~1mcp/") && operation);
        return true;
      });
    expect(reported).toEqual([]);
  });

  it("declares the bearer scheme and puts it on the anomaly routes, not on the playground's", async () => {
    const doc = await (await app.request("/openapi.json")).json();
    expect(doc.components.securitySchemes.anomalyToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([]);
    // A state change needs the token whenever the server has tokens; a read only with ANOMALY_AUTH_READS=1.
    expect(doc.paths["/detect/{m}"].post.security).toEqual([{ anomalyToken: [] }]);
    expect(doc.paths["/models/dynamic"].get.security).toEqual([{ anomalyToken: [] }, {}]);
    expect(doc.paths["/build_wasm"].post.security).toBeUndefined();
    expect(Object.keys(doc.paths["/detect/{m}"].post.responses)).toEqual(expect.arrayContaining(["401", "403", "415"]));
    expect(Object.keys(doc.paths["/force_train/{m}"].get.responses)).toContain("405");
  });

  it("lists each target and optimisation level as an enum from the one list in code", async () => {
    const { NATIVE_TARGET_IDS, BUILD_TARGET_IDS } = await import("../../protocol/targets");
    const { OPT_LEVELS } = await import("../toolchain/recipes");
    const doc = await (await app.request("/openapi.json")).json();
    const schemas = doc.components.schemas;
    expect(schemas.AsmRequest.properties.target.enum).toEqual(NATIVE_TARGET_IDS);
    expect(schemas.TargetBuildRequest.properties.target.enum).toEqual(BUILD_TARGET_IDS);
    expect(BUILD_TARGET_IDS).toEqual(expect.arrayContaining(["linux-x64-musl", "macos-x64", "macos-arm64"]));
    expect(BUILD_TARGET_IDS).not.toContain("linux-x64");
    expect(schemas.NativeBuildRequest.properties.opt.enum).toEqual([...OPT_LEVELS]);
  });
});
