import { afterEach, describe, expect, it } from "vitest";
import { EARLY_READ_SCRIPT, earlyRead } from "./earlyRead";

// The script runs as index.html's inline script does: in the page's global scope.
// Reading real saved work is proven in Chromium (e2e: the early editor keeps
// what was typed across a reload); here, the failures that must not leave the page waiting.
const runScript = () => new Function(EARLY_READ_SCRIPT)();

afterEach(() => {
  globalThis.pithSavedWork = undefined;
  delete (globalThis as { indexedDB?: unknown }).indexedDB;
});

describe("the inline read of the saved work", () => {
  it("ends with nothing saved, not a pending or rejected read, where IndexedDB is missing", async () => {
    runScript();
    const read = earlyRead<unknown>();
    await expect(read?.promise).resolves.toBeUndefined();
    expect(read?.done).toBe(true);
  });

  it("ends with nothing saved where opening the database throws (a refused private window)", async () => {
    (globalThis as { indexedDB?: unknown }).indexedDB = {
      open() {
        throw new DOMException("refused", "SecurityError");
      },
    };
    runScript();
    await expect(earlyRead<unknown>()?.promise).resolves.toBeUndefined();
  });
});
