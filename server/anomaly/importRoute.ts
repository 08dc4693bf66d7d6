// PUT /api/dynamic/{m}/import, read as it arrives (issue 30): the upload
// is not buffered and parsed in one piece (a 150,000-point bundle is ~26 MB
// of JSON, a few times that as objects, and seconds of event loop), but
// handed chunk by chunk to the service's streamed import
// (anomaly/store/bundleStream.ts), which writes the ring to the store as it
// goes. The size limit and the UTF-8 check run on the same chunks. The
// route is documented in /openapi.json like the others but served by a
// plain handler: the schema validator would parse the whole body first.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AnomalyService } from "../../anomaly";
import { MessageBody, ModelBundle, ModelParams } from "../../protocol/anomaly/schemas";
import type { AlertCenter } from "./alerts";
import { errorResponse, requireModelName } from "./errors";
import { jsonBody, jsonContent, modelErrors, TAG } from "./openapi";

export interface ImportRouteOptions {
  service: Pick<AnomalyService, "importStream">;
  maxBytes: number;
  /** The 413's message. */
  tooLarge: string;
  alerts?: AlertCenter;
}

/** An answer decided while reading the upload. */
class UploadRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** The request body's chunks, refused once past `maxBytes` or on bytes that are not UTF-8. */
async function* uploadChunks(c: Context, maxBytes: number, tooLarge: string): AsyncGenerator<Uint8Array> {
  const body = c.req.raw.body;
  if (body === null) return;
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  let size = 0;
  let done = false;
  const reader = body.getReader();
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        break;
      }
      const value = next.value;
      size += value.length;
      if (size > maxBytes) throw new UploadRefused(413, tooLarge);
      try {
        utf8.decode(value, { stream: true });
      } catch {
        throw new UploadRefused(400, "Request body is not valid UTF-8");
      }
      yield value;
    }
    try {
      utf8.decode();
    } catch {
      throw new UploadRefused(400, "Request body is not valid UTF-8");
    }
  } finally {
    // Refused before its end (bad JSON, a bad record): the rest is read and
    // dropped, up to the limit, so the answer reaches the client and its
    // keep-alive connection stays usable; past the limit it is closed.
    while (!done && size <= maxBytes) {
      const next = await reader.read().catch(() => ({ done: true, value: undefined }));
      done = next.done;
      size += next.value?.length ?? 0;
    }
    reader.releaseLock();
  }
}

export function registerImportRoute(app: OpenAPIHono, options: ImportRouteOptions): void {
  const path = "/api/dynamic/{m}/import";
  app.openAPIRegistry.registerPath(
    createRoute({
      method: "put",
      path,
      tags: [TAG],
      summary: "Create or replace a model from an exported bundle",
      description:
        "The bundle GET /api/dynamic/{m}/export wrote, read as it arrives (metadata before ring, as exports write it, keeps memory constant). Every ring record is checked as ingest would check it; the first problem is a 400 naming the record, its data.jsonl line and the field (or the upload's line and column for JSON that does not parse), and changes nothing.",
      request: { params: ModelParams, body: jsonBody(ModelBundle) },
      responses: { 200: jsonContent(MessageBody, "Imported"), ...modelErrors },
    }),
  );
  app.put("/api/dynamic/:m/import", requireModelName, async (c) => {
    const m = c.req.param("m");
    const declared = Number(c.req.header("content-length") ?? Number.NaN);
    if (declared > options.maxBytes) {
      const res = errorResponse(c, 413, options.tooLarge);
      res.headers.set("connection", "close");
      return res;
    }
    try {
      const answer = await options.service.importStream(m, uploadChunks(c, options.maxBytes, options.tooLarge));
      // The import replaced the model (its alert rules stay beside it): reloaded from the store when next needed.
      options.alerts?.forget(m);
      return c.json(answer, 200);
    } catch (e) {
      if (e instanceof UploadRefused) {
        const res = errorResponse(c, e.status, e.message);
        if (e.status === 413) res.headers.set("connection", "close");
        return res;
      }
      throw e;
    }
  });
}
