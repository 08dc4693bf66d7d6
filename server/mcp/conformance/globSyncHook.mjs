// @modelcontextprotocol/conformance 0.1.16 imports `globSync` from `fs`, which
// Node 22 has and Node 20 lacks; it only uses it as globSync("**/<file>",
// {cwd}) for its report. Registered with module.register (see register.mjs),
// this hook hands that package an `fs` that adds such a globSync.
const SHIM = `
import * as fs from "node:fs";
import { join } from "node:path";
export * from "node:fs";
export default fs.default ?? fs;
export function globSync(pattern, options = {}) {
  if (fs.globSync) return fs.globSync(pattern, options);
  const cwd = options.cwd ?? process.cwd();
  const file = String(pattern).replace(/^\\*\\*\\//, "");
  if (!fs.existsSync(cwd)) return [];
  return fs
    .readdirSync(cwd, { recursive: true })
    .map(String)
    .filter((p) => p === file || p.endsWith("/" + file));
}
`;

export async function resolve(specifier, context, next) {
  if (
    (specifier === "fs" || specifier === "node:fs") &&
    context.parentURL?.includes("@modelcontextprotocol/conformance")
  ) {
    return { url: `data:text/javascript,${encodeURIComponent(SHIM)}`, shortCircuit: true };
  }
  return next(specifier, context);
}
