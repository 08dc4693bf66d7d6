// The API's edge: what is refused before the engine is asked anything, and
// how failures are shaped. A recording service proves nothing got through.
import { OpenAPIHono } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { INVALID_MODEL_NAME } from "./errors";
import { createAnomalyApp } from "./routes";
import { postJson, recordingService } from "./testing";

function setup(answer?: Parameters<typeof recordingService>[0]) {
  const service = recordingService(answer);
  const app = createAnomalyApp({ service, log: () => {} });
  return { service, app };
}

async function errorOf(res: Response) {
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await res.json()) as { status: string; message: string };
  expect(body.status).toBe("error");
  expect(typeof body.message).toBe("string");
  return body.message;
}

describe("model names", () => {
  const bad = ["a.b", "a-b", "a%20b", "a%2Fb", "%C3%A9", "x%00"];
  for (const name of bad) {
    it(`"${decodeURIComponent(name)}" is refused with the exact 400 on every model route`, async () => {
      const { app, service } = setup();
      const routes: [string, RequestInit][] = [
        [`/detect/${name}`, postJson({ a: 1 })],
        [`/detect_only/${name}`, postJson({ a: 1 })],
        [`/force_train/${name}`, {}],
        [`/models/dynamic/${name}/metadata`, {}],
        [`/models/dynamic/${name}/data`, {}],
        [`/models/dynamic/${name}/reset`, { method: "POST" }],
        [`/delete_model/${name}`, { method: "DELETE" }],
        [`/api/dynamic/${name}/schedule`, postJson({}, "PUT")],
        [`/api/dynamic/${name}/finetune`, { method: "POST" }],
        [`/api/dynamic/${name}/margin`, postJson({ version: "daily", margin: 0.1 }, "PUT")],
        [`/train/autoencoder/${name}`, { method: "POST" }],
        [`/api/dynamic/${name}/export`, {}],
        [`/api/dynamic/${name}/import`, postJson({}, "PUT")],
      ];
      for (const [path, init] of routes) {
        const res = await app.request(path, init);
        expect(res.status, path).toBe(400);
        expect(await errorOf(res)).toBe(INVALID_MODEL_NAME);
      }
      expect(service.calls).toEqual([]);
    });
  }

  it("is checked before the body is measured or parsed", async () => {
    const { app } = setup();
    const huge = await app.request("/detect/a-b", postJson("x".repeat(3 * 1024 * 1024)));
    expect(huge.status).toBe(400);
    expect(await errorOf(huge)).toBe(INVALID_MODEL_NAME);
    const malformed = await app.request("/detect/a-b", postJson("{nope"));
    expect(await errorOf(malformed)).toBe(INVALID_MODEL_NAME);
  });

  it("extra path segments or an empty name get the model-name 400, a wrong method a 405", async () => {
    const { app } = setup();
    for (const path of ["/detect/a/b", "/detect/", "/force_train/x/..", "/delete_model/a/b"]) {
      const res = await app.request(path, postJson({ a: 1 }));
      expect(res.status, path).toBe(400);
      expect(await errorOf(res)).toBe(INVALID_MODEL_NAME);
    }
    const wrongMethod = await app.request("/detect/ok");
    expect(wrongMethod.status).toBe(405);
  });
});

describe("request bodies", () => {
  const cases: [string, BodyInit, string][] = [
    ["malformed JSON", '{"a":1', "Malformed JSON in request body"],
    ["NaN text", '{"a":NaN}', "Malformed JSON in request body"],
    ["an array instead of a record", "[1,2]", "expected a JSON object"],
    ["a bare string", '"a=1"', "expected a JSON object"],
    ["a number too large for a double", '{"a":1e400}', 'field "a" must be a string, a finite number'],
    ["a nested object", '{"a":{"b":1}}', 'field "a" must be a string, a finite number'],
    ["deeply nested arrays", `${"[".repeat(100_000)}${"]".repeat(100_000)}`, "Invalid request body"],
    ["invalid UTF-8", new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), "not valid UTF-8"],
    ["an empty body", "", "Malformed JSON"],
  ];
  for (const [what, body, message] of cases) {
    it(`${what} is a 400 that names the problem`, async () => {
      const { app, service } = setup();
      const res = await app.request("/detect/m", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toContain(message);
      expect(service.calls).toEqual([]);
    });
  }

  it("a record over the limit is a 413, with or without Content-Length", async () => {
    const { app, service } = setup();
    const big = JSON.stringify({ a: "x".repeat(1024 * 1024) });
    const res = await app.request("/detect/m", postJson(big));
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatch(/too large/);
    const stream = new Blob([big]).stream();
    const chunked = await app.request("/detect/m", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(service.calls).toEqual([]);
  });

  it("the record limit is configurable", async () => {
    const service = recordingService();
    const app = createAnomalyApp({ service, recordLimit: 16 });
    expect((await app.request("/detect/m", postJson({ a: 1 }))).status).toBe(200);
    expect((await app.request("/detect/m", postJson({ abcdefgh: 12345678 }))).status).toBe(413);
  });

  it("by default a text/plain body is a 415 on a state change; with the lenient switch a body that is not JSON is a 400 that says what to send", async () => {
    const strict = setup();
    // As a real client sends it: the policy judges a body by its length header.
    const refused = await strict.app.request("/detect/m", {
      method: "POST",
      headers: { "content-type": "text/plain", "content-length": "7" },
      body: '{"a":1}',
    });
    expect(refused.status).toBe(415);
    expect(await errorOf(refused)).toContain("application/json");
    expect(strict.service.calls).toEqual([]);
    const service = recordingService();
    const app = createAnomalyApp({ service, log: () => {}, security: { bodyTypes: "lenient" } });
    const res = await app.request("/detect/m", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "a=1",
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toContain("application/json");
    expect(service.calls).toEqual([]);
    const json = await app.request("/detect/m", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: '{"a":1}',
    });
    expect(json.status).toBe(200);
    // The service always computes the expected bands (alert rules judge recovery by them); the answer drops them unless asked.
    expect(service.calls).toEqual([["detect", "m", { a: 1 }, undefined, { explain: false, expected: true }]]);
    expect(await json.json()).not.toHaveProperty("expected");
  });

  it("wrong field types in small bodies are 400s naming the field", async () => {
    const { app } = setup();
    const schedule = await app.request(
      "/api/dynamic/m/schedule",
      postJson({ below_max_retrain_frequency: "often" }, "PUT"),
    );
    expect(schedule.status).toBe(400);
    expect(await errorOf(schedule)).toContain("below_max_retrain_frequency");
    const margin = await app.request("/api/dynamic/m/margin", postJson({ version: "daily" }, "PUT"));
    expect(await errorOf(margin)).toContain("margin");
    const ae = await app.request("/train/autoencoder/m", postJson({ hidden: [64, -1] }));
    expect(ae.status).toBe(400);
    expect(await errorOf(ae)).toContain("hidden");
    const limit = await app.request("/models/dynamic/m/data?limit=lots");
    expect(limit.status).toBe(400);
    expect(await errorOf(limit)).toContain("limit");
  });

  it("unknown JSON fields are ignored", async () => {
    const { app, service } = setup();
    const res = await app.request(
      "/api/dynamic/m/schedule",
      postJson({ below_max_retrain_frequency: 10, colour: "red" }, "PUT"),
    );
    expect(res.status).toBe(200);
    expect(service.calls).toEqual([["setSchedule", "m", { below_max_retrain_frequency: 10 }]]);
  });
});

describe("failures", () => {
  it("an engine error keeps its status and exact message", async () => {
    const { app } = setup(() => {
      throw Object.assign(new Error("Model m not found"), { status: 404 });
    });
    const res = await app.request("/models/dynamic/m/metadata");
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toBe("Model m not found");
  });

  it("a handler that throws is a 500 in the error shape", async () => {
    const { app } = setup(() => {
      throw new TypeError("disk on fire");
    });
    const res = await app.request("/models/dynamic/m/reset", { method: "POST" });
    expect(res.status).toBe(500);
    expect(await errorOf(res)).toBe("disk on fire");
  });

  it("mounted at / in another app, its error shape stays inside the sub-app", async () => {
    const outer = new OpenAPIHono();
    outer.get("/elsewhere", () => {
      throw new Error("outer fault");
    });
    outer.onError((_err, c) => c.json({ status: "error", detail: "outer" }, 500));
    outer.route("/", createAnomalyApp({ service: recordingService(), log: () => {} }));
    const inner = await outer.request("/detect/a-b", postJson({ a: 1 }));
    expect(await inner.json()).toEqual({ status: "error", message: INVALID_MODEL_NAME });
    const other = await outer.request("/elsewhere");
    expect(await other.json()).toEqual({ status: "error", detail: "outer" });
  });
});

describe("dashboard pages", () => {
  it("answer 404 JSON when no web root is set", async () => {
    const { app } = setup();
    for (const path of ["/", "/modelmanager.html", "/modeltrainer.html", "/visualize.html", "/anomalies.html"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await errorOf(res)).toMatch(/web root/);
    }
  });

  it("can be left out when the host app serves its own /", async () => {
    const app = createAnomalyApp({ service: recordingService(), pages: false });
    expect(app.routes.some((r) => r.path === "/modelmanager.html")).toBe(false);
  });
});

describe("upload limit", () => {
  it("$ANOMALY_MAX_UPLOAD_BYTES bounds CSV uploads and data files with a 413 that states the limit", async () => {
    const saved = process.env.ANOMALY_MAX_UPLOAD_BYTES;
    process.env.ANOMALY_MAX_UPLOAD_BYTES = "1000";
    try {
      const service = recordingService();
      const app = createAnomalyApp({ service, log: () => {} });
      const csv = "a,b\n".concat("1,2\n".repeat(300));
      const res = await app.request("/detect_anomalies", {
        method: "POST",
        headers: { "content-type": "text/csv" },
        body: csv,
      });
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toMatch(/limited to 1000 bytes .*ANOMALY_MAX_UPLOAD_BYTES/);
      const small = await app.request("/detect_anomalies", {
        method: "POST",
        headers: { "content-type": "text/csv" },
        body: "a,b\n1,2\n",
      });
      expect(small.status).toBe(200);
      expect(service.calls.map((c) => c[0])).toEqual(["batchEncoded"]);
      process.env.ANOMALY_MAX_UPLOAD_BYTES = "lots";
      expect(() => createAnomalyApp({ service })).toThrow(
        /ANOMALY_MAX_UPLOAD_BYTES must be an integer >= 1, got "lots"/,
      );
    } finally {
      if (saved === undefined) delete process.env.ANOMALY_MAX_UPLOAD_BYTES;
      else process.env.ANOMALY_MAX_UPLOAD_BYTES = saved;
    }
  });
});

describe("OpenAPI", () => {
  it("documents every route, extras included", () => {
    const app = createAnomalyApp({ service: recordingService() });
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    const paths = Object.keys(doc.paths ?? {});
    for (const path of [
      "/detect/{m}",
      "/detect_only/{m}",
      "/force_train/{m}",
      "/detect_anomalies",
      "/models/dynamic",
      "/models/dynamic/{m}/metadata",
      "/models/dynamic/{m}/data",
      "/models/dynamic/{m}/reset",
      "/delete_model/{m}",
      "/api/dynamic/{m}/schedule",
      "/api/dynamic/{m}/finetune",
      "/api/dynamic/{m}/margin",
      "/api/dynamic/{m}/export",
      "/api/dynamic/{m}/import",
      "/train/autoencoder/{m}",
      "/modelmanager.html",
    ]) {
      expect(paths).toContain(path);
    }
    expect(Object.keys(doc.paths?.["/force_train/{m}"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths?.["/delete_model/{m}"] ?? {}).sort()).toEqual(["delete", "get"]);
  });
});
