// podman from the ship tests, and the checks both make on a started
// container (an image from the Dockerfile, or the single executable in a
// bare Debian root): the service checks, the uid, a model surviving a
// restart on the /data volume, and a clean exit on SIGTERM.
import { execFileSync } from "node:child_process";
import { createModel, modelExists, serviceChecks, type Tally, waitForHealth } from "./checks";

export function podman(args: string[], options: { quiet?: boolean } = {}): string {
  return execFileSync("podman", args, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", options.quiet ? "pipe" : "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  }).trim();
}

/** Removes a container or volume that may not exist. */
export function tryPodman(args: string[]): void {
  try {
    podman(args, { quiet: true });
  } catch {
    // absent already
  }
}

export interface Started {
  name: string;
  base: string;
  native: boolean;
  /** performance.now() just before `podman run`: start times are reported from it. */
  startedAt: number;
  /** Also run the image's HEALTHCHECK (images built from the Dockerfile). */
  healthcheck?: boolean;
}

/** Every check on a started container; the container is stopped at the end. */
export async function containerChecks(tally: Tally, started: Started): Promise<void> {
  const { name, base, native } = started;
  const ready = await tally.check("starts and answers /health", async () => {
    await waitForHealth(base);
    console.log(`        ready ${((performance.now() - started.startedAt) / 1000).toFixed(2)} s after podman run`);
  });
  if (!ready) {
    console.log(podman(["logs", "--tail", "30", name], { quiet: true }));
    return;
  }
  if (started.healthcheck) {
    await tally.check("the image's HEALTHCHECK passes", () => {
      podman(["healthcheck", "run", name]);
    });
  }
  await serviceChecks(tally, base, { native });
  await tally.check("runs as a non-root user", () => {
    const uid = podman(["exec", name, "id", "-u"]);
    if (uid === "0") throw new Error("the server runs as root");
  });
  await tally.check("a model survives a restart on the /data volume", async () => {
    await createModel(base, "ship_check");
    podman(["stop", "-t", "30", name], { quiet: true });
    podman(["start", name], { quiet: true });
    await waitForHealth(base);
    await modelExists(base, "ship_check");
  });
  await tally.check("SIGTERM (podman stop) exits cleanly with status 0", () => {
    podman(["stop", "-t", "30", name], { quiet: true });
    const code = podman(["inspect", "-f", "{{.State.ExitCode}}", name]);
    if (code !== "0") throw new Error(`exit status ${code}; logs:\n${podman(["logs", "--tail", "20", name])}`);
  });
  if (tally.failed > 0) console.log(podman(["logs", "--tail", "30", name], { quiet: true }));
}
