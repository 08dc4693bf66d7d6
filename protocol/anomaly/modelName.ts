// What the anomaly API accepts as a model name in a path, and what it
// answers otherwise (WIRE.md). The engine checks names again with its own
// length cap (anomaly/apiError.ts); this is the edge's rule.

export const MODEL_NAME = /^[a-zA-Z0-9_]+$/;
export const INVALID_MODEL_NAME = "Invalid model name. Use only letters, numbers, and underscores.";
