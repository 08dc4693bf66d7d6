// The build tools: the same build functions as the HTTP routes
// (playground/builds.ts), their JSON as structured content plus a readable
// summary. A compile error is a normal result with positioned errors; what
// the HTTP API answers with 4xx/5xx (a host module the target lacks, a full
// queue, a timeout, a missing toolchain) is a tool error with that detail.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { BUILD_TARGET_IDS } from "../../protocol/targets";
import { type BuildContext, buildNativeFor, buildTarget, buildWasm, publishedArtifact } from "../playground/builds";
import { isPlaygroundHttpError } from "../playground/httpError";
import {
  ArtifactSchema,
  type NativeBuildResult,
  NativeBuildResultSchema,
  type WasmBuildResult,
  WasmBuildResultSchema,
} from "../playground/schemas";
import { hintFor } from "./hints";
import { filenameField, filesField, optField, perSourceLimit, sourceField } from "./inputs";

type ToolAnswer = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** The program's errors, one per line, each followed by how to fix it (its code's entry in the table) and the code. */
function errorLines(errors: { file: string; line: number; col: number; code?: string; message: string }[]): string {
  return errors
    .map((e) => {
      const hint = hintFor(e.code);
      return `${e.file}:${e.line}:${e.col}: ${e.message}${hint ? `\n  hint: ${hint} [${e.code}]` : ""}`;
    })
    .join("\n");
}

function nativeSummary(result: NativeBuildResult): string {
  if (result.status !== "ok")
    return `${result.message}\n${errorLines(result.errors)}\nFix the errors and build again (lang_check is the fast way to re-check).`;
  const lines = [result.message];
  if (result.binary_artifact) lines.push(`download: ${result.binary_artifact.download_url}`);
  if (result.ll_artifact) lines.push(`LLVM IR: ${result.ll_artifact.download_url}`);
  return lines.join("\n");
}

/** Runs one build; a PlaygroundHttpError becomes a tool error carrying its status and detail. */
async function answer<T extends object>(build: () => Promise<T>, summary: (result: T) => string): Promise<ToolAnswer> {
  try {
    const result = await build();
    return {
      content: [{ type: "text", text: summary(result) }],
      structuredContent: result as Record<string, unknown>,
    };
  } catch (error) {
    if (!isPlaygroundHttpError(error)) throw error;
    const retry = error.retryAfterSeconds !== null ? ` (retry after ${error.retryAfterSeconds} s)` : "";
    return {
      content: [{ type: "text", text: `build refused (${error.status}): ${error.message}${retry}` }],
      isError: true,
    };
  }
}

const NATIVE_TOOLS = [
  {
    name: "lang_build_native",
    target: "linux-x64",
    what: "a static x86-64 Linux ELF executable (runs on any x86-64 Linux, no dependencies)",
  },
  {
    name: "lang_build_windows",
    target: "windows-x64",
    what: "an x86-64 Windows .exe (mingw-w64). Programs importing std.canvas or std.audio are refused",
  },
  {
    name: "lang_build_macos",
    target: "macos-x64",
    what: "an x86-64 macOS executable linking only libSystem; it is unsigned, so the user must clear the quarantine attribute (the message says how)",
  },
] as const;

const NATIVE_RETURNS =
  "Returns {status, message, filename, target, logs, errors:[{file, line, col, message}], binary_artifact:{name, bytes, download_url}|null, ll_artifact, elapsed_ms}; status 'error' with positioned errors when the program does not compile. Download URLs are absolute and expire (about an hour). Call lang_check first: it is much faster.";

const WASM_OUTPUT = WasmBuildResultSchema.extend({ wasm_artifact: ArtifactSchema.nullable() });

const inputSchemas = perSourceLimit((maxBytes) => {
  const source = sourceField(maxBytes);
  return {
    wasm: z.object({
      source,
      filename: filenameField,
      files: filesField,
      opt: optField,
      emit_ll: z.boolean().optional().describe("Also return the LLVM IR text in llvm_ir (default false)"),
    }),
    native: z.object({ source, filename: filenameField, files: filesField, opt: optField }),
    target: z.object({
      source,
      target: z.enum(BUILD_TARGET_IDS).describe("The target to build for"),
      filename: filenameField,
      files: filesField,
      opt: optField,
    }),
  };
});

export function registerBuildTools(server: McpServer, ctx: BuildContext): void {
  const inputs = inputSchemas(ctx.limits.maxSourceBytes);

  server.registerTool(
    "lang_build_wasm",
    {
      description:
        "Compile a Pith program to a WebAssembly (WASI preview 1) module, the fastest build and the one the browser playground runs; runnable with wasmtime or any WASI host. Use it to prove a program compiles and to hand the user a module. Returns the /build_wasm JSON {status, message, filename, wasm_base64, wasm_bytes, logs, errors:[{file, line, col, message}], warnings, llvm_ir, uses_canvas, uses_audio, uses_http, elapsed_ms} plus wasm_artifact {name, bytes, download_url} (an absolute URL to the .wasm).",
      inputSchema: inputs.wasm,
      outputSchema: WASM_OUTPUT,
      annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      answer(
        async () => {
          const result = await buildWasm(args, ctx);
          return { ...result, wasm_artifact: await storeWasm(result, ctx) };
        },
        (r) =>
          r.status === "ok"
            ? `${r.message}\ndownload: ${r.wasm_artifact?.download_url}`
            : `${r.message}\n${errorLines(r.errors)}\nFix the errors and build again (lang_check is the fast way to re-check).`,
      ),
  );

  for (const tool of NATIVE_TOOLS) {
    server.registerTool(
      tool.name,
      {
        description: `Build a Pith program into ${tool.what}. ${NATIVE_RETURNS}`,
        inputSchema: inputs.native,
        outputSchema: NativeBuildResultSchema,
        annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
      },
      (args) => answer(() => buildNativeFor(args, tool.target, ctx), nativeSummary),
    );
  }

  server.registerTool(
    "lang_build_target",
    {
      description: `Build a Pith program for a named native target: ${BUILD_TARGET_IDS.join(", ")} (static musl binaries for Linux on x86-64, arm64 and riscv64, glibc arm64, macOS x86-64 and arm64). Programs importing std.canvas, std.audio or std.http are refused. ${NATIVE_RETURNS}`,
      inputSchema: inputs.target,
      outputSchema: NativeBuildResultSchema,
      annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) => answer(() => buildTarget(args, ctx), nativeSummary),
  );
}

/** The module as a download too: a model cannot hand base64 to a user, a URL it can. */
async function storeWasm(result: WasmBuildResult, ctx: BuildContext) {
  if (result.wasm_base64 === null) return null;
  const stored = await ctx.artifacts.put([{ name: result.filename, bytes: Buffer.from(result.wasm_base64, "base64") }]);
  return publishedArtifact(ctx, stored, stored.artifacts[0]);
}
