import { afterEach, describe, expect, it } from "vitest";
import { ThreadPool } from "./pool";
import type { TestHandlers } from "./testWorker";
import { ThreadLost } from "./thread";

const entry = new URL("./testWorker.ts", import.meta.url);
const pools: ThreadPool<TestHandlers>[] = [];

function pool(options: Partial<ConstructorParameters<typeof ThreadPool>[0]> = {}): ThreadPool<TestHandlers> {
  const p = new ThreadPool<TestHandlers>({ entry, label: "test", threads: 2, ...options });
  pools.push(p);
  return p;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe("a thread pool", () => {
  it("answers each request with its own answer", async () => {
    const p = pool();
    const answers = await Promise.all(["a", "b", "c", "d", "e"].map((t) => p.run("echo", t)));
    expect(answers).toEqual(["echo a", "echo b", "echo c", "echo d", "echo e"]);
  });

  it("moves transferred buffers both ways", async () => {
    const p = pool();
    const numbers = new Float64Array([1, 2, 3]);
    const doubled = await p.run("double", numbers, [numbers.buffer]);
    expect(numbers.length).toBe(0);
    expect([...doubled]).toEqual([2, 4, 6]);
  });

  it("rejects with the worker's error, and the thread keeps serving", async () => {
    const p = pool({ threads: 1 });
    const error = await p.run("fail", "no such thing").catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("no such thing");
    expect((error as Error).stack).toMatch(/RangeError/);
    expect(await p.run("echo", "still here")).toBe("echo still here");
  });

  it("fails a request whose thread dies with ThreadLost, and replaces the thread", async () => {
    const p = pool({ threads: 1 });
    const error = await p.run("exit", 3).catch((e: Error) => e);
    expect(error).toBeInstanceOf(ThreadLost);
    expect((error as Error).message).toMatch(/exited with code 3/);
    expect(await p.run("echo", "again")).toBe("echo again");
  });

  it("stops a request past its time limit and keeps serving", async () => {
    const p = pool({ threads: 1, timeoutMs: 100, timedOut: (ms) => new Error(`over ${ms} ms`) });
    await p.warm();
    const started = performance.now();
    await expect(p.run("spin", 60_000)).rejects.toThrow("over 100 ms");
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await p.run("spin", 1)).toBe(1);
  });

  it("refuses a request past the queue's limit", async () => {
    const p = pool({ threads: 1, maxQueued: 1, queueFull: (n) => new Error(`${n} waiting`) });
    const running = p.run("spin", 200);
    const queued = p.run("echo", "queued");
    await expect(p.run("echo", "refused")).rejects.toThrow("1 waiting");
    expect(await running).toBe(200);
    expect(await queued).toBe("echo queued");
  });

  it("fails waiting and running requests on close", async () => {
    const p = pool({ threads: 1 });
    const running = expect(p.run("spin", 60_000)).rejects.toBeInstanceOf(ThreadLost);
    const waiting = expect(p.run("echo", "never")).rejects.toThrow(/closed/);
    await p.close();
    await running;
    await waiting;
    await expect(p.run("echo", "late")).rejects.toThrow(/closed/);
  });
});
