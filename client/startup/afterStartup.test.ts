import { afterEach, describe, expect, it, vi } from "vitest";

// Each test loads the module afresh: start-up happens once per page.
const load = async () => {
  vi.resetModules();
  return import("./afterStartup");
};

afterEach(() => {
  vi.useRealTimers();
});

describe("work deferred until the end of start-up", () => {
  it("runs a task only after start-up finished, even where the browser has no requestIdleCallback", async () => {
    expect(typeof globalThis.requestIdleCallback).toBe("undefined");
    const { afterStartup, startupFinished } = await load();
    const ran: string[] = [];
    afterStartup(() => ran.push("health check"));
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual([]);
    startupFinished();
    await vi.waitFor(() => expect(ran).toEqual(["health check"]));
  });

  it("runs the tasks anyway when start-up never finishes (the editor or the compiler failed)", async () => {
    vi.useFakeTimers();
    const { afterStartup } = await load();
    const ran: string[] = [];
    afterStartup(() => ran.push("service worker"));
    await vi.advanceTimersByTimeAsync(7_000);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ran).toEqual(["service worker"]);
  });
});
