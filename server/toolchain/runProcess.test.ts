// Starting a program that is still open for writing somewhere (ETXTBSY), as
// happens when another child forks while a fresh binary's file is open; and
// an abort signal killing a program's whole process group.
import { chmodSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { retryWhileBusy, runProcess } from "./runProcess";

const dir = mkdtempSync(join(tmpdir(), "pith-busy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("retryWhileBusy", () => {
  it("starts the program once the writer lets go of it", async () => {
    const path = join(dir, "hello.sh");
    writeFileSync(path, "#!/bin/sh\necho started\n");
    chmodSync(path, 0o755);
    const writer = openSync(path, "r+");
    // Without the retry, exec fails while the file is open for writing.
    await expect(runProcess(path, [], { cwd: dir, timeoutMs: 5_000 })).rejects.toMatchObject({ code: "ETXTBSY" });
    setTimeout(() => closeSync(writer), 25);
    const result = await retryWhileBusy(() => runProcess(path, [], { cwd: dir, timeoutMs: 5_000 }));
    expect(new TextDecoder().decode(result.stdout)).toBe("started\n");
  });

  it("passes other failures through at once", async () => {
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(Object.assign(new Error("no such file"), { code: "ENOENT" }));
    };
    await expect(retryWhileBusy(failing)).rejects.toThrow("no such file");
    expect(calls).toBe(1);
  });
});

/** Whether `pid` runs (a zombie has died; only its exit status is left). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("runProcess with an abort signal", () => {
  it("kills the whole group, grandchildren too, when the signal aborts", async () => {
    const controller = new AbortController();
    const pidFile = join(dir, "grandchild.pid");
    // The shell writes its background child's pid, then waits on it: only a kill ends either.
    const run = runProcess(
      "sh",
      ["-c", `sleep 3600 & echo $! > ${pidFile}.part && mv ${pidFile}.part ${pidFile}; wait`],
      {
        timeoutMs: 3_600_000,
        signal: controller.signal,
      },
    );
    await until(() => existsSync(pidFile));
    const grandchild = Number(readFileSync(pidFile, "utf8").trim());
    expect(alive(grandchild)).toBe(true);
    controller.abort();
    const result = await run;
    expect(result).toMatchObject({ aborted: true, timedOut: false, signal: "SIGKILL" });
    // Orphaned by the kill, it may linger as a zombie until init collects it; that is dead too.
    await until(() => !alive(grandchild));
  });

  it("does not start a program whose signal has already aborted", async () => {
    const marker = join(dir, "started");
    const result = await runProcess("sh", ["-c", `touch ${marker}`], {
      timeoutMs: 5_000,
      signal: AbortSignal.abort(),
    });
    expect(result.aborted).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });
});
