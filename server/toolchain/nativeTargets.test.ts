// The native toolchain's proof: every test program, built for every target at
// -O0 and -O2, prints exactly the expected bytes when run (x86-64 directly,
// arm64/riscv64 under qemu, Windows under Wine); macOS executables, which
// cannot run here, are checked for the structure macOS requires.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIME_FACTOR } from "../../vitest.timing.config";
import { missingToolsFor } from "./detect";
import { inspectElf, inspectMacho } from "./inspect";
import { DEFAULT_BUILD_TIMEOUT_MS, type LinkNativeResult, linkNative } from "./linkNative";
import { RECIPES } from "./recipes";
import { canRun, runNative } from "./runNative";
import { TEST_PROGRAMS } from "./testdata/programs";
import { shutdownWine, wineAvailable, winePrefix } from "./winePrefix";

const OPTS = ["-O0", "-O2"] as const;
const TARGET_IDS = Object.keys(RECIPES);
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

// Builds are shared between the run tests and the structure tests.
const builds = new Map<string, Promise<LinkNativeResult>>();
function built(program: string, target: string, opt: string): Promise<LinkNativeResult> {
  const key = `${program} ${target} ${opt}`;
  if (!builds.has(key)) {
    const ll = TEST_PROGRAMS.find((p) => p.name === program)?.ll ?? "";
    // Every target builds at once here; on a busy CI machine a riscv64 -O2
    // build alone passed the server's 30 s limit, so the limit is scaled.
    const timeoutMs = DEFAULT_BUILD_TIMEOUT_MS * TIME_FACTOR;
    builds.set(key, linkNative({ ll, target, opt, filename: `${program}.pith`, timeoutMs }));
  }
  return builds.get(key) as Promise<LinkNativeResult>;
}

async function binaryFor(program: string, target: string, opt: string): Promise<Uint8Array> {
  const result = await built(program, target, opt);
  expect(result.errors, result.logs).toEqual([]);
  expect(result.status).toBe("ok");
  return result.binary as Uint8Array;
}

afterAll(shutdownWine);

for (const target of TARGET_IDS) {
  const missing = missingToolsFor(target);
  // Wine is optional on a developer machine; qemu and the host CPU are not.
  const runnable = canRun(target) && (target !== "windows-x64" || wineAvailable());

  describe.skipIf(missing.length > 0)(target, { concurrent: true }, () => {
    if (target === "windows-x64" && runnable) {
      // Creating the private prefix takes seconds; do it before the runs.
      beforeAll(() => winePrefix().then(() => undefined), 60_000 * TIME_FACTOR);
    }

    for (const program of canRun(target) ? TEST_PROGRAMS : []) {
      for (const opt of OPTS) {
        it.skipIf(!runnable)(`${program.name} at ${opt} prints exactly the expected bytes`, async () => {
          const binary = await binaryFor(program.name, target, opt);
          const run = await runNative(binary, target, {
            args: program.args,
            stdin: program.stdin,
            timeoutMs: 20_000 * TIME_FACTOR,
          });
          expect(run.timedOut).toBe(false);
          expect(text(run.stdout)).toBe(text(program.stdout));
          expect(Buffer.from(run.stdout).equals(Buffer.from(program.stdout))).toBe(true);
          expect(text(run.stderr)).toBe(text(program.stderr));
          expect(run.exitCode).toBe(program.exitCode);
        });
      }
    }

    if (target.startsWith("linux-")) {
      const dynamic = target === "linux-arm64-gnu";
      it(
        dynamic ? "asks for the glibc loader via PT_INTERP" : "is static: no PT_INTERP, no shared libraries",
        async () => {
          for (const opt of OPTS) {
            const elf = await inspectElf(await binaryFor("hello", target, opt));
            if (dynamic) {
              expect(elf.interpreter).toBe("/lib/ld-linux-aarch64.so.1");
              expect(elf.needed).toEqual(["libc.so.6"]);
            } else {
              expect(elf.interpreter).toBeNull();
              expect(elf.needed).toEqual([]);
            }
          }
        },
      );
    }

    if (target.startsWith("macos-")) {
      const arm64 = target === "macos-arm64";
      for (const program of TEST_PROGRAMS) {
        it(`${program.name} is a ${arm64 ? "signed arm64" : "unsigned x86-64"} Mach-O with LC_MAIN, linking only libSystem`, async () => {
          for (const opt of OPTS) {
            const macho = await inspectMacho(await binaryFor(program.name, target, opt));
            expect(macho.cpuType).toBe(arm64 ? "ARM64" : "X86_64");
            expect(macho.hasMain).toBe(true);
            expect(macho.dylibs).toEqual(["/usr/lib/libSystem.B.dylib"]);
            expect(macho.hasCodeSignature).toBe(arm64);
          }
        });
      }
    }

    if (target === "windows-x64") {
      it("is a PE32+ console executable", async () => {
        const binary = await binaryFor("hello", target, "-O2");
        const view = new DataView(binary.buffer, binary.byteOffset, binary.byteLength);
        const pe = view.getUint32(0x3c, true);
        expect(text(binary.subarray(pe, pe + 4))).toBe("PE\0\0");
        const optional = pe + 24;
        expect(view.getUint16(optional, true)).toBe(0x20b); // PE32+
        expect(view.getUint16(optional + 68, true)).toBe(3); // IMAGE_SUBSYSTEM_WINDOWS_CUI
      });
    }
  });
}
