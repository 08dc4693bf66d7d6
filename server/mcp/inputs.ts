// The tool arguments every compiling tool shares, with the HTTP API's limits
// (WIRE.md): a non-blank source of at most 1 MiB of UTF-8.
import { z } from "zod";

export const MAX_SOURCE_BYTES = 1024 * 1024;

export const sourceField = z
  .string()
  .describe("The complete Pith program (a `fn main()` included), at most 1 MiB of UTF-8")
  .refine((s) => s.trim() !== "", { message: "source is blank: send the program's text" })
  .refine((s) => Buffer.byteLength(s) <= MAX_SOURCE_BYTES, {
    message: `source is larger than ${MAX_SOURCE_BYTES} bytes (1 MiB); split the program or send less`,
  });

export const filenameField = z
  .string()
  .max(255)
  .optional()
  .describe("File name used in diagnostics and artifact names (default main.pith)");

export const OPT_LEVELS = ["-O0", "-O1", "-O2", "-O3", "-Os", "-Oz"] as const;

export const optField = z.enum(OPT_LEVELS).optional().describe("Optimisation level (default -O2)");
