// Builds both targets of the Dockerfile with podman and runs each the way
// the README tells users to: the shared service checks (checks.ts), then a
// model that must survive a container restart on the /data volume, the
// non-root uid, and a clean exit (status 0) when `podman stop` sends SIGTERM.
// Run through test-container.sh, which sets podman up and makes the base images.
import { execFileSync } from "node:child_process";
import { createModel, modelExists, serviceChecks, Tally, waitForHealth } from "./checks";

const TARGETS = [
  { target: "runtime", port: 18100, native: false },
  // The native-build sandbox (bubblewrap) needs these (Dockerfile, full).
  {
    target: "full",
    port: 18101,
    native: true,
    options: ["--security-opt", "seccomp=unconfined", "--security-opt", "systempaths=unconfined"],
  },
] as const;

function podman(args: string[], options: { quiet?: boolean } = {}): string {
  return execFileSync("podman", args, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", options.quiet ? "pipe" : "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  }).trim();
}

function tryPodman(args: string[]): void {
  try {
    podman(args, { quiet: true });
  } catch {
    // absent already
  }
}

const tally = new Tally();
const sizes: string[] = [];

for (const spec of TARGETS) {
  const image = `localhost/pith-playground:${spec.target}`;
  const name = `pith-test-${spec.target}`;
  const volume = `pith-test-data-${spec.target}`;
  const base = `http://127.0.0.1:${spec.port}`;
  console.log(`\n== ${spec.target} ==`);
  const built = await tally.check(`podman build --target ${spec.target}`, () => {
    // Docker format keeps HEALTHCHECK (OCI image config has no field for it).
    podman(["build", "--pull=never", "--format", "docker", "--target", spec.target, "-t", image, "."]);
  });
  if (!built) continue;
  const bytes = Number(podman(["image", "inspect", "-f", "{{.Size}}", image]));
  sizes.push(`${spec.target}: ${(bytes / 1e6).toFixed(0)} MB`);

  tryPodman(["rm", "-f", "-t", "0", name]);
  tryPodman(["volume", "rm", "-f", volume]);
  const options = "options" in spec ? [...spec.options] : [];
  podman([
    "run",
    "-d",
    "--name",
    name,
    "-p",
    `127.0.0.1:${spec.port}:8000`,
    "-v",
    `${volume}:/data`,
    ...options,
    image,
  ]);
  try {
    const ready = await tally.check("starts and answers /health", async () => {
      const seconds = await waitForHealth(base);
      console.log(`        ready in ${seconds.toFixed(2)} s`);
    });
    if (!ready) continue;
    await serviceChecks(tally, base, { native: spec.native });
    await tally.check("runs as a non-root user", () => {
      const uid = podman(["exec", name, "id", "-u"]);
      if (uid === "0") throw new Error("the server runs as root");
    });
    await tally.check("the healthcheck passes", () => {
      podman(["healthcheck", "run", name]);
    });
    await tally.check("a model survives a restart on the /data volume", async () => {
      await createModel(base, "ship-check");
      podman(["stop", "-t", "30", name], { quiet: true });
      podman(["start", name], { quiet: true });
      await waitForHealth(base);
      await modelExists(base, "ship-check");
    });
    await tally.check("SIGTERM (podman stop) exits cleanly with status 0", () => {
      podman(["stop", "-t", "30", name], { quiet: true });
      const code = podman(["inspect", "-f", "{{.State.ExitCode}}", name]);
      if (code !== "0") throw new Error(`exit status ${code}; logs:\n${podman(["logs", "--tail", "20", name])}`);
    });
  } finally {
    if (tally.failed > 0) {
      try {
        console.log(podman(["logs", "--tail", "30", name], { quiet: true }));
      } catch {
        // the container is gone
      }
    }
    tryPodman(["rm", "-f", "-t", "0", name]);
    tryPodman(["volume", "rm", "-f", volume]);
  }
}

console.log(`\nimage sizes: ${sizes.join(", ")}`);
tally.finish();
