// Every status the server produces is documented: each operation in the
// served /openapi.json is called with the requests a careless or hostile
// client sends (malformed and wrong bodies, the wrong Content-Type or none,
// no token, a wrong one, a read-only one, another site's Origin), on a server
// without and one with the anomaly security options, and any answer whose
// status that operation does not declare fails the test, as does any 500.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { createApp } from "../app";
import { createPlaygroundServices } from "../playground/services";
import { ONE_CLIENT_UNBOUNDED } from "../playground/testPlayground";

interface Served {
  app: OpenAPIHono;
  close(): Promise<void>;
}

function serve(): Served {
  const root = mkdtempSync(join(tmpdir(), "openapi-statuses-"));
  const anomaly = new AnomalyService(new FileStore(join(root, "models")));
  // Builds, downloads and share links in the test's own folder, closed with it.
  const playground = createPlaygroundServices({
    // One client sends every probe: without its share unbounded the walk
    // would read the queues' 429s instead of each route's own answer.
    limits: {
      artifactDir: join(root, "artifacts"),
      shareDir: join(root, "shares"),
      publicUrl: null,
      ...ONE_CLIENT_UNBOUNDED,
      wasmBuildsPerMinute: 0,
      nativeBuildsPerMinute: 0,
    },
    sweep: false,
  });
  const app = createApp({ anomaly, playground, anomalyDataDir: root, spaRoot: join(root, "no-spa") });
  return {
    app,
    async close() {
      await anomaly.close();
      await playground.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

const FULL = "full-token-for-the-walk";
const READ = "read-token-for-the-walk";

// Values for path parameters: well-formed, naming nothing that exists.
const PARAMS: Record<string, string> = {
  m: "walk_model",
  id: "1",
  build_id: "0".repeat(32),
  filename: "main",
  name: "no_such_file",
  code: "E9999",
};

// Names every plain JavaScript object already has: a server that checks a
// target, model or file name by looking it up in an object finds these (a
// target "constructor" once passed /build_asm's check and ended in a 500).
const OBJECT_KEYS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];

type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema> };
type Operation = {
  responses: Record<string, unknown>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Paths = Record<string, Record<string, Operation>>;
type Doc = { paths: Paths; components?: { schemas?: Record<string, Schema> } };

/** The string fields of an operation's JSON body, from the served document. */
function stringFields(doc: Doc, operation: Operation): string[] {
  let schema = operation.requestBody?.content?.["application/json"]?.schema;
  if (schema?.$ref) schema = doc.components?.schemas?.[schema.$ref.split("/").pop() as string];
  return Object.entries(schema?.properties ?? {})
    .filter(([, field]) => field.type === "string" || (Array.isArray(field.type) && field.type.includes("string")))
    .map(([name]) => name);
}

interface Probe {
  what: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer>;
}

const bytes = (text: string) => new TextEncoder().encode(text);

/** The requests each operation gets; the bodies only where the method has one. */
function probes(method: string, auth: Record<string, string>, fields: string[]): Probe[] {
  const withBody = method === "post" || method === "put" || method === "patch";
  const list: Probe[] = [{ what: "no body", headers: { ...auth } }];
  list.push({
    what: "another site's page",
    headers: { ...auth, origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
  });
  if (!withBody) return list;
  const json = { ...auth, "content-type": "application/json" };
  list.push(
    { what: "malformed JSON", headers: json, body: bytes('{"source": ') },
    { what: "an empty object", headers: json, body: bytes("{}") },
    { what: "an array", headers: json, body: bytes("[1, 2]") },
    { what: "wrong types", headers: json, body: bytes('{"source": 42, "target": 7, "x": "y", "version": []}') },
    { what: "text/plain", headers: { ...auth, "content-type": "text/plain" }, body: bytes("{}") },
    {
      what: "a form",
      headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
      body: bytes("source=fn+main"),
    },
    { what: "application/xml", headers: { ...auth, "content-type": "application/xml" }, body: bytes("<a/>") },
    { what: "no Content-Type", headers: { ...auth }, body: bytes("{}") },
  );
  // Each string field in turn named like a plain object's own key, the rest
  // of the body a program that compiles (one bad field at a time, so the
  // check of another field cannot answer first).
  for (const field of fields.filter((name) => name !== "source")) {
    for (const key of OBJECT_KEYS) {
      const body = { source: "fn main() {\n  println(1)\n}\n", [field]: key };
      list.push({ what: `${field} "${key}"`, headers: json, body: bytes(JSON.stringify(body)) });
    }
  }
  return list;
}

/** Calls every operation with every probe; returns the answers whose status the operation does not declare. */
async function undocumented(app: OpenAPIHono, auths: Record<string, Record<string, string>>): Promise<string[]> {
  const doc = (await (await app.request("/openapi.json")).json()) as Doc;
  const found: string[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    const wellFormed = template.replace(/\{([^}]+)\}/g, (_, name: string) => PARAMS[name] ?? "x");
    // The same route with each path parameter named like a plain object's key.
    const paths = template.includes("{")
      ? [wellFormed, ...OBJECT_KEYS.map((key) => template.replace(/\{[^}]+\}/g, key))]
      : [wellFormed];
    for (const [method, operation] of Object.entries(operations)) {
      const declared = Object.keys(operation.responses);
      for (const [who, auth] of Object.entries(auths)) {
        for (const [index, path] of paths.entries()) {
          const fields = index === 0 ? stringFields(doc, operation) : [];
          for (const probe of index === 0 ? probes(method, auth, fields) : probes(method, auth, []).slice(0, 3)) {
            const response = await app.request(path, {
              method: method.toUpperCase(),
              headers: probe.headers,
              body: probe.body,
            });
            // Streams (SSE) answer at once and then stay open: read the status, drop the rest.
            await response.body?.cancel();
            // A 500 is a fault whatever the document says: no request should cause one.
            const documented = declared.includes(String(response.status)) || declared.includes("default");
            if (!documented || response.status === 500) {
              found.push(`${method.toUpperCase()} ${path} with ${probe.what}, ${who}: ${response.status}`);
            }
          }
        }
      }
    }
  }
  return found;
}

describe("every status the server answers is in its OpenAPI entry", () => {
  it("on a server without tokens", async () => {
    const served = serve();
    try {
      expect(await undocumented(served.app, { "no token": {} })).toEqual([]);
    } finally {
      await served.close();
    }
  });

  describe("on a server with tokens, read-only tokens, token-checked reads and no state-changing GETs", () => {
    let served: Served;
    beforeAll(() => {
      // The anomaly API reads its security options from the environment when the app is made.
      vi.stubEnv("ANOMALY_API_TOKENS", FULL);
      vi.stubEnv("ANOMALY_READ_TOKENS", READ);
      vi.stubEnv("ANOMALY_AUTH_READS", "1");
      vi.stubEnv("ANOMALY_STATE_GETS", "0");
      served = serve();
    });
    afterAll(async () => {
      vi.unstubAllEnvs();
      await served.close();
    });

    it("answers only documented statuses, whatever token is sent", async () => {
      const found = await undocumented(served.app, {
        "no token": {},
        "a wrong token": { authorization: "Bearer not-a-token" },
        "a read-only token": { authorization: `Bearer ${READ}` },
        "a full token": { authorization: `Bearer ${FULL}` },
      });
      expect(found).toEqual([]);
    });

    it("really refuses with 401, 403 and 405 (the walk above saw them)", async () => {
      const post = (token: string | null) =>
        served.app.request("/detect/walk_model", {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: "{}",
        });
      expect((await post(null)).status).toBe(401);
      expect((await post(READ)).status).toBe(403);
      expect((await served.app.request("/force_train/walk_model")).status).toBe(405);
    });
  });
});
