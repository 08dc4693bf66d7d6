// The tool arguments the compiling tools share, with the HTTP API's limits
// (WIRE.md, MAX_SOURCE_BYTES): a non-blank source within the byte limit.
import { z } from "zod";
import { PROGRAM_FILE_NAME } from "../playground/schemas";
import { OPT_LEVELS } from "../toolchain/recipes";

/**
 * `build(maxBytes)`, computed once per limit. A server is created per request
 * (stateless /mcp), and building zod schemas is most of that cost, so the
 * tools' schemas are built once and shared.
 */
export function perSourceLimit<T>(build: (maxBytes: number) => T): (maxBytes: number) => T {
  const built = new Map<number, T>();
  return (maxBytes) => {
    let value = built.get(maxBytes);
    if (value === undefined) {
      value = build(maxBytes);
      built.set(maxBytes, value);
    }
    return value;
  };
}

export const sourceField = perSourceLimit((maxBytes) =>
  z
    .string()
    .describe(`The complete Pith program (with \`fn main()\`), at most ${maxBytes} bytes of UTF-8`)
    .refine((s) => s.trim() !== "", { message: "source is blank: send the program's text" })
    .refine((s) => Buffer.byteLength(s) <= maxBytes, {
      message: `source is larger than the limit of ${maxBytes} bytes (MAX_SOURCE_BYTES); send a smaller program`,
    }),
);

export const filenameField = z
  .string()
  .max(255)
  .optional()
  .describe("File name used in diagnostics and artifact names (default main.pith)");

export const optField = z.enum(OPT_LEVELS).optional().describe("Optimisation level (default -O2)");

export const filesField = z
  .array(
    z.object({
      name: z.string().regex(PROGRAM_FILE_NAME, "a file name: letters, digits, '_', '-' and '.', ending in .pith"),
      source: z.string(),
    }),
  )
  .max(64)
  .optional()
  .describe(
    "The program's other files: `import util` in source reads util.pith from here (its functions are then util.name)",
  );
