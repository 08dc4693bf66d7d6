// GET /targets and the language's files: /examples, /tests, /stdlib list
// their programs; /examples/{name} (nested paths too) reads one. Path
// safety and the 404s live in content.ts.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { missingTools } from "../toolchain/detect";
import { TARGETS } from "../toolchain/targets";
import { type ContentKind, listContent, readContent } from "./content";
import { PlaygroundErrorSchema } from "./errors";
import { ContentEntrySchema, ContentFileSchema, TargetSchema } from "./schemas";

const targetsRoute = createRoute({
  method: "get",
  path: "/targets",
  tags: ["playground"],
  summary: "Build targets: wasm first, then Linux, macOS, Windows; runnable says whether this host can build it",
  responses: {
    200: { description: "The targets", content: { "application/json": { schema: z.array(TargetSchema) } } },
  },
});

/** The targets as /targets lists them, with `runnable` from this host's tools. */
export function listTargets() {
  const missing = missingTools();
  return TARGETS.map(({ id, label, group, endpoint, notes }) => ({
    id,
    label,
    group,
    endpoint,
    runnable: missing[id].length === 0,
    notes,
  }));
}

const KINDS: { kind: ContentKind; what: string }[] = [
  { kind: "examples", what: "example programs" },
  { kind: "tests", what: "conformance test programs" },
  { kind: "stdlib", what: "standard library modules" },
];

export function registerContentRoutes(app: OpenAPIHono): void {
  app.openapi(targetsRoute, (c) => c.json(listTargets(), 200));

  for (const { kind, what } of KINDS) {
    const listRoute = createRoute({
      method: "get",
      path: `/${kind}`,
      tags: ["playground"],
      summary: `List the ${what}, sorted by path`,
      responses: {
        200: { description: "The files", content: { "application/json": { schema: z.array(ContentEntrySchema) } } },
      },
    });
    app.openapi(listRoute, async (c) => c.json(await listContent(kind), 200));

    // Documented with a single {name} parameter; served by a pattern that
    // also takes nested paths (basics/comments), which OpenAPI cannot say.
    app.openAPIRegistry.registerPath({
      method: "get",
      path: `/${kind}/{name}`,
      tags: ["playground"],
      summary: `Read one of the ${what}; nested paths work, with or without .pith`,
      request: { params: z.object({ name: z.string() }) },
      responses: {
        200: { description: "The file", content: { "application/json": { schema: ContentFileSchema } } },
        400: {
          description: "A path that escapes the folder",
          content: { "application/json": { schema: PlaygroundErrorSchema } },
        },
        404: { description: "No such file", content: { "application/json": { schema: PlaygroundErrorSchema } } },
      },
    });
    app.get(`/${kind}/:name{.+}`, async (c) => c.json(await readContent(kind, c.req.param("name")), 200));
  }
}
