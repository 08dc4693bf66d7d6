// The build routes: thin HTTP wrappers over builds.ts. Each is bounded by
// the JSON body limit and its per-client rate, validated by its zod schema,
// and answers failures (thrown PlaygroundHttpError) through the app's error
// handler with the playground error shape.

import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { NativeTargetId } from "../../protocol/targets";
import { type BuildContext, buildAsm, buildNativeFor, buildTarget, buildWasm } from "./builds";
import { PlaygroundErrorSchema } from "./errors";
import { requireJsonBody } from "./jsonBody";
import { publicBaseUrl } from "./publicUrl";
import { buildRateLimit, clientKey, jsonBodyLimit } from "./requestLimits";
import {
  AsmRequestSchema,
  AsmResultSchema,
  BuildWasmRequestSchema,
  NativeBuildRequestSchema,
  NativeBuildResultSchema,
  TargetBuildRequestSchema,
  WasmBuildResultSchema,
} from "./schemas";
import type { PlaygroundServices } from "./services";

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: PlaygroundErrorSchema } },
});

const FAILURES = {
  400: errorResponse("Malformed JSON, a wrong type, a blank source, or a host module the target lacks"),
  413: errorResponse("The source or the body is over its limit (MAX_SOURCE_BYTES, MAX_BODY_BYTES)"),
  415: errorResponse(
    "The body was not sent as Content-Type: application/json (text/plain, a form, none, application/xml, ...)",
  ),
  429: errorResponse(
    "Rate limit, this client's share of the build queue (COMPILE_CLIENT_QUEUE, NATIVE_BUILD_CLIENT_QUEUE) or the whole queue full; see Retry-After",
  ),
  503: errorResponse(
    "The server is busy: the build would wait, or has waited, past COMPILE_MAX_WAIT_MS / NATIVE_BUILD_MAX_WAIT_MS for a free slot; see Retry-After",
  ),
  504: errorResponse("The build exceeded its time limit"),
};

function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

/**
 * The services as one request sees them: its compiles and native builds take
 * their client's turn in the fair queues and stop when the client hangs up.
 * MCP makes its context here too, so its build tools share the same queues.
 */
export function buildContext(c: Context, services: PlaygroundServices): BuildContext {
  const client = { key: clientKey(c, services.limits.trustProxy), signal: c.req.raw.signal };
  return {
    ...services,
    publicBase: publicBaseUrl(c.req.raw, services.limits.publicUrl),
    client,
    compile: services.compileCache.wrap(services.compiler.runnerFor(client)),
  };
}

const wasmRoute = createRoute({
  method: "post",
  path: "/build_wasm",
  tags: ["playground"],
  summary: "Compile to a WebAssembly (WASI) module in the server process",
  request: { body: jsonBody(BuildWasmRequestSchema) },
  responses: {
    200: {
      description:
        "Build result (status error with positioned errors for a program that does not compile); with return_format binary, the module itself",
      headers: {
        "X-Nurl-Uses-Canvas": {
          description: 'With return_format binary: "1" when the module imports std.canvas, else "0"',
          schema: { type: "string", enum: ["0", "1"] },
        },
        "X-Nurl-Uses-Audio": {
          description: 'With return_format binary: "1" when the module imports std.audio, else "0"',
          schema: { type: "string", enum: ["0", "1"] },
        },
      },
      content: {
        "application/json": { schema: WasmBuildResultSchema },
        "application/wasm": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    ...FAILURES,
  },
});

const NATIVE_ROUTES = [
  { path: "/build", target: "linux-x64", summary: "Build a static x86-64 Linux ELF executable" },
  { path: "/build_windows", target: "windows-x64", summary: "Build an x86-64 Windows .exe (mingw-w64)" },
  {
    path: "/build_macos",
    target: "macos-x64",
    summary: "Build an x86-64 macOS Mach-O executable (unsigned: clear the quarantine attribute to run it)",
  },
] as const satisfies readonly { path: string; target: NativeTargetId; summary: string }[];

const nativeResponses = {
  200: {
    description: "Build result with download URLs, or status error with the program's positioned errors",
    content: { "application/json": { schema: NativeBuildResultSchema } },
  },
  ...FAILURES,
  503: errorResponse(
    "This host lacks the target's toolchain (the detail names what is missing), or the server is busy: the build would wait past its limit for a slot (see Retry-After)",
  ),
};

export function registerBuildRoutes(app: OpenAPIHono, services: PlaygroundServices): void {
  const { limits } = services;
  const bodyLimit = jsonBodyLimit(limits);
  const wasmRate = buildRateLimit(limits, limits.wasmBuildsPerMinute, "wasm builds");
  const nativeRate = buildRateLimit(limits, limits.nativeBuildsPerMinute, "native builds");

  // A client the compile queue would refuse now (past its share, or facing
  // too long a wait) is refused before its body is read and parsed: a
  // client that keeps sending refused requests then costs the server's one
  // event loop little, which every other client's builds go through.
  const compileAdmission: MiddlewareHandler = async (c, next) => {
    const refused = services.compiler.refusalFor({ key: clientKey(c, limits.trustProxy) });
    if (refused) throw refused;
    await next();
  };

  app.use("/build_wasm", requireJsonBody, bodyLimit, wasmRate, compileAdmission);
  app.openapi(wasmRoute, async (c) => {
    const request = c.req.valid("json");
    const result = await buildWasm(request, buildContext(c, services));
    if (request.return_format === "binary" && result.wasm_base64 !== null) {
      return c.body(Buffer.from(result.wasm_base64, "base64"), 200, {
        "content-type": "application/wasm",
        "content-disposition": `attachment; filename="${result.filename}"`,
        // NURL's names: a client that asked for the bare module still learns which host modules it needs.
        "x-nurl-uses-canvas": result.uses_canvas ? "1" : "0",
        "x-nurl-uses-audio": result.uses_audio ? "1" : "0",
      });
    }
    return c.json(result, 200);
  });

  for (const { path, target, summary } of NATIVE_ROUTES) {
    app.use(path, requireJsonBody, bodyLimit, nativeRate);
    const route = createRoute({
      method: "post",
      path,
      tags: ["playground"],
      summary,
      request: { body: jsonBody(NativeBuildRequestSchema) },
      responses: nativeResponses,
    });
    app.openapi(route, async (c) =>
      c.json(await buildNativeFor(c.req.valid("json"), target, buildContext(c, services)), 200),
    );
  }

  app.use("/build_target", requireJsonBody, bodyLimit, nativeRate);
  const targetRoute = createRoute({
    method: "post",
    path: "/build_target",
    tags: ["playground"],
    summary: "Build for a named native target (an unknown target is a 400 listing the known ones)",
    request: { body: jsonBody(TargetBuildRequestSchema) },
    responses: nativeResponses,
  });
  app.openapi(targetRoute, async (c) => c.json(await buildTarget(c.req.valid("json"), buildContext(c, services)), 200));

  // The assembly view costs what a native build's compile costs: the same rate and queue.
  app.use("/build_asm", requireJsonBody, bodyLimit, nativeRate);
  const asmRoute = createRoute({
    method: "post",
    path: "/build_asm",
    tags: ["playground"],
    summary: "The assembly of the program for a native target, as a build at that level would contain it",
    request: { body: jsonBody(AsmRequestSchema) },
    responses: {
      200: {
        description: "The assembly, or status error with the program's positioned errors",
        content: { "application/json": { schema: AsmResultSchema } },
      },
      ...FAILURES,
      503: errorResponse("This host lacks clang-19, or the server is busy (see Retry-After)"),
    },
  });
  app.openapi(asmRoute, async (c) => c.json(await buildAsm(c.req.valid("json"), buildContext(c, services)), 200));
}
