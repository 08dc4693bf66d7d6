// One line that says which machine a table was measured on: the CPU model
// (from /proc/cpuinfo, where the host has one), how many cores the process
// sees and the load average. Native code is only as fast as the core it runs
// on (issue 36: a program within 1.10× of C on one x86-64 machine was 1.5×
// on another), so every native and wasm table carries this line and a figure
// can be told apart from one measured elsewhere.
import { readFileSync } from "node:fs";
import { arch, cpus, loadavg } from "node:os";

function procCpuinfo(): string {
  try {
    return readFileSync("/proc/cpuinfo", "utf8");
  } catch {
    return "";
  }
}

/**
 * The CPU's model name: /proc/cpuinfo's "model name" on x86, os.cpus()
 * elsewhere. A virtual machine often shows only the vendor's line ("AMD
 * EPYC"), which names no core, so the family, model and stepping follow:
 * they tell the microarchitecture apart (AMD family 25 is Zen 3/4, 26 is
 * Zen 5; Intel family 6 with its model number).
 */
export function cpuModel(cpuinfo: string = procCpuinfo()): string {
  const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(.+)$`, "m").exec(cpuinfo)?.[1]?.trim();
  const named = field("model name");
  if (named) {
    const family = field("cpu family");
    const model = field("model");
    const stepping = field("stepping");
    const core = family && model ? ` (family ${family} model ${model}${stepping ? ` stepping ${stepping}` : ""})` : "";
    return named.replace(/\s+/g, " ") + core;
  }
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
