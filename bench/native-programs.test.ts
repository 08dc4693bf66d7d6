// Correctness of the native benchmark, without timing (npm run bench
// measures speed): every bench/programs/<name>.pith, built at -O2 for
// linux-x64 (run directly) and linux-arm64 (run under qemu-aarch64), prints
// exactly what its C baseline built by clang-19 -O2 prints, which is also
// <name>.stdout. And the x86-64 build really carries the branch alignment
// that keeps hot loops off the JCC-erratum penalty (recipes.ts, issue 36):
// in the linked executable no jump crosses or ends on a 32-byte boundary.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildNative } from "../server/toolchain/buildNative";
import { missingToolsFor } from "../server/toolchain/detect";
import { runNative } from "../server/toolchain/runNative";
import { TIME_FACTOR } from "../vitest.timing.config";
import { baseline } from "./programs";

const programs = new URL("./programs/", import.meta.url).pathname;
const names = readdirSync(programs)
  .filter((f) => f.endsWith(".pith"))
  .map((f) => f.slice(0, -".pith".length))
  .sort();
const work = mkdtempSync(join(tmpdir(), "pith-native-programs-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const hasTool = (tool: string, arg = "--version") => spawnSync(tool, [arg], { stdio: "ignore" }).status === 0;
const x64Ready = missingToolsFor("linux-x64").length === 0;
const arm64Ready = missingToolsFor("linux-arm64-musl").length === 0 && hasTool("qemu-aarch64-static");
const objdumpReady = hasTool("llvm-objdump-19");

// Under qemu the longest program (mandelbrot) runs about 7 s on a quiet machine.
const RUN_LIMIT_MS = 60_000 * TIME_FACTOR;
const TEST_LIMIT_MS = 120_000 * TIME_FACTOR;

/** What the C baseline prints, built once per baseline by plain clang-19 -O2 and run natively. */
const cOutputs = new Map<string, string>();
function cOutput(name: string): string {
  const base = baseline(name);
  let out = cOutputs.get(base);
  if (out === undefined) {
    const binary = join(work, `${base}-c`);
    execFileSync("clang-19", ["-O2", join(programs, `${base}.c`), "-o", binary, "-lm"]);
    out = execFileSync(binary, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: RUN_LIMIT_MS });
    cOutputs.set(base, out);
  }
  return out;
}

async function build(name: string, target: string) {
  const result = await buildNative({
    source: readFileSync(join(programs, `${name}.pith`), "utf8"),
    filename: `${name}.pith`,
    target,
    opt: "-O2",
    timeoutMs: 30_000 * TIME_FACTOR,
  });
  expect(result.errors, result.logs).toEqual([]);
  expect(result.status).toBe("ok");
  return { binary: result.binary as Uint8Array, logs: result.logs };
}

async function output(binary: Uint8Array, target: string): Promise<string> {
  const run = await runNative(binary, target, { timeoutMs: RUN_LIMIT_MS });
  expect(run.timedOut).toBe(false);
  expect(run.exitCode).toBe(0);
  expect(run.truncated).toBe(false);
  return new TextDecoder().decode(run.stdout);
}

interface BoundaryJump {
  address: number;
  length: number;
  text: string;
  fn: string;
}

/**
 * Jumps (jmp and every jcc) in `llvm-objdump -d` output that cross a 32-byte
 * boundary or end on one (their last byte is the last of a 32-byte block):
 * what the JCC-erratum microcode keeps out of the decoded-uop cache. Calls
 * and returns are left out, as -mbranches-within-32B-boundaries leaves them.
 */
function jumpsOnBoundaries(disassembly: string): BoundaryJump[] {
  const found: BoundaryJump[] = [];
  let fn = "";
  for (const line of disassembly.split("\n")) {
    const label = /^[0-9a-f]+ <(.+)>:$/.exec(line);
    if (label) {
      fn = label[1];
      continue;
    }
    const insn = /^\s*([0-9a-f]+):\s+((?:[0-9a-f]{2} )+)\s*(j[a-z]+)\b(.*)$/.exec(line);
    if (!insn) continue;
    const address = Number.parseInt(insn[1], 16);
    const length = insn[2].trim().split(" ").length;
    if (Math.floor(address / 32) !== Math.floor((address + length) / 32)) {
      found.push({ address, length, text: `${insn[3]}${insn[4]}`.trim(), fn });
    }
  }
  return found;
}

describe("jumpsOnBoundaries", () => {
  it("finds jumps that cross or end on a 32-byte boundary, and only those", () => {
    const dump = [
      "0000000000201000 <f>:",
      "  20101c: 0f 85 00 00 00 00            \tjne\t0x201100 <f+0x100>", // 0x1c..0x21: crosses
      "  20103e: 75 f0                        \tjne\t0x201030 <f+0x30>", // 0x3e..0x3f: ends on it
      "  201040: 75 f0                        \tjne\t0x201030 <f+0x30>", // starts a block: fine
      "  20105d: eb 10                        \tjmp\t0x20106f <f+0x6f>", // inside: fine
      "  20107e: e8 00 00 00 00               \tcallq\t0x201100 <f+0x100>", // a call: not counted
    ].join("\n");
    expect(jumpsOnBoundaries(dump).map((j) => j.address.toString(16))).toEqual(["20101c", "20103e"]);
  });
});

describe.skipIf(!x64Ready)("bench/programs on linux-x64", { concurrent: false }, () => {
  for (const name of names) {
    it(
      `${name} prints what its C baseline prints, and no jump sits on a 32-byte boundary`,
      async () => {
        const { binary, logs } = await build(name, "linux-x64");
        expect(logs).toContain("-mbranches-within-32B-boundaries");
        // Padding by prefixes, not by nops run on every turn of a loop.
        expect(logs).toContain("-x86-pad-max-prefix-size=5");
        const expected = cOutput(name);
        expect(expected).toBe(readFileSync(join(programs, `${name}.stdout`), "utf8"));
        expect(await output(binary, "linux-x64")).toBe(expected);
        if (objdumpReady) {
          const file = join(work, `${name}-x64`);
          writeFileSync(file, binary);
          const disassembly = execFileSync("llvm-objdump-19", ["-d", file], {
            encoding: "utf8",
            maxBuffer: 64 * 1024 * 1024,
          });
          expect(disassembly).toContain("<pith_main>:");
          expect(jumpsOnBoundaries(disassembly)).toEqual([]);
        }
      },
      TEST_LIMIT_MS,
    );
  }
});

describe.skipIf(!arm64Ready)("bench/programs on linux-arm64 under qemu", { concurrent: false }, () => {
  for (const name of names) {
    it(
      `${name} prints what its C baseline prints`,
      async () => {
        const { binary } = await build(name, "linux-arm64-musl");
        expect(await output(binary, "linux-arm64-musl")).toBe(cOutput(name));
      },
      TEST_LIMIT_MS,
    );
  }
});
