// A failure that is the client's to see: carries the HTTP status and the
// WIRE.md detail, so the build functions stay independent of Hono (the MCP
// tools call them too) and each transport turns it into its own answer.

export type PlaygroundStatus = 400 | 404 | 413 | 429 | 503 | 504;

export class PlaygroundHttpError extends Error {
  constructor(
    readonly status: PlaygroundStatus,
    readonly detail: string | Record<string, unknown>,
    /** Seconds the client should wait (429, 503), sent as Retry-After. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(typeof detail === "string" ? detail : JSON.stringify(detail));
    this.name = "PlaygroundHttpError";
  }
}

export function isPlaygroundHttpError(error: unknown): error is PlaygroundHttpError {
  return error instanceof PlaygroundHttpError;
}
