// Launches Debian's Chromium (never a downloaded browser) for end-to-end tests.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/lib/chromium/chromium", "/usr/bin/chromium"];

export function chromiumPath(): string {
  const found = CANDIDATES.find((path): path is string => !!path && existsSync(path));
  if (!found) {
    throw new Error(
      "Chromium is not installed: run `npm run bootstrap` as root (installs Debian's chromium) or set CHROMIUM_PATH",
    );
  }
  return found;
}

/** `extraArgs`: more Chromium switches (e.g. --autoplay-policy=no-user-gesture-required for audio). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--enable-unsafe-webgpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}
