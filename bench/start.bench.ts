// Start to a ready /health of the production bundle (`npm start` without its
// build step: plain node on build/server/main.cjs), the figure the README
// gives (target <= 1 s). Best and median of 5 cold starts, with the load
// average and the CPU time the server used to get there, since a shared
// machine moves the wall time.
//
//   npm run build && npx tsx bench/start.bench.ts
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./median";

const bundle = fileURLToPath(new URL("../build/server/main.cjs", import.meta.url));
if (!existsSync(bundle)) {
  console.error("build/server/main.cjs is missing: run `npm run build` first");
  process.exit(2);
}

/** CPU seconds a process has used (utime + stime from /proc; Linux), or NaN elsewhere. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const cpu: number[] = [];

async function startOnce(port: number): Promise<number> {
  const home = mkdtempSync(join(tmpdir(), "pith-start-"));
  const started = performance.now();
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ANOMALY_HOME: home },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) {
          cpu.push(cpuSeconds(child.pid as number));
          return performance.now() - started;
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(home, { recursive: true, force: true });
  }
}

const times: number[] = [];
for (let i = 0; i < 5; i++) times.push(await startOnce(18_900 + i));
console.log(
  `start to ready /health: best ${Math.min(...times).toFixed(0)} ms, median ${median(times).toFixed(0)} ms ` +
    `(target <= 1000 ms; load average ${loadavg()[0].toFixed(2)}); CPU used to get there: median ${median(cpu).toFixed(2)} s ` +
    "(moves less with other processes' load than the wall time)",
);
