// std.http's imports (module "pith_http"). The request itself is the
// host's: `fetchSync` blocks the program (a worker thread under `pith run`,
// the page's fetch in the browser) and returns the whole response.
import { type MemoryRef, readStr, writeBytes } from "./memory";

export interface HttpRequest {
  method: string;
  url: string;
  body: string;
  contentType: string;
}

export type HttpOutcome =
  | { ok: true; status: number; headers: [string, string][]; body: Uint8Array }
  | { ok: false; error: string };

export type FetchSync = (request: HttpRequest) => HttpOutcome;

const encoder = new TextEncoder();

/** The message for a fetch that threw: say CORS when it may be the reason. */
export function fetchFailure(url: string, error: unknown, crossOrigin: boolean): string {
  const why =
    error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  const cors = crossOrigin
    ? " (blocked by CORS, or the server is unreachable: the server must send Access-Control-Allow-Origin)"
    : "";
  return `request to ${url} failed: ${why}${cors}`;
}

export function createHttpImports(memory: MemoryRef, fetchSync: FetchSync): WebAssembly.ModuleImports {
  let result: Uint8Array = new Uint8Array();
  let status = 0;
  let headers: [string, string][] = [];
  return {
    host_request(method: number, url: number, body: number, contentType: number) {
      const m = memory();
      const outcome = fetchSync({
        method: readStr(m, method),
        url: readStr(m, url),
        body: readStr(m, body),
        contentType: readStr(m, contentType),
      });
      if (!outcome.ok) {
        status = 0;
        headers = [];
        result = encoder.encode(outcome.error);
        return -result.length - 1;
      }
      status = outcome.status;
      headers = outcome.headers;
      result = outcome.body;
      return result.length;
    },
    host_result_copy(dst: number) {
      writeBytes(memory(), dst, result);
    },
    host_status: () => status,
    host_header(name: number) {
      const want = readStr(memory(), name).toLowerCase();
      const found = headers.find(([k]) => k.toLowerCase() === want);
      if (!found) return -1;
      result = encoder.encode(found[1]);
      return result.length;
    },
  };
}
