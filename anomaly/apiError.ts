/**
 * The service's errors: AnomalyError carries the HTTP status its route
 * answers with, and the helpers here turn the engine's own failures (a bad
 * name, a missing or damaged model, bad input) into it, each with the
 * message the API documents.
 */
import { AutoencoderError } from "./autoencoder/autoencoder";
import { EncodingError } from "./model/encoding";
import type { DamagedModelError } from "./store/store";

export class AnomalyError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 500,
    message: string,
  ) {
    super(message);
    this.name = "AnomalyError";
  }
}

/** What a model name may be: it becomes a folder name. */
export const MODEL_NAME = /^[A-Za-z0-9_]{1,200}$/;
export const INVALID_NAME = "Invalid model name. Use only letters, numbers, and underscores.";

export function checkModelName(model: string): void {
  if (typeof model !== "string" || !MODEL_NAME.test(model)) throw new AnomalyError(400, INVALID_NAME);
}

/** A model whose files exist but cannot be loaded: 409, never a 404 (a 404 invites creating it anew). */
export const damaged = (e: DamagedModelError) =>
  new AnomalyError(
    409,
    `${e.message}. Its files are kept as they are and no new model of this name is created; run "anomaly doctor ${e.model} --rebuild" or "--quarantine".`,
  );

export const notFound = (model: string) => new AnomalyError(404, `Model ${model} not found`);
export const notTrained = (model: string) => new AnomalyError(400, `Model ${model} exists but is not trained yet.`);

/** Bad input found by the engine becomes a 400 with the engine's message. */
export async function asClientErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof EncodingError || e instanceof AutoencoderError) {
      throw new AnomalyError(400, e.message);
    }
    throw e;
  }
}
