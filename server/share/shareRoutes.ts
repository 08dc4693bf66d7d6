// POST /share stores a program and answers its short id; GET /share/{id}
// gives it back. The playground opens `/#s=<id>` by fetching the latter.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { PlaygroundErrorSchema, playgroundError } from "../playground/errors";
import { SHARE_LIMIT_BYTES, ShareStore } from "./shareStore";

const ProgramSchema = z
  .object({
    source: z.string().min(1).openapi({ description: "The program's source" }),
    stdin: z.string().optional().openapi({ description: "Prepared standard input" }),
  })
  .openapi("SharedProgram");

const shareRoute = createRoute({
  method: "post",
  path: "/share",
  tags: ["playground"],
  summary: `Store a program for a short link (content-addressed id; at most ${SHARE_LIMIT_BYTES} bytes)`,
  request: { body: { content: { "application/json": { schema: ProgramSchema } }, required: true } },
  responses: {
    200: {
      description: "The program's id",
      content: { "application/json": { schema: z.object({ status: z.literal("ok"), id: z.string() }) } },
    },
    413: { description: "Too large", content: { "application/json": { schema: PlaygroundErrorSchema } } },
  },
});

const sharedRoute = createRoute({
  method: "get",
  path: "/share/{id}",
  tags: ["playground"],
  summary: "A program stored by POST /share",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "The program", content: { "application/json": { schema: ProgramSchema } } },
    404: { description: "No such program", content: { "application/json": { schema: PlaygroundErrorSchema } } },
  },
});

export function registerShareRoutes(app: OpenAPIHono, store = new ShareStore()): void {
  app.openapi(shareRoute, async (c) => {
    const program = c.req.valid("json");
    const bytes = Buffer.byteLength(program.source) + Buffer.byteLength(program.stdin ?? "");
    if (bytes > SHARE_LIMIT_BYTES)
      return c.json(
        playgroundError(`a shared program may take ${SHARE_LIMIT_BYTES} bytes; this one takes ${bytes}`),
        413,
      );
    return c.json({ status: "ok" as const, id: await store.put(program) }, 200);
  });
  app.openapi(sharedRoute, async (c) => {
    const { id } = c.req.valid("param");
    const program = await store.get(id);
    if (!program) return c.json(playgroundError(`no shared program has the id '${id}'`), 404);
    return c.json(program, 200);
  });
}
