// A worker entry for the threads' own tests (pool.test.ts, threadCpu.test.ts).
import { type Handlers, serveRequests } from "./serve";
import { threadCpuMs } from "./threadCpu";

const handlers = {
  echo: (text: string) => ({ answer: `echo ${text}`, transfer: [] }),
  /** Doubles the numbers and moves them back without a copy. */
  double: (numbers: Float64Array) => {
    const doubled = numbers.map((n) => n * 2);
    return { answer: doubled, transfer: [doubled.buffer] };
  },
  fail: (why: string): { answer: never; transfer: [] } => {
    throw new RangeError(why);
  },
  exit: (code: number): { answer: never; transfer: [] } => process.exit(code),
  spin: (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {}
    return { answer: ms, transfer: [] };
  },
  /** Works until this thread has used `ms` more of CPU; answers how much it used by threadCpuMs. */
  burnCpu: (ms: number) => {
    const before = threadCpuMs() ?? 0;
    let now = before;
    while (now - before < ms) now = threadCpuMs() ?? Number.POSITIVE_INFINITY;
    return { answer: now - before, transfer: [] };
  },
} satisfies Handlers;

export type TestHandlers = typeof handlers;

serveRequests(handlers);
