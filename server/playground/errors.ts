// The playground service's error shape for every non-2xx response
// (WIRE.md): {"status":"error","detail": <string or object>}.
import { type Hook, z } from "@hono/zod-openapi";

export const PlaygroundErrorSchema = z
  .object({
    status: z.literal("error"),
    detail: z.union([z.string(), z.record(z.string(), z.unknown())]),
  })
  .openapi("PlaygroundError");

export function playgroundError(detail: string | Record<string, unknown>) {
  return { status: "error" as const, detail };
}

/** The app's answer to a request that fails its schema: a 400 naming each field and what is wrong with it. */
// biome-ignore lint/suspicious/noExplicitAny: the hook serves every route's schema
export const validationHook: Hook<any, any, any, any> = (result, c) => {
  if (!result.success)
    return c.json(
      playgroundError(result.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ")),
      400,
    );
};
