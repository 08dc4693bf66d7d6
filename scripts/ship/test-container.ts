// Builds both targets of the Dockerfile with podman and runs each the way
// the README tells users to, then makes the checks of podman.ts plus the
// image's own HEALTHCHECK. Run through test-container.sh, which sets podman
// up and makes the base images.
import { loadavg } from "node:os";
import { Tally } from "./checks";
import { containerChecks, podman, tryPodman } from "./podman";

const TARGETS = [
  { target: "runtime", port: 18100, native: false, options: [] as string[] },
  // The native-build sandbox (bubblewrap) needs these (Dockerfile, full).
  {
    target: "full",
    port: 18101,
    native: true,
    options: ["--security-opt", "seccomp=unconfined", "--security-opt", "systempaths=unconfined"],
  },
];

const tally = new Tally();
const sizes: string[] = [];

for (const spec of TARGETS) {
  const image = `localhost/pith-playground:${spec.target}`;
  const name = `pith-test-${spec.target}`;
  const volume = `pith-test-data-${spec.target}`;
  const base = `http://127.0.0.1:${spec.port}`;
  console.log(`\n== ${spec.target} (load average ${loadavg()[0].toFixed(1)}) ==`);
  const built = await tally.check(`podman build --target ${spec.target}`, () => {
    // Docker format keeps HEALTHCHECK (the OCI image config has no field for it).
    podman(["build", "--pull=never", "--format", "docker", "--target", spec.target, "-t", image, "."]);
  });
  if (!built) continue;
  const bytes = Number(podman(["image", "inspect", "-f", "{{.Size}}", image]));
  sizes.push(`${spec.target} ${(bytes / 1e6).toFixed(0)} MB`);

  tryPodman(["rm", "-f", "-t", "0", name]);
  tryPodman(["volume", "rm", "-f", volume]);
  const startedAt = performance.now();
  podman([
    "run",
    "-d",
    "--name",
    name,
    "-p",
    `127.0.0.1:${spec.port}:8000`,
    "-v",
    `${volume}:/data`,
    ...spec.options,
    image,
  ]);
  try {
    await containerChecks(tally, { name, base, native: spec.native, startedAt, healthcheck: true });
  } finally {
    tryPodman(["rm", "-f", "-t", "0", name]);
    tryPodman(["volume", "rm", "-f", volume]);
  }
}

console.log(`\nimage sizes: ${sizes.join(", ")}`);
// Each run's build leaves the previous images untagged (about 2.4 GB a run on
// a CI machine that keeps its storage): dangling images older than an hour go,
// this run's build stages stay as the next run's cache.
tryPodman(["image", "prune", "-f", "--filter", "until=1h"]);
tally.finish();
