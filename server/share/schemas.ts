// The shape of a shared workspace (a short link's content): the routes
// validate with it, /openapi.json is generated from it, and the store keeps it.
import { z } from "@hono/zod-openapi";
import { ProgramFileSchema } from "../playground/schemas";
import { OPT_LEVELS } from "../toolchain/recipes";

export const WorkspaceSchema = z
  .object({
    source: z.string().min(1).openapi({ description: "The program's source (with files: the entry file's source)" }),
    stdin: z.string().optional().openapi({ description: "Prepared standard input" }),
    files: z
      .array(ProgramFileSchema)
      .min(1)
      .max(64)
      .optional()
      .openapi({ description: "Every file of the workspace, in tab order (absent: a one-file program)" }),
    entry: z.string().optional().openapi({ description: "The file Run runs (default: the first of files)" }),
    opt: z.enum(OPT_LEVELS).optional().openapi({ description: "The optimisation level the sharer used" }),
    breakpoints: z
      .record(
        z.string(),
        z
          .array(
            z.object({
              line: z.number().int().min(1),
              condition: z.string().max(1000).optional(),
              log: z.string().max(1000).optional(),
            }),
          )
          .max(256),
      )
      .optional()
      .openapi({
        description:
          "The debugger's breakpoints by file name: a line, optionally a condition (stop only when it holds) or a log message (print instead of stopping)",
      }),
  })
  .openapi("SharedProgram");

/**
 * What a short link holds. `source` alone is a one-file program (the form
 * every link had before workspaces); with `files`, `source` is the entry
 * file's text, repeated for clients that only know the one-file form.
 */
export type SharedWorkspace = z.infer<typeof WorkspaceSchema>;
