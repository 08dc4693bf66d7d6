// One line that says which machine a table was measured on: the CPU model
// (from /proc/cpuinfo, where the host has one), how many cores the process
// sees and the load average. Native code is only as fast as the core it runs
// on (issue 36: a program within 1.10× of C on one x86-64 machine was 1.5×
// on another), so every native and wasm table carries this line and a figure
// can be told apart from one measured elsewhere.
import { readFileSync } from "node:fs";
import { arch, cpus, loadavg } from "node:os";

/** The CPU's model name: /proc/cpuinfo's "model name" on x86, os.cpus() elsewhere. */
export function cpuModel(cpuinfo?: string): string {
  let text = cpuinfo;
  if (text === undefined) {
    try {
      text = readFileSync("/proc/cpuinfo", "utf8");
    } catch {
      text = "";
    }
  }
  const named = /^model name\s*:\s*(.+)$/m.exec(text)?.[1]?.trim();
  if (named) return named.replace(/\s+/g, " ");
  const fromNode = cpus()[0]?.model?.trim();
  return fromNode && fromNode !== "unknown" ? fromNode : `unknown ${arch()} CPU`;
}

/** "machine: AMD EPYC, x64, 2 cores, load average 1.23 0.98 0.87 (1, 5, 15 min)". */
export function machineLine(): string {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  return `machine: ${cpuModel()}, ${arch()}, ${cpus().length} cores, load average ${load} (1, 5, 15 min)`;
}
