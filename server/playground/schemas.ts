// The playground's request and response bodies (WIRE.md), as zod schemas:
// the routes validate with them, /openapi.json is generated from them, and
// the MCP tools reuse them. Unknown request fields are stripped (ignored).
import { z } from "@hono/zod-openapi";
import { BUILD_TARGET_IDS, NATIVE_TARGET_IDS } from "../../protocol/targets";
import { OPT_LEVELS } from "../toolchain/recipes";

const source = z
  .string()
  .refine((s) => s.trim().length > 0, "must not be blank")
  .openapi({ description: "Pith program text, at most MAX_SOURCE_BYTES (default 1 MiB) of UTF-8" });
const filename = z
  .string()
  .max(255)
  .optional()
  .openapi({ description: 'Source file name used in diagnostics and output names (default "main.pith")' });
const opt = z.enum(OPT_LEVELS).optional().openapi({ description: "Optimisation level (default -O2)" });

/** The names a program's files may have (the playground's file tabs accept the same). */
export const PROGRAM_FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,100}\.pith$/;

export const ProgramFileSchema = z
  .object({
    name: z.string().regex(PROGRAM_FILE_NAME, "a file name: letters, digits, '_', '-' and '.', ending in .pith"),
    source: z.string(),
  })
  .openapi("ProgramFile");

const files = z.array(ProgramFileSchema).max(64).optional().openapi({
  description:
    "The program's other files: `import util` in the entry file (source) reads util.pith from here. Sizes count toward MAX_SOURCE_BYTES with source.",
});

export const BuildWasmRequestSchema = z
  .object({
    source,
    filename,
    files,
    emit_ll: z.boolean().optional().openapi({ description: "Also return the LLVM IR text (default false)" }),
    opt,
    return_format: z
      .enum(["json", "binary"])
      .optional()
      .openapi({ description: "json (default) or binary: the raw module as application/wasm" }),
  })
  .openapi("BuildWasmRequest");

export const NativeBuildRequestSchema = z.object({ source, filename, files, opt }).openapi("NativeBuildRequest");

export const TargetBuildRequestSchema = z
  .object({
    source,
    target: z.string().openapi({
      enum: BUILD_TARGET_IDS,
      description: "A Linux or macOS target other than /build's linux-x64; any other value is a 400 listing these",
    }),
    filename,
    files,
    opt,
  })
  .openapi("TargetBuildRequest");

export const AsmRequestSchema = z
  .object({
    source,
    target: z.string().openapi({
      enum: NATIVE_TARGET_IDS,
      description: "Any native target; any other value is a 400 listing them",
    }),
    filename,
    files,
    opt,
    line_map: z.boolean().optional().openapi({
      description:
        "Map each line of the assembly to the source line it came from (line_map in the result). The program is compiled with line tables, and the assembly comes without the .file/.loc directives and debug sections they add. Default false: the assembly exactly as a build compiles it.",
    }),
  })
  .openapi("AsmRequest");

export type BuildWasmRequest = z.infer<typeof BuildWasmRequestSchema>;
export type AsmRequest = z.infer<typeof AsmRequestSchema>;
export type NativeBuildRequest = z.infer<typeof NativeBuildRequestSchema>;
export type TargetBuildRequest = z.infer<typeof TargetBuildRequestSchema>;
export type ProgramFile = z.infer<typeof ProgramFileSchema>;

export const SourceErrorSchema = z
  .object({
    file: z.string(),
    line: z.number().int(),
    col: z.number().int(),
    code: z.string().optional().openapi({
      description: "The diagnostic's stable code (E0200...); absent for errors the compiler did not report",
    }),
    message: z.string(),
    help_url: z.string().optional().openapi({ description: "The code's page: explanation, example and fix" }),
  })
  .openapi("SourceError");

export const WasmBuildResultSchema = z
  .object({
    status: z.enum(["ok", "error"]),
    message: z.string(),
    filename: z.string(),
    // string-or-null as anyOf of single types, not `type: ["string", "null"]`,
    // which MCP clients with single-type schema dialects reject (the MCP
    // tools return this shape).
    wasm_base64: z.union([z.string().describe("the module, base64"), z.null()]),
    wasm_bytes: z.number().int(),
    logs: z.string(),
    errors: z.array(SourceErrorSchema),
    warnings: z.array(SourceErrorSchema),
    llvm_ir: z.union([z.string().describe("the LLVM IR, when asked for"), z.null()]),
    uses_canvas: z.boolean(),
    uses_audio: z.boolean(),
    uses_http: z.boolean(),
    elapsed_ms: z.number(),
    // NURL's names for the same facts (additive), so clients written for NURL's API parse the answer.
    stderr: z.string().openapi({ description: "the diagnostics as file:line:col: message lines (NURL alias)" }),
    nurlc_stderr: z.string().openapi({ description: "same text as stderr (NURL alias)" }),
    nurlc_returncode: z.number().int().openapi({ description: "the compiler's exit status (NURL alias)" }),
    nurlc_errors: z
      .array(SourceErrorSchema)
      .openapi({ description: "the same list as errors (NURL alias: its clients read diagnostics here)" }),
  })
  .openapi("WasmBuildResult");

export const ArtifactSchema = z
  .object({
    name: z.string(),
    bytes: z.number().int(),
    download_url: z.string().openapi({ description: "Absolute URL; expires after ARTIFACT_TTL_SECONDS" }),
    token: z.string().openapi({
      description: "The build id in download_url (NURL alias: its clients name a download by this token)",
    }),
    expires_at: z.string().openapi({
      description: "When download_url stops working (ISO 8601, UTC): the build time plus ARTIFACT_TTL_SECONDS",
      example: "2026-12-08T01:00:00.000Z",
    }),
  })
  .openapi("Artifact");

export const NativeBuildResultSchema = z
  .object({
    status: z.enum(["ok", "error"]),
    message: z.string(),
    filename: z.string(),
    target: z.string(),
    logs: z.string(),
    errors: z.array(SourceErrorSchema),
    ll_artifact: ArtifactSchema.nullable(),
    binary_artifact: ArtifactSchema.nullable(),
    elapsed_ms: z.number(),
    // NURL's names for the same facts (additive), so clients written for NURL's API parse the answer.
    stderr: z.string().openapi({ description: "the diagnostics as file:line:col: message lines (NURL alias)" }),
    nurlc_stderr: z.string().openapi({ description: "same text as stderr (NURL alias)" }),
    nurlc_returncode: z.number().int().openapi({ description: "the Pith compiler's exit status (NURL alias)" }),
    nurlc_stdout_bytes: z.number().int().openapi({
      description:
        "bytes of LLVM IR the compiler produced, 0 when it failed (NURL alias: nurlc printed its IR on stdout)",
    }),
    clang_returncode: z.union([z.number().int(), z.null()]).openapi({
      description: "clang's exit status; null when the program did not compile, so clang never ran (NURL alias)",
    }),
    stdout: z.string().openapi({
      description: "what the toolchain printed on stdout (the IR itself is the ll_artifact download) (NURL alias)",
    }),
    nurlc_errors: z
      .array(SourceErrorSchema)
      .openapi({ description: "the same list as errors (NURL alias: its clients read diagnostics here)" }),
    uses_canvas: z.boolean().openapi({ description: "always false: native targets refuse std.canvas (NURL alias)" }),
    uses_audio: z.boolean().openapi({ description: "always false: native targets refuse std.audio (NURL alias)" }),
  })
  .openapi("NativeBuildResult");

export const AsmResultSchema = z
  .object({
    status: z.enum(["ok", "error"]),
    message: z.string(),
    target: z.string(),
    opt: z.string(),
    asm: z
      .string()
      .nullable()
      .openapi({ description: "The assembly clang-19 writes for the target (-S), as a build would contain it" }),
    line_map: z
      .array(z.object({ file: z.string(), line: z.number().int() }).nullable())
      .nullable()
      .openapi({
        description:
          "With line_map requested: one entry per line of asm, the source file and line its instruction came from, or null (labels, directives, code with no line)",
      }),
    errors: z.array(SourceErrorSchema),
    logs: z.string(),
    elapsed_ms: z.number(),
  })
  .openapi("AsmResult");

export type SourceErrorBody = z.infer<typeof SourceErrorSchema>;
export type AsmResult = z.infer<typeof AsmResultSchema>;
export type WasmBuildResult = z.infer<typeof WasmBuildResultSchema>;
export type Artifact = z.infer<typeof ArtifactSchema>;
export type NativeBuildResult = z.infer<typeof NativeBuildResultSchema>;

export const TargetSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    group: z.enum(["wasm", "linux", "macos", "windows"]),
    endpoint: z.string(),
    runnable: z.boolean().openapi({ description: "Whether this host has the toolchain to build it" }),
    notes: z.string(),
  })
  .openapi("Target");

export const ContentEntrySchema = z
  .object({ name: z.string(), path: z.string(), bytes: z.number().int() })
  .openapi("ContentEntry");

export const ContentFileSchema = z
  .object({ name: z.string(), source: z.string(), bytes: z.number().int() })
  .openapi("ContentFile");
