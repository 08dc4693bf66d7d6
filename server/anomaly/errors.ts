// The anomaly API's error edge: every non-2xx response of this sub-app is
// `{"status":"error","message":<string>}` (WIRE.md). The playground routes
// use a different shape, so nothing here is registered globally: the handler
// is the sub-app's own onError and the hook is its own defaultHook.
import type { Context, ErrorHandler, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";

import { INVALID_MODEL_NAME, MODEL_NAME } from "../../protocol/anomaly/modelName";

export { INVALID_MODEL_NAME, MODEL_NAME };

/** A client mistake found at the edge, before the engine is asked anything. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export function errorBody(message: string) {
  return { status: "error" as const, message };
}

export function errorResponse(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json(errorBody(message), status);
}

// The engine's AnomalyError carries a numeric `status`; matched by shape so
// this edge does not depend on the class identity across module copies.
function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status <= 599 ? status : undefined;
}

// Hono's own exceptions say little to an API user; give them sentences.
const HTTP_MESSAGES: Record<number, string> = {
  413: "Request body too large",
  415: "Unsupported Media Type: send the body as application/json",
};

export function createErrorHandler(log: (err: unknown) => void = console.error): ErrorHandler {
  return (err, c) => {
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      const message = HTTP_MESSAGES[status] ?? (err.message || "Request failed");
      return errorResponse(c, status, message);
    }
    // A full disk is the operator's to fix, not a server fault: 507. An
    // ingest fails only when its own lines were not written (a failed append
    // is cut back; a checkpoint failing after it does not fail the points,
    // see commitQueue.ts), so a 507 means: not stored, retry.
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (code === "ENOSPC" || code === "EDQUOT") {
      return errorResponse(
        c,
        507,
        "The server's disk is full: this request was not stored; retry it once space is freed",
      );
    }
    const status = statusOf(err);
    if (status !== undefined && status < 500) {
      return errorResponse(c, status as ContentfulStatusCode, (err as Error).message);
    }
    // Server faults are logged with their stack; the client gets the message
    // only, so internal paths do not leak.
    log(err);
    const message = err instanceof Error && err.message ? err.message : "Internal server error";
    return errorResponse(c, 500, message);
  };
}

type ValidationResult = { success: boolean; error?: unknown; target?: string };

/** Turns a zod failure into one sentence naming the field that was wrong. */
export function describeZodError(target: string | undefined, error: ZodError): string {
  if (target === "param") return INVALID_MODEL_NAME;
  const where = target === "query" ? "query" : "request body";
  const issue = error.issues[0];
  if (!issue) return `Invalid ${where}`;
  const path = issue.path.map(String).join(".");
  return path ? `Invalid ${where}: field "${path}" ${issue.message}` : `Invalid ${where}: ${issue.message}`;
}

/** defaultHook for the sub-app: validation failures are 400 in our shape. */
export function validationHook(result: ValidationResult, c: Context) {
  if (result.success) return undefined;
  return errorResponse(c, 400, describeZodError(result.target, result.error as ZodError));
}

/**
 * Route middleware that runs first on every per-model route: WIRE.md says
 * the model name is checked before anything else (before the body is read or
 * its size judged).
 */
export const requireModelName: MiddlewareHandler = async (c, next) => {
  const model = c.req.param("m");
  if (typeof model !== "string" || !MODEL_NAME.test(model)) {
    return errorResponse(c, 400, INVALID_MODEL_NAME);
  }
  await next();
};

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Rejects bodies that are not valid UTF-8. Without this the lenient decoder
 * behind `c.req.json()` would turn bad bytes into U+FFFD and a mangled
 * record would be stored as a new category.
 */
export const requireUtf8: MiddlewareHandler = async (c, next) => {
  if (c.req.raw.body) {
    const bytes = await c.req.arrayBuffer();
    try {
      strictUtf8.decode(bytes);
    } catch {
      return errorResponse(c, 400, "Request body is not valid UTF-8");
    }
  }
  await next();
};
