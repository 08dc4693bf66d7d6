// POST /share stores a workspace and answers its short id; GET /share/{id}
// gives it back. The playground opens `/#s=<id>` by fetching the latter.
// The store (shareStore.ts) has a quota and an expiry, both environment
// variables (limits.ts); past the quota the answer is 507.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { QuotaExceededError } from "../playground/artifacts";
import { PlaygroundErrorSchema, playgroundError } from "../playground/errors";
import { type SharedWorkspace, WorkspaceSchema } from "./schemas";
import { SHARE_ID, type ShareStore } from "./shareStore";

const ErrorBody = { "application/json": { schema: PlaygroundErrorSchema } };

const shareRoute = createRoute({
  method: "post",
  path: "/share",
  tags: ["playground"],
  operationId: "share",
  summary: "Store a workspace for a short link (content-addressed id; at most SHARE_PROGRAM_BYTES; expires)",
  request: { body: { content: { "application/json": { schema: WorkspaceSchema } }, required: true } },
  responses: {
    200: {
      description: "The workspace's id; storing the same workspace again gives the same id and renews its expiry",
      content: { "application/json": { schema: z.object({ status: z.literal("ok"), id: z.string() }) } },
    },
    400: { description: "Files that do not agree (duplicate names, an unknown entry)", content: ErrorBody },
    413: { description: "Larger than SHARE_PROGRAM_BYTES", content: ErrorBody },
    415: { description: "The body was not sent as Content-Type: application/json", content: ErrorBody },
    507: {
      description: "The short links' quota (SHARE_MAX_BYTES) is used up; the long link (in the URL) still works",
      content: ErrorBody,
    },
  },
});

const sharedRoute = createRoute({
  method: "get",
  path: "/share/{id}",
  tags: ["playground"],
  operationId: "getShare",
  summary: "A workspace stored by POST /share",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "The workspace", content: { "application/json": { schema: WorkspaceSchema } } },
    404: { description: "No such workspace (never stored, or expired)", content: ErrorBody },
  },
});

/** Why the workspace's parts do not fit together, if they do not. */
function inconsistency(w: SharedWorkspace): string | undefined {
  if (!w.files) return w.entry === undefined ? undefined : "entry needs files";
  const names = w.files.map((f) => f.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) return `files: ${twice} appears twice`;
  const entry = w.entry ?? names[0];
  const file = w.files.find((f) => f.name === entry);
  if (!file) return `entry: ${entry} is not one of the files (${names.join(", ")})`;
  if (file.source !== w.source) return `source must be the entry file's (${entry}) text`;
  return undefined;
}

function sizeOf(w: SharedWorkspace): number {
  let bytes = Buffer.byteLength(w.stdin ?? "");
  if (w.files) for (const f of w.files) bytes += Buffer.byteLength(f.source) + Buffer.byteLength(f.name);
  else bytes += Buffer.byteLength(w.source);
  return bytes;
}

export function registerShareRoutes(app: OpenAPIHono, store: ShareStore, limitBytes: number): void {
  app.openapi(shareRoute, async (c) => {
    const workspace = c.req.valid("json");
    const problem = inconsistency(workspace);
    if (problem) return c.json(playgroundError(problem), 400);
    const bytes = sizeOf(workspace);
    if (bytes > limitBytes)
      return c.json(playgroundError(`a shared workspace may take ${limitBytes} bytes; this one takes ${bytes}`), 413);
    try {
      return c.json({ status: "ok" as const, id: await store.put(workspace) }, 200);
    } catch (error) {
      if (!(error instanceof QuotaExceededError)) throw error;
      return c.json(
        playgroundError(
          `short links are full for now (${error.maxBytes} bytes stored; they expire over time): share the long link, which carries the program itself`,
        ),
        507,
      );
    }
  });
  app.openapi(sharedRoute, async (c) => {
    const { id } = c.req.valid("param");
    const workspace = SHARE_ID.test(id) ? await store.get(id) : undefined;
    if (!workspace) return c.json(playgroundError(`no shared program has the id '${id}' (unknown, or expired)`), 404);
    return c.json(workspace, 200);
  });
}
