// Every OpenAPI operation gets an operationId (client generators and MCP
// bridges name their calls by it). A route that declares one keeps it; the
// others get one derived from method and path, which are unique together, so
// the ids are unique and stable without each route file spelling one out.

type Operations = Record<string, Record<string, { operationId?: string } & Record<string, unknown>>>;

const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);

/** "post" + "/api/dynamic/{m}/feedback/{id}" → "postApiDynamicByMFeedbackById". */
export function derivedOperationId(method: string, path: string): string {
  const words = path
    .split(/[/._-]+/)
    .filter((word) => word !== "")
    .map((word) => {
      const param = /^\{(.+)\}$/.exec(word);
      const name = param ? `by_${param[1]}` : word;
      return name
        .split("_")
        .filter((part) => part !== "")
        .map((part) => part[0].toUpperCase() + part.slice(1))
        .join("");
    });
  return method.toLowerCase() + words.join("");
}

/** Fills in the missing operationIds of a generated document, in place; refuses a duplicate. */
export function withOperationIds<T extends { paths?: unknown }>(doc: T): T {
  const seen = new Map<string, string>();
  for (const [path, operations] of Object.entries((doc.paths ?? {}) as Operations)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      operation.operationId ??= derivedOperationId(method, path);
      const where = `${method.toUpperCase()} ${path}`;
      const other = seen.get(operation.operationId);
      if (other) throw new Error(`operationId ${operation.operationId} is used by both ${other} and ${where}`);
      seen.set(operation.operationId, where);
    }
  }
  return doc;
}
