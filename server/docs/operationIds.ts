// Every OpenAPI operation gets an operationId (client generators and MCP
// bridges name their calls by it). A route that declares one keeps it; the
// others get one derived from method and path, which are unique together, so
// the ids are unique and stable without each route file spelling one out.

type Operations = Record<string, Record<string, { operationId?: string } & Record<string, unknown>>>;

const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);

const capitalised = (text: string) =>
  text
    .split(/[._-]+/)
    .filter((part) => part !== "")
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join("");

/**
 * "post" + "/api/dynamic/{m}/feedback/{id}" → "postApiDynamicByMFeedbackById";
 * "get" + "/download/{build_id}/{filename}" → "getDownloadByBuildIdAndFilename".
 * Only letters and digits: generators turn the id into a function name.
 */
export function derivedOperationId(method: string, path: string): string {
  let id = method.toLowerCase();
  let afterParam = false;
  for (const segment of path.split("/").filter((s) => s !== "")) {
    const param = /^\{(.+)\}$/.exec(segment);
    if (param) {
      id += (afterParam ? "And" : "By") + capitalised(param[1]);
      afterParam = true;
    } else {
      id += capitalised(segment);
      afterParam = false;
    }
  }
  return id.replace(/[^A-Za-z0-9]/g, "");
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
