// Small builders for route declarations, so each route in routes.ts reads as
// its method, path, body and answers rather than nested OpenAPI objects.
import type { ZodType } from "zod";
import { ErrorBody } from "../../protocol/anomaly/schemas";

export const TAG = "Anomaly detection";

export function jsonContent<T extends ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description };
}

export function jsonBody<T extends ZodType>(schema: T, required = true) {
  return { content: { "application/json": { schema } }, required };
}

const errorAnswer = (description: string) => jsonContent(ErrorBody, description);

/** Error answers every model route can give, in the API's error shape. */
export const modelErrors = {
  400: errorAnswer("Invalid model name, malformed JSON, a wrong type, or a refusal by the engine"),
  404: errorAnswer("Model not found"),
  409: errorAnswer("The model's files exist but cannot be loaded (the message names the file); run `anomaly doctor`"),
  413: errorAnswer("Request body larger than the configured limit"),
  500: errorAnswer("Unexpected server fault"),
} as const;
