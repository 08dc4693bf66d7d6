/**
 * `tsx anomaly/gpu/node/checkDawn.ts [rows] [trees]`: scores rows × trees on
 * WebGPU through Dawn (forced, so a software adapter counts) and on the CPU,
 * and prints one JSON line: the bit-identity report, or {error} saying why
 * no adapter could be had. Run with LD_LIBRARY_PATH=/usr/lib/chromium on a
 * machine whose only Vulkan driver is Chromium's SwiftShader.
 */
import { CpuBackend } from "../../backends/backend";
import { checkBitIdentity } from "../bitIdentity";
import { openWebGpu } from "../select";
import { dawnGpu } from "./dawn";

const rows = Number(process.argv[2] ?? 10_000);
const trees = Number(process.argv[3] ?? 300);
const outcome = await openWebGpu(await dawnGpu(), new CpuBackend(), process.env, true);
if ("reason" in outcome) {
  console.log(JSON.stringify({ error: outcome.reason }));
  process.exit(1);
}
const report = await checkBitIdentity(outcome.backend, rows, trees);
console.log(JSON.stringify(report));
await outcome.backend.close();
process.exit(report.mismatches === 0 ? 0 : 2);
