// Starting a program that is still open for writing somewhere (ETXTBSY), as
// happens when another child forks while a fresh binary's file is open.
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
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
