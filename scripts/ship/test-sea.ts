// The single executable (build/pith-server) in the bare Debian root that
// sea-root.sh makes (no node inside): podman runs the root as a container
// (an overlay keeps the cached root unchanged) with the binary mounted in,
// as user pith (uid 1000), /data on a volume. Same checks as the images.
import { statSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { Tally } from "./checks";
import { containerChecks, podman, tryPodman } from "./podman";

const root = process.env.SEA_ROOT;
if (!root) throw new Error("SEA_ROOT is not set: run through test-sea.sh");
const binary = resolve(import.meta.dirname, "..", "..", "build", "pith-server");
const name = "pith-test-sea";
const volume = "pith-test-data-sea";
const port = 18102;

const tally = new Tally();
console.log(
  `\n== single executable (${(statSync(binary).size / 1e6).toFixed(0)} MB; load average ${loadavg()[0].toFixed(1)}) ==`,
);
tryPodman(["rm", "-f", "-t", "0", name]);
tryPodman(["volume", "rm", "-f", volume]);
const startedAt = performance.now();
podman([
  "run",
  "-d",
  "--name",
  name,
  // --rootfs makes the first positional argument a root folder instead of an image.
  "--rootfs",
  "--user",
  "1000:1000",
  "-e",
  "HOME=/home/pith",
  "-e",
  "ANOMALY_HOME=/data/models",
  "-e",
  "ARTIFACT_DIR=/data/artifacts",
  "-e",
  "SHARE_DIR=/data/shares",
  "-v",
  `${binary}:/usr/local/bin/pith-server:ro`,
  // :U gives the volume to the container's user.
  "-v",
  `${volume}:/data:U`,
  "-p",
  `127.0.0.1:${port}:8000`,
  // The native-build sandbox (bubblewrap) makes user namespaces.
  "--security-opt",
  "seccomp=unconfined",
  "--security-opt",
  "systempaths=unconfined",
  `${root}:O`,
  "/usr/local/bin/pith-server",
]);
try {
  await tally.check("the root has no node", () => {
    const found = podman(["exec", name, "sh", "-c", "command -v node nodejs || true"]);
    if (found !== "") throw new Error(`node found at ${found}`);
  });
  await containerChecks(tally, { name, base: `http://127.0.0.1:${port}`, native: true, startedAt });
} finally {
  tryPodman(["rm", "-f", "-t", "0", name]);
  tryPodman(["volume", "rm", "-f", volume]);
}
tally.finish();
