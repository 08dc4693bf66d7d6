// Test doubles for the route layer: a service that records what reached it
// and answers a fixed body, so edge checks (names, sizes, encodings, error
// mapping) can prove the engine was never called. Behaviour of the engine
// itself is tested through the real AnomalyService elsewhere.
import type { AnomalyApi } from "./routes";

export interface RecordingService extends AnomalyApi {
  calls: [string, ...unknown[]][];
  close(): Promise<void>;
}

export function recordingService(
  answer: (method: string, args: unknown[]) => unknown = () => ({ status: "success", message: "ok" }),
): RecordingService {
  const calls: [string, ...unknown[]][] = [];
  return new Proxy({ calls } as unknown as RecordingService, {
    get(target, key) {
      // Methods assigned onto the double (slow or failing ones) win.
      if (Object.hasOwn(target, key)) return Reflect.get(target, key);
      if (key === "then" || typeof key === "symbol") return undefined;
      if (key === "close") return async () => {};
      return async (...args: unknown[]) => {
        calls.push([key, ...args]);
        const body = answer(key, args);
        return key === "detect" ? { httpStatus: 200, body } : body;
      };
    },
  });
}

export const JSON_HEADERS = { "content-type": "application/json" };

export function postJson(body: unknown, method = "POST"): RequestInit {
  return { method, headers: JSON_HEADERS, body: typeof body === "string" ? body : JSON.stringify(body) };
}
