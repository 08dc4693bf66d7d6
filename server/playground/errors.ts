// The playground service's error shape for every non-2xx response
// (WIRE.md): {"status":"error","detail": <string or object>}.
import { z } from "@hono/zod-openapi";

export const PlaygroundErrorSchema = z
  .object({
    status: z.literal("error"),
    detail: z.union([z.string(), z.record(z.string(), z.unknown())]),
  })
  .openapi("PlaygroundError");

export function playgroundError(detail: string | Record<string, unknown>) {
  return { status: "error" as const, detail };
}
