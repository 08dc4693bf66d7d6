// The set-up most browser tests share: the real server (e2e/server.ts) and
// Debian's Chromium, started once per file and stopped after it, and a
// folder for the file's screenshots.
import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "./browser";
import { type RunningServer, startServer } from "./server";

export interface BrowserSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Registers the file's beforeAll/afterAll; read `server` and `browser` inside
 * tests, once they have started. `env` adds to the server's environment.
 */
export function browserSuite(artifacts: string, env: Record<string, string> = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startServer(env);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: read it inside a test`);
    return value;
  };
  return {
    get server() {
      return started(server, "the server");
    },
    get browser() {
      return started(browser, "Chromium");
    },
  };
}
