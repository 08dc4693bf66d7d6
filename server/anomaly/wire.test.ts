// Wire details against a real server on loopback (issue 9, item 3): raw
// HTTP requests, so paths like /detect/%2e%2e reach the server as written
// (fetch would normalise them away) and Content-Type is exactly what a
// client sends.

import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileStore } from "../../anomaly/node";
import { INVALID_MODEL_NAME } from "./errors";
import { securityFromEnv } from "./security";
import { type AnomalyServerHandle, startAnomalyServer } from "./serve";

let dir: string;
let server: AnomalyServerHandle;

interface Answer {
  status: number;
  type: string | undefined;
  body: Record<string, unknown>;
}

function send(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
  to: AnomalyServerHandle = server,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: to.host, port: to.port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => {
        let parsed: Record<string, unknown> = {};
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = { text };
        }
        resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"], body: parsed });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

const json = (method: string, path: string, body: unknown) =>
  send(method, path, JSON.stringify(body), { "content-type": "application/json" });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "anomaly-wire-"));
  server = await startAnomalyServer({
    port: 0,
    store: new FileStore(join(dir, "store"), { durable: false }),
    log: () => {},
  });
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the anomaly API's wire format", () => {
  it("every JSON answer is application/json; charset=utf-8, and last_trained is integer unix seconds (0 before training)", async () => {
    const answers: Answer[] = [];
    answers.push(await json("POST", "/detect/wire", { temp: 1, site: "a" }));
    let meta = await send("GET", "/models/dynamic/wire/metadata");
    expect(meta.body.last_trained).toBe(0);
    answers.push(meta);
    for (let i = 2; i <= 50; i++) answers.push(await json("POST", "/detect/wire", { temp: i % 7, site: "a" }));
    meta = await send("GET", "/models/dynamic/wire/metadata");
    const trained = meta.body.last_trained as number;
    expect(Number.isInteger(trained)).toBe(true);
    expect(Math.abs(trained - Date.now() / 1000)).toBeLessThan(120);
    const list = await send("GET", "/models/dynamic");
    expect((list.body.models as Record<string, { last_trained: unknown }>).wire.last_trained).toBe(trained);
    answers.push(meta, list);
    answers.push(await send("GET", "/models/dynamic/nothing/metadata")); // 404
    answers.push(await send("GET", "/detect/a-b")); // 400
    answers.push(await send("GET", "/no/such/route")); // 404
    answers.push(await send("POST", "/detect_anomalies", "a,b\n1,2\n3,4\n", { "content-type": "text/csv" }));
    answers.push(await send("GET", "/openapi.json"));
    expect(answers.map((a) => a.status)).toContain(202);
    expect(answers.map((a) => a.status)).toContain(404);
    for (const a of answers)
      expect(a.type, JSON.stringify(a.body).slice(0, 80)).toBe("application/json; charset=utf-8");
  });

  it("POST /detect_anomalies?model_name=… is a 400 like the JSON and multipart forms", async () => {
    const res = await send("POST", "/detect_anomalies?model_name=wire", "a,b\n1,2\n", { "content-type": "text/csv" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: "error" });
    expect(res.body.message).toMatch(/^model_name is not accepted/);
  });

  it("an empty name or %2e%2e gets the exact invalid-name 400 on every model route", async () => {
    const routes: [string, (m: string) => string][] = [
      ["POST", (m) => `/detect/${m}`],
      ["POST", (m) => `/detect_only/${m}`],
      ["GET", (m) => `/force_train/${m}`],
      ["POST", (m) => `/force_train/${m}`],
      ["GET", (m) => `/models/dynamic/${m}/metadata`],
      ["GET", (m) => `/models/dynamic/${m}/data`],
      ["POST", (m) => `/models/dynamic/${m}/reset`],
      ["DELETE", (m) => `/delete_model/${m}`],
      ["GET", (m) => `/delete_model/${m}`],
      ["PUT", (m) => `/api/dynamic/${m}/schedule`],
      ["POST", (m) => `/api/dynamic/${m}/finetune`],
      ["PUT", (m) => `/api/dynamic/${m}/margin`],
      ["POST", (m) => `/train/autoencoder/${m}`],
      ["GET", (m) => `/api/dynamic/${m}/export`],
      ["PUT", (m) => `/api/dynamic/${m}/import`],
    ];
    for (const name of ["", "%2e%2e", "%2E%2E", ".."]) {
      for (const [method, path] of routes) {
        const withBody = method === "POST" || method === "PUT";
        const res = withBody
          ? await send(method, path(name), "{}", { "content-type": "application/json" })
          : await send(method, path(name));
        expect(res.status, `${method} ${path(name)}`).toBe(400);
        expect(res.body, `${method} ${path(name)}`).toEqual({ status: "error", message: INVALID_MODEL_NAME });
      }
    }
  });

  it("by default a state change whose body is not JSON by Content-Type is a 415 that changes nothing (any web page could send it without a preflight)", async () => {
    const record = JSON.stringify({ temp: 3, site: "a" });
    for (const type of [
      undefined,
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
    ]) {
      const res = await send("POST", "/detect/strict", record, type ? { "content-type": type } : {});
      expect(res.status, type).toBe(415);
      expect(res.body.message, type).toMatch(/Content-Type: application\/json.*without a CORS preflight/);
    }
    const schedule = await send("PUT", "/api/dynamic/strict/schedule", '{"below_max_retrain_frequency": 7}', {
      "content-type": "text/plain",
    });
    expect(schedule.status).toBe(415);
    expect((await send("GET", "/models/dynamic/strict/metadata")).status).toBe(404);
    // Reads are no state change: curl -d still works on the stateless batch route.
    const batch = await send("POST", "/detect_anomalies", JSON.stringify({ csv: "a,b\n1,2\n3,4\n" }), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(batch.body).toMatchObject({ status: "success", result: { total_rows: 2 } });
  });

  it("with ANOMALY_BODY_TYPES=lenient, a JSON body without Content-Type or sent as a form (curl -d) is read as JSON; a body that is not JSON is a 400", async () => {
    const lenient = await startAnomalyServer({
      port: 0,
      store: new FileStore(join(dir, "lenient-store"), { durable: false }),
      log: () => {},
      security: securityFromEnv({ ANOMALY_BODY_TYPES: "lenient" }),
    });
    const sendTo = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
      send(method, path, body, headers, lenient);
    try {
      const record = JSON.stringify({ temp: 3, site: "a" });
      const bare = await sendTo("POST", "/detect/lenient", record);
      expect(bare.status).toBe(202);
      expect(bare.body).toMatchObject({ status: "collecting", data_points: 1 });
      const form = await sendTo("POST", "/detect/lenient", record, {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(form.body).toMatchObject({ status: "collecting", data_points: 2 });
      const schedule = await sendTo("PUT", "/api/dynamic/lenient/schedule", '{"below_max_retrain_frequency": 7}', {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(schedule.body).toMatchObject({ status: "success", training_schedule: { below_max: 7 } });
      const csvAsForm = await sendTo("POST", "/detect_anomalies", "a,b\n1,2\n3,4\n5,6\n", {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(csvAsForm.body).toMatchObject({ status: "success", result: { total_rows: 3 } });
      for (const type of [undefined, "application/x-www-form-urlencoded", "text/plain"]) {
        const res = await sendTo("POST", "/detect/lenient", "temp=3&site=a", type ? { "content-type": type } : {});
        expect(res.status, type).toBe(400);
        expect(res.body.message, type).toMatch(/^The request body is not JSON/);
      }
      expect((await sendTo("GET", "/models/dynamic/lenient/metadata")).body.n_seen).toBe(2);
    } finally {
      await lenient.close();
    }
  });
});
