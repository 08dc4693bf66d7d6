// threadCpuMs counts the calling thread's CPU time alone: a worker's work
// shows in the worker's count and not in the main thread's, which is what
// lets the compile queue charge each client the CPU its own compile used.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ThreadPool } from "./pool";
import type { TestHandlers } from "./testWorker";
import { threadCpuMs } from "./threadCpu";

describe.runIf(existsSync("/proc/thread-self/stat"))("threadCpuMs", () => {
  it("counts a worker's CPU time in that worker and not in the thread that waits for it", async () => {
    const pool = new ThreadPool<TestHandlers>({
      entry: new URL("./testWorker.ts", import.meta.url),
      label: "test",
      threads: 1,
    });
    try {
      await pool.warm();
      const before = threadCpuMs();
      expect(before).toBeTypeOf("number");
      const worker = await pool.run("burnCpu", 300);
      const main = (threadCpuMs() as number) - (before as number);
      expect(worker).toBeGreaterThanOrEqual(300);
      // Were it the process's count, the main thread's would include the worker's 300 ms.
      expect(main).toBeLessThan(300);
    } finally {
      await pool.close();
    }
  });
});
