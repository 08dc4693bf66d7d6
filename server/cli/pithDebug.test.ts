// `pith debug` as a script calls it: the issue's own example (a breakpoint on
// `total += x` in a loop over [3, 4, 5]) gives three stops with the values
// the program goes on to print, and bad arguments are refused with a reason.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { debugCommand } from "./pithDebug";

const dir = mkdtempSync(join(tmpdir(), "pith-debug-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function collector(): { stream: Writable; text: () => string } {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

const SUM = `fn main() {
    var total = 0
    for x in [3, 4, 5] {
        total += x
    }
    println("sum {total}")
}
`;

describe("pith debug", () => {
  it("prints the stops of a breakpoint in a loop, the output and the exit code as JSON", async () => {
    const file = join(dir, "sum.pith");
    writeFileSync(file, SUM);
    const out = collector();
    const err = collector();
    expect(await debugCommand([file, "--break", "4"], out.stream, err.stream)).toBe(0);
    const result = JSON.parse(out.text());
    expect(result.stops.map((s: { stack: { locals: object }[] }) => s.stack[0]?.locals)).toEqual([
      { total: "0", x: "3" },
      { total: "3", x: "4" },
      { total: "7", x: "5" },
    ]);
    expect(result.output).toBe("sum 12\n");
    expect(result.exit_code).toBe(0);
  });

  it("keeps a conditional breakpoint's stops to those where it holds, up to --max-stops", async () => {
    const file = join(dir, "cond.pith");
    writeFileSync(file, SUM);
    const out = collector();
    expect(await debugCommand([file, "--break", "4:x >= 4", "--max-stops", "1"], out.stream, collector().stream)).toBe(
      0,
    );
    const result = JSON.parse(out.text());
    expect(result.stops.map((s: { stack: { locals: { x: string } }[] }) => s.stack[0]?.locals.x)).toEqual(["4"]);
    expect(result.truncated).toBe(true);
    expect(result.output).toBe("sum 12\n");
  });

  it("collects a logpoint's text in logs without stopping there", async () => {
    const file = join(dir, "log.pith");
    writeFileSync(file, SUM);
    const out = collector();
    expect(await debugCommand([file, "--log", "4:adding {x} to {total}"], out.stream, collector().stream)).toBe(0);
    const result = JSON.parse(out.text());
    expect(result.stops).toEqual([]);
    expect(result.logs).toEqual(["adding 3 to 0", "adding 4 to 3", "adding 5 to 7"]);
    expect(result.output).toBe("sum 12\n");
  });

  it("refuses a breakpoint it cannot read, saying what to write", async () => {
    const err = collector();
    expect(await debugCommand([join(dir, "sum.pith"), "--break", "four"], collector().stream, err.stream)).toBe(2);
    expect(err.text()).toContain("--break four: write a line number");
    const logErr = collector();
    expect(await debugCommand([join(dir, "sum.pith"), "--log", "4"], collector().stream, logErr.stream)).toBe(2);
    expect(logErr.text()).toContain("--log 4: write a line number, ':' and the text");
  });
});
