// linkNative's contract at its edges: request validation, missing tools,
// time and size limits, the sandbox fallback, and that every build leaves
// nothing behind in the temp folder.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TIME_FACTOR } from "../../vitest.timing.config";
import { missingToolsFor } from "./detect";
import { type LinkNativeRequest, linkNative } from "./linkNative";
import { OPT_LEVELS, RECIPES } from "./recipes";
import { detectSandbox } from "./sandbox";
import { TEST_PROGRAMS } from "./testdata/programs";

const HELLO = TEST_PROGRAMS.find((p) => p.name === "hello")?.ll as string;

/** IR that keeps clang -O2 busy for seconds: many loops to unroll and vectorise. */
function slowIr(functions: number): string {
  const bodies = Array.from(
    { length: functions },
    (_, i) => `define i64 @f${i}(i64 %x) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %loop]
  %a = phi i64 [%x, %entry], [%a1, %loop]
  %m = mul i64 %a, ${i + 3}
  %a1 = xor i64 %m, %i
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, ${i + 10}
  br i1 %c, label %loop, label %done
done:
  ret i64 %a1
}`,
  );
  return `${bodies.join("\n")}\ndefine i32 @pith_main() {\n  ret i32 0\n}\n`;
}

const canBuild = missingToolsFor("linux-x64").length === 0;

describe("linkNative", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "pith-build-test-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });
  /** hello at -O2 for linux-x64, built under this test's temp root, unless overridden. */
  const link = (request: Partial<LinkNativeRequest>) =>
    linkNative({ ll: HELLO, target: "linux-x64", opt: "-O2", filename: "a.pith", tmpRoot: root, ...request });

  it("rejects an unknown optimisation level, listing the allowed ones", async () => {
    const result = await link({ opt: "-O4" });
    expect(result.status).toBe("error");
    expect(result.failure).toBe("invalid_request");
    expect(result.errors[0]).toContain('"-O4"');
    for (const opt of OPT_LEVELS) expect(result.errors[0]).toContain(opt);
  });

  it("rejects an unknown target, listing the known ones", async () => {
    const result = await link({ target: "linux-sparc" });
    expect(result.failure).toBe("invalid_request");
    expect(result.errors[0]).toContain('"linux-sparc"');
    for (const id of Object.keys(RECIPES)) expect(result.errors[0]).toContain(id);
  });

  it("names the missing tools when the toolchain is not installed", async () => {
    const saved = process.env.PATH;
    process.env.PATH = root; // an empty folder: no clang-19, no ld.lld-19
    try {
      const result = await link({});
      expect(result.failure).toBe("missing_tools");
      expect(result.missingTools).toEqual(["clang-19", "ld.lld-19"]);
      expect(result.errors[0]).toContain("clang-19");
    } finally {
      process.env.PATH = saved;
    }
    expect(await readdir(root)).toEqual([]);
  });

  describe.skipIf(!canBuild)("with clang-19 installed", () => {
    it("names the executable after the source file and logs the clang command", async () => {
      const result = await link({ target: "windows-x64", opt: "-Oz", filename: "my game.pith" });
      expect(result.status).toBe("ok");
      expect(result.binaryName).toBe("my_game.exe");
      expect(result.logs).toContain("--target=x86_64-w64-mingw32 -Oz");
    });

    it("accepts every documented optimisation level", async () => {
      for (const opt of OPT_LEVELS) {
        const result = await link({ opt });
        expect(result.status, `${opt}: ${result.logs}`).toBe("ok");
      }
    });

    it("reports invalid IR as a toolchain error carrying clang's message", async () => {
      const result = await link({ ll: "this is not IR" });
      expect(result.failure).toBe("toolchain_error");
      expect(result.errors.some((e) => e.includes("program.ll:1:1: error"))).toBe(true);
      expect(result.binary).toBeNull();
    });

    it("kills a build that passes its time limit and reports a timeout", async () => {
      const result = await link({ ll: slowIr(1500), filename: "slow.pith", timeoutMs: 300 });
      expect(result.failure).toBe("timeout");
      expect(result.errors[0]).toContain("300 ms");
      // Stopped at its limit rather than left to finish (the bound allows a busy machine).
      expect(result.elapsedMs).toBeLessThan(2000 * TIME_FACTOR);
    });

    it("refuses an executable over the output size limit", async () => {
      const result = await link({ maxOutputBytes: 1024 });
      expect(result.failure).toBe("too_large");
      expect(result.errors[0]).toContain("1024 bytes");
    });

    it("builds outside the sandbox when asked, and says so", async () => {
      const result = await link({ sandbox: false });
      expect(result.status).toBe("ok");
      expect(result.logs).toContain("sandbox: off (disabled by the caller)");
    });

    it("says in the log whether the sandbox was used", async () => {
      const sandbox = await detectSandbox();
      const result = await link({});
      expect(result.status).toBe("ok");
      expect(result.logs).toContain(sandbox.available ? "sandbox: bubblewrap" : `sandbox: off (${sandbox.reason})`);
    });

    it("removes its build directory after success, failure and timeout", async () => {
      await link({ target: "macos-arm64" });
      await link({ ll: "broken" });
      await link({ ll: slowIr(1500), timeoutMs: 200 });
      expect(await readdir(root)).toEqual([]);
    });
  });
});
