// GET /download/{build_id}/{filename}: a stored build output as an
// attachment. A malformed id or name is a 400 before the store is asked;
// an unknown or expired build a 404. When the builds are in object storage
// (S3_ENDPOINT), the answer is a 302 to a short-lived signed URL: the bytes
// go from S3 to the client, not through an instance.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { isArtifactName, isBuildId } from "./artifacts";
import { PlaygroundErrorSchema } from "./errors";
import { PlaygroundHttpError } from "./httpError";
import type { PlaygroundServices } from "./services";

// A download's Content-Type by file extension; anything else (the Linux and
// macOS executables have none) is application/octet-stream. The OpenAPI
// entry lists these same types.
const TYPES: Record<string, string> = {
  ".ll": "text/plain; charset=utf-8",
  ".exe": "application/vnd.microsoft.portable-executable",
};
const DEFAULT_TYPE = "application/octet-stream";

const binary = { schema: z.string().openapi({ format: "binary" }) };
const DOWNLOAD_CONTENT = Object.fromEntries(
  [DEFAULT_TYPE, ...Object.values(TYPES)].map((type) => [
    type.split(";")[0],
    type.startsWith("text/") ? { schema: z.string() } : binary,
  ]),
);

const route = createRoute({
  method: "get",
  path: "/download/{build_id}/{filename}",
  tags: ["playground"],
  summary: "Download a build's executable or LLVM IR (expires after ARTIFACT_TTL_SECONDS)",
  request: {
    params: z.object({
      build_id: z.string().openapi({ description: "32 hex digits from a build result's download_url" }),
      filename: z.string(),
    }),
  },
  responses: {
    200: {
      description:
        "The file, as an attachment: the LLVM IR (.ll) as text/plain, a Windows .exe as application/vnd.microsoft.portable-executable, other executables as application/octet-stream",
      content: DOWNLOAD_CONTENT,
    },
    302: { description: "With S3_ENDPOINT: the file at a signed URL that works for 60 seconds" },
    400: {
      description: "Not a build id or file name",
      content: { "application/json": { schema: PlaygroundErrorSchema } },
    },
    404: {
      description: "Unknown or expired build",
      content: { "application/json": { schema: PlaygroundErrorSchema } },
    },
  },
});

export function registerDownloadRoute(app: OpenAPIHono, services: PlaygroundServices): void {
  app.openapi(route, async (c) => {
    const { build_id: id, filename } = c.req.valid("param");
    if (!isBuildId(id)) throw new PlaygroundHttpError(400, `invalid build id ${JSON.stringify(id)}`);
    if (!isArtifactName(filename)) throw new PlaygroundHttpError(400, `invalid file name ${JSON.stringify(filename)}`);
    const gone = () => new PlaygroundHttpError(404, `no artifact ${filename} for build ${id} (unknown, or expired)`);
    if (services.artifacts.directUrl) {
      const url = await services.artifacts.directUrl(id, filename);
      if (url === null) throw gone();
      c.header("cache-control", "private, no-store");
      return c.redirect(url, 302);
    }
    const bytes = await services.artifacts.get(id, filename);
    if (bytes === null) throw gone();
    const extension = /\.[^.]+$/.exec(filename)?.[0] ?? "";
    return c.body(Buffer.from(bytes), 200, {
      "content-type": TYPES[extension] ?? DEFAULT_TYPE,
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    });
  });
}
