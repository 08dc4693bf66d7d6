// One private Wine prefix per process: creating one takes ~8 s, so a test
// run (or a server) makes it once, keeps wineserver alive between programs,
// and removes it at the end. Private, so tests never touch ~/.wine.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runProcess } from "./runProcess";

export const WINE = "/usr/lib/wine/wine64";
const WINESERVER = "/usr/lib/wine/wineserver";

export function wineEnv(prefix: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WINEPREFIX: prefix,
    WINEDEBUG: "-all",
    // Skip the Mono and Gecko installers wineboot would otherwise offer.
    WINEDLLOVERRIDES: "mscoree,mshtml=",
  };
  // Without a display Wine stays in console mode instead of trying X11.
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return env;
}

let current: { root: string; prefix: Promise<string> } | null = null;

export function wineAvailable(): boolean {
  return existsSync(WINE) && existsSync(WINESERVER);
}

/** The prefix for this process, created on first use. */
export function winePrefix(): Promise<string> {
  if (current) return current.prefix;
  const state = { root: "", prefix: Promise.resolve("") };
  state.prefix = (async () => {
    state.root = await mkdtemp(join(tmpdir(), "pith-wine-"));
    // wineboot has failed under load (exit 53) where a second try in a fresh
    // prefix succeeds, so it gets one.
    let failure = "";
    for (let attempt = 1; attempt <= 2; attempt++) {
      const prefix = join(state.root, `prefix${attempt}`);
      const env = wineEnv(prefix);
      // Started first and persistent, the server outlives each program (saving
      // ~0.3 s per run) until shutdownWine. Neither launcher gets our pipes: the
      // daemons they leave behind would hold them open.
      await runProcess(WINESERVER, ["--persistent"], { env, timeoutMs: 10_000, output: "ignore" });
      const init = await runProcess(WINE, ["wineboot", "--init"], { env, timeoutMs: 120_000, output: "ignore" });
      if (init.exitCode === 0) return prefix;
      failure = `wineboot --init failed (${init.exitCode ?? init.signal})`;
      await runProcess(WINESERVER, ["--kill"], { env, timeoutMs: 10_000, output: "ignore" });
    }
    throw new Error(`${failure}, twice`);
  })();
  current = state;
  return state.prefix;
}

/** Stops this process's wineserver and deletes its prefix. */
export async function shutdownWine(): Promise<void> {
  if (!current) return;
  const { root, prefix } = current;
  current = null;
  try {
    const dir = await prefix;
    await runProcess(WINESERVER, ["--kill"], { env: wineEnv(dir), timeoutMs: 10_000 });
  } catch {
    // A prefix that never came up has no server to stop.
  }
  if (root) await rm(root, { recursive: true, force: true });
}
