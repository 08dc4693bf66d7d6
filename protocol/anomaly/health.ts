// The anomaly service's overall health: the body of `anomaly serve`'s
// GET /health and the `anomaly` part of the main server's GET /health
// (server/anomaly/health.ts computes it). "degraded" still answers 200:
// the process serves every other model; the body names what is broken.
import { z } from "@hono/zod-openapi";

export const AnomalyHealthSchema = z
  .object({
    status: z.enum(["ok", "degraded"]).openapi({
      description: "degraded while a model's files cannot be loaded or a stored forest does not decode",
    }),
    models: z.number().int().openapi({ description: "models in the store, damaged ones included" }),
    damaged_models: z
      .array(z.object({ model: z.string(), file: z.string().nullable(), error: z.string() }))
      .openapi({ description: "models answering 409 until `anomaly doctor` repairs them" }),
    damaged_versions: z
      .array(z.object({ model: z.string(), version: z.string(), file: z.string(), error: z.string() }))
      .openapi({ description: "versions whose forest file does not decode: they score nothing until retrained" }),
  })
  .openapi("AnomalyHealth");

export type AnomalyHealthBody = z.infer<typeof AnomalyHealthSchema>;
