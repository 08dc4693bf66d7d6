import { describe, expect, it } from "vitest";
import { startServer } from "./server";

describe("the production server process", () => {
  it("reports the compiler available on /health by running it", async () => {
    const server = await startServer();
    try {
      const response = await fetch(`${server.url}/health`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        status: string;
        compiler_available: boolean;
        compiler_version: string;
      };
      expect(body.status).toBe("ok");
      expect(body.compiler_available).toBe(true);
      expect(body.compiler_version).toMatch(/^\d+\.\d+\.\d+$/);
    } finally {
      await server.stop();
    }
  });

  it("shuts down gracefully on SIGTERM with exit code 0", async () => {
    const server = await startServer();
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    server.process.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("finishes an in-flight request before exiting on SIGINT", async () => {
    const server = await startServer();
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    const inFlight = fetch(`${server.url}/health`);
    server.process.kill("SIGINT");
    const response = await inFlight.catch((error: Error) => error);
    expect(await exited).toBe(0);
    // Either the request completed, or it had not yet been accepted when the
    // listener closed; it must never be cut off half-way with a 5xx.
    if (!(response instanceof Error)) expect(response.status).toBe(200);
  });
});
