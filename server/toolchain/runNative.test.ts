// The runner's own guarantees, which the differential suite relies on: a
// program that never ends is killed at its time limit, and input reaches the
// program through qemu unchanged, and output past what it keeps is reported.
import { describe, expect, it } from "vitest";
import { TIME_FACTOR } from "../../vitest.timing.config";
import { missingToolsFor } from "./detect";
import { linkNative } from "./linkNative";
import { canRun, runNative, wineFailed } from "./runNative";
import { TEST_PROGRAMS } from "./testdata/programs";

const SPIN = `
define i32 @pith_main() {
entry:
  br label %spin
spin:
  %i = phi i64 [ 0, %entry ], [ %next, %spin ]
  %next = add i64 %i, 1
  store volatile i64 %next, ptr @counter
  br label %spin
}
@counter = global i64 0
`;

describe.skipIf(missingToolsFor("linux-x64").length > 0)("runNative", () => {
  it("kills a program that passes its time limit and says so", async () => {
    const build = await linkNative({ ll: SPIN, target: "linux-x64", opt: "-O2", filename: "spin.pith" });
    expect(build.errors).toEqual([]);
    const started = performance.now();
    const run = await runNative(build.binary as Uint8Array, "linux-x64", { timeoutMs: 300 });
    expect(run.timedOut).toBe(true);
    expect(run.exitCode).toBeNull();
    // Killed at its limit rather than left spinning (the bound allows a busy machine).
    expect(performance.now() - started).toBeLessThan(3000 * TIME_FACTOR);
  });

  it("says when a program wrote more than it keeps, and keeps the start", async () => {
    const echo = TEST_PROGRAMS.find((p) => p.name === "echo")?.ll as string;
    const build = await linkNative({ ll: echo, target: "linux-x64", opt: "-O2", filename: "echo.pith" });
    const small = await runNative(build.binary as Uint8Array, "linux-x64", { stdin: "short" });
    expect(small.truncated).toBe(false);
    const input = new Uint8Array(5 * 1024 * 1024).map((_, i) => 97 + (i % 26));
    const big = await runNative(build.binary as Uint8Array, "linux-x64", { stdin: input });
    expect(big.truncated).toBe(true);
    expect(big.stdout.length).toBe(4 * 1024 * 1024);
    expect(Buffer.from(big.stdout).equals(Buffer.from(input.subarray(0, big.stdout.length)))).toBe(true);
  });

  it("passes large input through qemu byte for byte", async () => {
    const echo = TEST_PROGRAMS.find((p) => p.name === "echo")?.ll as string;
    const build = await linkNative({ ll: echo, target: "linux-riscv64-musl", opt: "-O2", filename: "echo.pith" });
    const input = new Uint8Array(200_000).map((_, i) => (i * 7919) % 256);
    const run = await runNative(build.binary as Uint8Array, "linux-riscv64-musl", { stdin: input });
    expect(run.exitCode).toBe(0);
    expect(Buffer.from(run.stdout).equals(Buffer.from(input))).toBe(true);
  });

  it("refuses targets it cannot run here", async () => {
    expect(canRun("macos-arm64")).toBe(false);
    await expect(runNative(new Uint8Array(4), "macos-arm64")).rejects.toThrow(/cannot run macos-arm64/);
  });
});

// A pure function of the output: it needs no toolchain, so it is never skipped.
describe("wineFailed", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const run = (stderr: string, exitCode: number | null = 0, stdout = "") => ({
    stdout: bytes(stdout),
    stderr: bytes(stderr),
    exitCode,
  });

  it("tells Wine's own messages from a program's output", () => {
    expect(wineFailed(run("wine client error:0: recvmsg: Connection reset by peer\n", 1))).toBe(true);
    const service =
      "wine: Unhandled page fault on read access to 0000000000000008 at address 000000031CAA2391 (thread 0098), starting debugger...\n";
    expect(wineFailed(run(service))).toBe(true);
    expect(wineFailed(run(`panic: index 5, length 5\n${service}`, 101))).toBe(true);
    expect(wineFailed(run("panic: wine: Unhandled is only text here\n", 101))).toBe(false);
    expect(wineFailed(run(""))).toBe(false);
  });

  it("counts a failing exit with no output at all as Wine's, and nothing else", () => {
    expect(wineFailed(run("", 1))).toBe(true);
    expect(wineFailed(run("", 1, "fine\n"))).toBe(false);
    expect(wineFailed(run("panic: boom\n", 1))).toBe(false);
    expect(wineFailed(run("", 0))).toBe(false);
    // Killed by the time limit: the caller reports the timeout, not Wine.
    expect(wineFailed(run("", null))).toBe(false);
  });
});
