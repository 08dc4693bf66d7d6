// The anomaly API's OpenAPI documentation: small builders for route
// declarations, so each route in routes.ts reads as its method, path, body
// and answers rather than nested OpenAPI objects; and documentSecurity, which
// adds what the security options (security.ts) answer to the generated document.
import type { ZodType } from "zod";
import { ErrorBody } from "../../protocol/anomaly/schemas";
import { changesState, isAnomalyPath, STATE_GET } from "./security";

export const TAG = "Anomaly detection";

export function jsonContent<T extends ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description };
}

export function jsonBody<T extends ZodType>(schema: T, required = true) {
  return { content: { "application/json": { schema } }, required };
}

const errorAnswer = (description: string) => jsonContent(ErrorBody, description);

/** A body type the route does not take (its body's declared types say which it does). */
export const unsupportedBodyType = errorAnswer("The body's Content-Type is none of the types the route takes");

/** Error answers every model route can give, in the API's error shape. */
export const modelErrors = {
  400: errorAnswer("Invalid model name, malformed JSON, a wrong type, or a refusal by the engine"),
  404: errorAnswer("Model not found"),
  409: errorAnswer("The model's files exist but cannot be loaded (the message names the file); run `anomaly doctor`"),
  413: errorAnswer("Request body larger than the configured limit"),
  500: errorAnswer("Unexpected server fault"),
} as const;

// The security options (security.ts) answer before any route runs, so the
// routes' own declarations cannot list those answers; documentSecurity adds
// them to the generated document from the same predicates the middleware
// uses, so the document and the server cannot disagree about which routes
// need a token or a JSON body.

/** The bearer scheme's name in components.securitySchemes. */
export const TOKEN_SCHEME = "anomalyToken";

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const refusal = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema: ERROR_REF } },
});

const SECURITY_ANSWERS = {
  401: refusal(
    "The server has API tokens (ANOMALY_API_TOKENS, ANOMALY_READ_TOKENS) and the request sent none or an unknown one; reads need one only with ANOMALY_AUTH_READS=1",
    {
      "WWW-Authenticate": { description: 'Bearer realm="anomaly"', schema: { type: "string" } },
    },
  ),
  403: refusal(
    "A read-only token (ANOMALY_READ_TOKENS) on a state change, or a state change from another site's page whose origin ANOMALY_CORS_ORIGINS does not allow",
  ),
  415: refusal(
    "A state change whose body is not Content-Type application/json (always with ANOMALY_BODY_TYPES=strict, the default; from a browser with browser)",
  ),
};

const STATE_GET_OFF = refusal(
  "This server turned the reference service's state-changing GETs off (ANOMALY_STATE_GETS=0)",
);

type Operation = { security?: unknown[]; responses?: Record<string, unknown> };
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

/** Adds the bearer scheme, each anomaly operation's `security`, and the security options' answers; in place. */
export function documentSecurity<T>(doc: T): T {
  const { paths = {} } = doc as Document;
  let any = false;
  for (const [template, operations] of Object.entries(paths)) {
    // A concrete path with each parameter filled in, as the middleware sees one.
    const path = template.replace(/\{[^}]+\}/g, "x");
    if (!isAnomalyPath(path)) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const verb = method.toUpperCase();
      const mutating = changesState(verb, path);
      any = true;
      // State changes need a full token whenever the server has tokens; reads only with ANOMALY_AUTH_READS=1.
      operation.security = mutating ? [{ [TOKEN_SCHEME]: [] }] : [{ [TOKEN_SCHEME]: [] }, {}];
      operation.responses ??= {};
      const responses = operation.responses;
      responses["401"] ??= SECURITY_ANSWERS[401];
      if (mutating) {
        responses["403"] ??= SECURITY_ANSWERS[403];
        responses["415"] ??= SECURITY_ANSWERS[415];
      }
      if (verb === "GET" && STATE_GET.test(path)) responses["405"] ??= STATE_GET_OFF;
    }
  }
  if (any) {
    const target = doc as Document;
    target.components ??= {};
    const components = target.components;
    components.securitySchemes = {
      ...components.securitySchemes,
      [TOKEN_SCHEME]: {
        type: "http",
        scheme: "bearer",
        description:
          "An anomaly API token: one of ANOMALY_API_TOKENS (every route) or ANOMALY_READ_TOKENS (reads only). A server with neither set takes requests without one.",
      },
    };
  }
  return doc;
}
