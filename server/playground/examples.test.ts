// Every program in lang/examples/, built through POST /build_wasm and run
// under node:wasi with its .stdin, prints exactly its .stdout.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importsHostModule } from "../../lang/tests/corpus";
import { runWasiNode } from "../compiler/wasiNode";
import { CONTENT_FOLDERS } from "./content";
import { postJson, testPlayground } from "./testPlayground";

const playground = testPlayground();
afterAll(() => playground.close());

const dir = CONTENT_FOLDERS.examples;
// Programs using std.canvas/audio/http need their host: server/programHost tests them.
const examples = readdirSync(dir)
  .filter((name) => name.endsWith(".pith") && !importsHostModule(readFileSync(join(dir, name), "utf8")))
  .map((name) => name.slice(0, -".pith".length));

describe("lang/examples built through /build_wasm", { concurrent: true }, () => {
  it("has examples to build", () => expect(examples.length).toBeGreaterThanOrEqual(10));

  for (const name of examples) {
    it(`${name} prints its expected output`, async () => {
      const source = readFileSync(join(dir, `${name}.pith`), "utf8");
      const response = await postJson(playground.app, "/build_wasm", { source, filename: `${name}.pith` });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.errors).toEqual([]);
      expect(body.status).toBe("ok");
      const stdinPath = join(dir, `${name}.stdin`);
      const run = await runWasiNode({
        module: await WebAssembly.compile(Buffer.from(body.wasm_base64, "base64")),
        args: [],
        stdin: existsSync(stdinPath) ? readFileSync(stdinPath) : "",
      });
      expect(new TextDecoder().decode(run.stdout)).toBe(readFileSync(join(dir, `${name}.stdout`), "utf8"));
      expect(run.exitCode).toBe(0);
    });
  }
});
