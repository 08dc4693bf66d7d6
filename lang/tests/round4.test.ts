// The first-contact corpora of rounds 4 and 5 (lang/tests/round4,
// lang/tests/round5): 20 programs each, written from the docs, each with an
// independent Python reference whose output is the program's <name>.stdout
// (fed <name>.stdin when there is one). Each program is built by
// compiler.wasm at -O0 and at -O2 and must print exactly that, with nothing
// on stderr, exit 0 and no live allocation at exit; each reference must
// still print it. One harness runs both folders, each with its own count,
// line range and list of several-file programs. (The conformance suite runs
// the one-file programs on both WASI hosts too, and the native differential
// suite on every native target.)
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { run } from "../../wasm/tests/compiler";

interface Program {
  name: string;
  folder: string;
  source: string;
  /** The other files of its folder that it imports, by file name. */
  modules: Record<string, string>;
}

function programsIn(folder: string): Program[] {
  const files = readdirSync(folder).filter((f) => f.endsWith(".pith"));
  const sources = new Map(files.map((f) => [f, readFileSync(join(folder, f), "utf8")]));
  return files
    .filter((f) => /^fn main\(/m.test(sources.get(f) as string))
    .map((f) => {
      const source = sources.get(f) as string;
      const modules: Record<string, string> = {};
      for (const [, name] of source.matchAll(/^import (\w+)$/gm)) {
        const text = sources.get(`${name}.pith`);
        if (text !== undefined) modules[`${name}.pith`] = text;
      }
      return { name: f.slice(0, -".pith".length), folder, source, modules };
    });
}

interface Corpus {
  round: number;
  /** The number of programs, and the range of lines each may have. */
  count: number;
  lines: [number, number];
  /** The programs that import a file of their folder. */
  multiFile: string[];
}

const corpora: Corpus[] = [
  { round: 4, count: 20, lines: [30, 190], multiFile: ["shapes_report"] },
  { round: 5, count: 20, lines: [30, 150], multiFile: ["fraction_calc"] },
];

function corpusPrograms(round: number): Program[] {
  const dir = fileURLToPath(new URL(`./round${round}/`, import.meta.url));
  return [...programsIn(dir), ...programsIn(join(dir, "multi_file"))].sort((a, b) => a.name.localeCompare(b.name));
}

const read = (p: Program, ext: string) => {
  const path = join(p.folder, `${p.name}.${ext}`);
  return existsSync(path) ? readFileSync(path, "utf8") : "";
};

describe.each(corpora)("round $round corpus", ({ count, lines: [min, max], multiFile, round }) => {
  const programs = corpusPrograms(round);

  it(`has ${count} programs of ${min} to ${max} lines, ${multiFile.length} of several files, each with a reference and its output`, () => {
    expect(programs).toHaveLength(count);
    expect(programs.filter((p) => Object.keys(p.modules).length > 0).map((p) => p.name)).toEqual(multiFile);
    for (const p of programs) {
      const lines = p.source.split("\n").length - 1;
      expect(lines >= min && lines <= max, `${p.name}: ${lines} lines`).toBe(true);
      expect(existsSync(join(p.folder, `${p.name}.py`)), p.name).toBe(true);
      expect(read(p, "stdout"), p.name).not.toBe("");
    }
  });

  for (const p of programs) {
    for (const opt of ["-O0", "-O2"]) {
      it(`${p.name} at ${opt} prints its reference's output`, async () => {
        const r = await run(p.source, read(p, "stdin"), opt, p.modules);
        expect(r).toEqual({ stdout: read(p, "stdout"), stderr: "", exitCode: 0, live: 0 });
      });
    }

    it(`${p.name}.py prints ${p.name}.stdout`, () => {
      const out = execFileSync("python3", [join(p.folder, `${p.name}.py`)], {
        encoding: "utf8",
        timeout: 60_000,
        input: read(p, "stdin"),
      });
      expect(out).toBe(read(p, "stdout"));
    });
  }
});
