// lang_debug end to end: a real server on loopback, the SDK client over both
// transports. A breakpoint in a loop gives one stop per iteration with the
// values the program goes on to print; an endless loop, an endless printer
// and a client that hangs up are stopped and the server keeps serving; bad
// arguments are refused with what was wrong.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIME_FACTOR } from "../../vitest.timing.config";
import { type TestPlayground, testPlayground } from "../playground/testPlayground";
import { connectClient, type Loopback, listenOnLoopback, type TransportKind } from "./testing";

const SUM = `fn main() {
    var total = 0
    for x in [3, 4, 5] {
        total += x
    }
    println("sum {total}")
}
`;

const CALLS = `fn square(n: i64) -> i64 {
    let s = n * n
    return s
}

fn main() {
    var i = 0
    while i < 4 {
        println("{square(i)}")
        i += 1
    }
}
`;

const FACTORIAL = `fn fact(n: i64) -> i64 {
    if n <= 1 {
        return 1
    }
    return n * fact(n - 1)
}

fn main() {
    let k = 3
    println("{fact(k)}")
}
`;

const ENDLESS = `fn main() {
    var i = 0
    while true {
        i += 1
    }
}
`;

const PRINTER = `fn main() {
    while true {
        println("and again")
    }
}
`;

const GROWING = `fn main() {
    var xs: [i64] = []
    var i = 0
    while true {
        xs.push(i)
        i += 1
    }
}
`;

type Stop = {
  file: string;
  line: number;
  reason: string;
  stack: { function: string; line: number; locals: Record<string, string> }[];
};
type Answer = {
  status: string;
  stops: Stop[];
  truncated: boolean;
  logs: string[];
  output: string;
  exit_code: number | null;
  diagnostics: string;
};

const TIMEOUT = 120_000 * TIME_FACTOR;

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as { text?: string }[])[0]?.text ?? "";
}

let playground: TestPlayground;
let server: Loopback;
beforeAll(async () => {
  // A short debug time limit: the endless loop below can never finish, so any limit stops it.
  // A small memory ceiling, which the growing program below reaches at once.
  playground = testPlayground({ debugTimeoutMs: 3000 * TIME_FACTOR, debugMemoryMb: 16, wasmBuildsPerMinute: 0 });
  server = await listenOnLoopback(playground.app);
});
afterAll(async () => {
  await server.close();
  await playground.close();
});

async function debug(client: Client, args: Record<string, unknown>) {
  return client.callTool({ name: "lang_debug", arguments: args }, undefined, { timeout: TIMEOUT });
}

describe.each<TransportKind>(["streamable", "sse"])("lang_debug over the %s transport", (kind) => {
  let client: Client;
  beforeAll(async () => {
    client = await connectClient(server.url, kind);
  });
  afterAll(() => client.close());

  it("stops once per iteration at a breakpoint in a loop, with the locals of each", { timeout: TIMEOUT }, async () => {
    const result = await debug(client, { source: SUM, breakpoints: [{ line: 4 }] });
    expect(result.isError, text(result)).toBeFalsy();
    const answer = result.structuredContent as Answer;
    expect(answer).toMatchObject({ status: "ok", truncated: false, output: "sum 12\n", exit_code: 0 });
    expect(answer.stops.map((s) => [s.file, s.line, s.reason, s.stack[0]?.function])).toEqual([
      ["main.pith", 4, "breakpoint", "main"],
      ["main.pith", 4, "breakpoint", "main"],
      ["main.pith", 4, "breakpoint", "main"],
    ]);
    expect(answer.stops.map((s) => [s.stack[0]?.locals.total, s.stack[0]?.locals.x])).toEqual([
      ["0", "3"],
      ["3", "4"],
      ["7", "5"],
    ]);
    expect(text(result)).toContain("stop 2: breakpoint at main.pith:4 in main: ");
    expect(text(result)).toContain("total = 3");
  });

  it("stops an endless loop at the time limit with a clear error, and serves the next run", {
    timeout: TIMEOUT,
  }, async () => {
    const stopped = await debug(client, { source: ENDLESS, breakpoints: [] });
    expect(stopped.isError).toBe(true);
    expect(text(stopped)).toMatch(
      /ran longer than the debug time limit of \d+ ms \(DEBUG_TIMEOUT_MS\) and was stopped/,
    );
    const next = await debug(client, { source: SUM, breakpoints: [{ line: 4 }], max_stops: 1 });
    expect(next.isError, text(next)).toBeFalsy();
    expect(next.structuredContent).toMatchObject({ truncated: true, output: "sum 12\n", exit_code: 0 });
  });
});

describe("lang_debug", () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectClient(server.url, "streamable");
  });
  afterAll(() => client.close());

  it("shows the whole call stack, keeps to a condition and collects logpoints", { timeout: TIMEOUT }, async () => {
    const result = await debug(client, {
      source: CALLS,
      breakpoints: [
        { line: 3, condition: "s >= 4" },
        { line: 9, log: "i is {i}" },
      ],
    });
    expect(result.isError, text(result)).toBeFalsy();
    const answer = result.structuredContent as Answer;
    expect(answer.output).toBe("0\n1\n4\n9\n");
    expect(answer.logs).toEqual(["i is 0", "i is 1", "i is 2", "i is 3"]);
    expect(answer.stops.map((s) => s.stack.map((f) => [f.function, f.line]))).toEqual([
      [
        ["square", 3],
        ["main", 9],
      ],
      [
        ["square", 3],
        ["main", 9],
      ],
    ]);
    expect(answer.stops.map((s) => s.stack[0]?.locals)).toEqual([
      { n: "2", s: "4" },
      { n: "3", s: "9" },
    ]);
  });

  it("runs one program per client at a time", { timeout: TIMEOUT }, async () => {
    const endless = debug(client, { source: ENDLESS, breakpoints: [] });
    while (playground.services.debugRuns.runningCount === 0) await new Promise((r) => setTimeout(r, 50));
    const second = await debug(client, { source: SUM, breakpoints: [] });
    expect(second.isError).toBe(true);
    expect(text(second)).toContain("a debug run of yours is still running");
    expect((await endless).isError).toBe(true);
  });

  it("shows a caller's locals at an inner stop when the caller stopped at the call's line", {
    timeout: TIMEOUT,
  }, async () => {
    const result = await debug(client, { source: CALLS, breakpoints: [{ line: 9, condition: "i == 2" }, { line: 3 }] });
    expect(result.isError, text(result)).toBeFalsy();
    const stops = (result.structuredContent as Answer).stops;
    const inner = stops.find((s) => s.stack[0]?.function === "square" && s.stack[0]?.locals.n === "2");
    expect(inner?.stack.map((f) => [f.function, f.locals])).toEqual([
      ["square", { n: "2", s: "4" }],
      ["main", { i: "2" }],
    ]);
  });

  it("gives every frame's locals of the line it calls from, though only the innermost frame stopped", {
    timeout: TIMEOUT,
  }, async () => {
    const result = await debug(client, { source: FACTORIAL, breakpoints: [{ line: 3 }] });
    expect(result.isError, text(result)).toBeFalsy();
    const answer = result.structuredContent as Answer;
    expect(answer.output).toBe("6\n");
    expect(answer.stops.map((s) => s.stack.map((f) => [f.function, f.line, f.locals]))).toEqual([
      [
        ["fact", 3, { n: "1" }],
        ["fact", 5, { n: "2" }],
        ["fact", 5, { n: "3" }],
        ["main", 10, { k: "3" }],
      ],
    ]);
  });

  it("stops a program that prints without end at the output limit", { timeout: TIMEOUT }, async () => {
    const result = await debug(client, { source: PRINTER, breakpoints: [] });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("bytes of output and was stopped");
  });

  it("gives a program that grows without end its memory ceiling: it panics there, and the panic is a stop", {
    timeout: TIMEOUT,
  }, async () => {
    const result = await debug(client, { source: GROWING, breakpoints: [] });
    expect(result.isError, text(result)).toBeFalsy();
    const answer = result.structuredContent as Answer & { stderr: string };
    expect(answer).toMatchObject({ status: "ok", exit_code: 101, stderr: "panic: out of memory\n" });
    expect(answer.stops.map((s) => [s.reason, s.line, s.stack[0]?.function])).toEqual([["panic", 5, "main"]]);
  });

  it("answers a program that does not compile with its diagnostics", { timeout: TIMEOUT }, async () => {
    const result = await debug(client, { source: "fn main() {\n    let x = nope\n}\n", breakpoints: [{ line: 2 }] });
    expect(result.isError, text(result)).toBeFalsy();
    const answer = result.structuredContent as Answer;
    expect(answer).toMatchObject({ status: "error", stops: [], exit_code: null });
    expect(answer.diagnostics).toContain("nope");
  });

  it.each([
    [{ source: SUM, breakpoints: [{ line: 0 }] }, /breakpoints.*line|line.*>=\s*1|too small/is],
    [{ source: SUM, breakpoints: [{ line: 4, condition: "total +" }] }, /condition: write comparisons/],
    [{ source: SUM, breakpoints: [{ line: 4 }], max_stops: 0 }, /max_stops: at least 1/],
    [{ source: "   ", breakpoints: [] }, /source is blank/],
    [{ source: SUM }, /breakpoints/],
  ])("refuses bad arguments with what was wrong (%j)", { timeout: TIMEOUT }, async (args, message) => {
    const result = await debug(client, args);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(message);
  });
});

describe("a client that hangs up", () => {
  it("has its run stopped, so the only debug thread serves the next client", { timeout: TIMEOUT }, async () => {
    // One thread and no time limit to speak of: only the hang-up can free the thread.
    const own = testPlayground({ debugThreads: 1, debugTimeoutMs: 3_600_000, wasmBuildsPerMinute: 0 });
    const loopback = await listenOnLoopback(own.app);
    try {
      const leaving = await connectClient(loopback.url, "streamable");
      const abort = new AbortController();
      const endless = leaving.callTool(
        { name: "lang_debug", arguments: { source: ENDLESS, breakpoints: [] } },
        undefined,
        {
          signal: abort.signal,
          timeout: TIMEOUT,
        },
      );
      // Wait until the endless program holds the thread: the run counts as running once compiled.
      while (own.services.debugRuns.runningCount === 0) await new Promise((r) => setTimeout(r, 50));
      abort.abort();
      await expect(endless).rejects.toThrow();
      await leaving.close();
      // The server sees the hang-up and terminates the thread; with the hour-long limit nothing else could.
      while (own.services.debugRuns.runningCount > 0) await new Promise((r) => setTimeout(r, 50));
      const staying = await connectClient(loopback.url, "streamable");
      const result = await debug(staying, { source: SUM, breakpoints: [{ line: 4 }] });
      expect(result.isError, text(result)).toBeFalsy();
      expect((result.structuredContent as Answer).stops).toHaveLength(3);
      await staying.close();
    } finally {
      await loopback.close();
      await own.close();
    }
  });
});
