// `pith query` as a user (or an editor plugin) runs it: a real process on a real file.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const TSX = new URL("../../node_modules/.bin/tsx", import.meta.url).pathname;
const PITH = new URL("./pith.ts", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "pith-query-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function pith(...args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, [PITH, ...args], { cwd: dir, encoding: "utf8" });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

writeFileSync(
  join(dir, "calc.pith"),
  "fn double(x: i64) -> i64 { x * 2 }\n\nfn main() {\n  let n = double(21)\n  println(n)\n}\n",
);

describe("pith query", () => {
  it("is listed in --help and explains itself with `pith query --help`", async () => {
    expect((await pith("--help")).stdout).toContain("query <file.pith> <what>");
    const help = await pith("query", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/complete +completion items/);
  }, 60_000);

  it("answers hover, definition and rename on a file as JSON", async () => {
    const hover = await pith("query", "calc.pith", "hover", "--at", "4:8");
    expect(hover.code).toBe(0);
    expect(JSON.parse(hover.stdout)).toMatchObject({ kind: "local", signature: "let n: i64" });
    const def = await pith("query", "calc.pith", "definition", "--at", "4:12");
    expect(JSON.parse(def.stdout)).toEqual([{ file: "calc.pith", line: 1, col: 4, end_line: 1, end_col: 10 }]);
    const rename = await pith("query", "calc.pith", "rename", "--at", "1:5", "--name", "twice");
    expect(JSON.parse(rename.stdout).edits.map((e: { line: number }) => e.line)).toEqual([1, 4]);
  }, 60_000);

  it("exits 2 with usage for a missing question", async () => {
    const r = await pith("query", "calc.pith");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/query needs a file and one of: complete/);
  }, 60_000);
});
