// The diagnostic-code table (protocol/diagnostics) against the compiler:
// every emission site in wasm/src names a code of the table, every code is
// emitted somewhere, and every example program produces exactly its code
// with a message its template fits, while its fixed version compiles clean.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CODE_PATTERN,
  DIAGNOSTIC_CODES,
  type DiagnosticCodeEntry,
  RETIRED_CODES,
} from "../../protocol/diagnostics/codes";
import { parseCompilerDiagnostics } from "../../protocol/diagnostics/compilerDiagnostic";
import { templateArgs } from "../../protocol/diagnostics/template";
import { pith } from "./compiler";

const SRC = join(import.meta.dirname, "..", "src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

interface Site {
  where: string;
  firstArgument: string;
}

// The functions that report a diagnostic: Diagnostics.error and the phases'
// wrappers around it (Lexer.error, the parser's errorAt/errorHere,
// Scopes.err/errAt, Program.err). A call's first argument is its code, after
// the phase's state where the wrapper is a free function (`errorHere(p, "E0100", ...)`).
const EMITTERS = /\b(?:error|errorAt|errorHere|err|errAt)\(\s*(?:\w+,\s*(?="|code\b))?([^,)]*)/g;
const DEFINITION = /^\s*(?:export function )?(?:error|errorAt|errorHere|err|errAt)\((?:\w+: \w+, )?code: string/;

function emissionSites(): Site[] {
  const sites: Site[] = [];
  for (const file of sources(SRC)) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (DEFINITION.test(line) || /^\s*\/\//.test(line)) return;
        for (const match of line.matchAll(EMITTERS)) {
          sites.push({ where: `${relative(SRC, file)}:${i + 1}`, firstArgument: match[1].trim() });
        }
      });
  }
  return sites;
}

const COMMANDS: Record<NonNullable<DiagnosticCodeEntry["command"]>, string[]> = {
  check: ["check", "main.pith", "--json"],
  fmt: ["fmt", "main.pith", "--json"],
  "build-ll": ["build", "main.pith", "--emit", "ll", "--json", "-o", "out.ll"],
};

describe("the diagnostic-code table", () => {
  it("has unique, well-formed codes in ascending order, none of them retired", () => {
    const codes = DIAGNOSTIC_CODES.map((e) => e.code);
    for (const code of codes) expect(code).toMatch(CODE_PATTERN);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...codes].sort());
    expect(codes.filter((code) => RETIRED_CODES.includes(code))).toEqual([]);
  });

  it("gives every code a title, template, explanation and fix, and every reachable code an example", () => {
    for (const entry of DIAGNOSTIC_CODES) {
      for (const field of ["title", "template", "explanation", "fix"] as const) {
        expect(entry[field].trim(), `${entry.code}.${field}`).not.toBe("");
      }
      expect(entry.internal || entry.example.includes("\n"), `${entry.code} has no example`).toBe(true);
    }
  });
});

describe("the compiler's emission sites", () => {
  const sites = emissionSites();
  const table = new Set(DIAGNOSTIC_CODES.map((e) => e.code));

  it("are found (the scan reads the sources it should)", () => {
    expect(sites.length).toBeGreaterThan(150);
  });

  it("each name a code of the table as a literal (only the wrappers pass on their own 'code' parameter)", () => {
    const bad = sites.filter((site) => {
      if (site.firstArgument === "code") return false;
      const literal = /^"(E\d{4})"$/.exec(site.firstArgument);
      return !literal || !table.has(literal[1]);
    });
    expect(bad.map((s) => `${s.where}: ${s.firstArgument}`)).toEqual([]);
  });

  it("build every Diagnostic in one place, so no diagnostic can bypass the code", () => {
    const builders = sources(SRC).filter((file) => /new Diagnostic\(/.test(readFileSync(file, "utf8")));
    expect(builders.map((file) => relative(SRC, file))).toEqual(["diagnostics.ts"]);
  });

  it("emit every code of the table somewhere", () => {
    const emitted = new Set(sites.map((s) => /^"(E\d{4})"$/.exec(s.firstArgument)?.[1]));
    expect(DIAGNOSTIC_CODES.map((e) => e.code).filter((code) => !emitted.has(code))).toEqual([]);
  });
});

describe("the table's examples", () => {
  for (const entry of DIAGNOSTIC_CODES.filter((e) => !e.internal)) {
    it(`${entry.code} (${entry.title}): the example gets exactly ${entry.code}, in its template's words`, async () => {
      const run = await pith(COMMANDS[entry.command ?? "check"], entry.example);
      expect(run.exitCode, run.stderr).toBe(1);
      const parsed = parseCompilerDiagnostics(run.stdout);
      if (!parsed.ok) throw new Error(parsed.problem);
      const { diagnostics } = parsed;
      expect(diagnostics.length).toBeGreaterThan(0);
      expect(diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(
        diagnostics.map((d) => `${entry.code} ${d.message}`),
      );
      expect(templateArgs(entry.template, diagnostics[0].message), diagnostics[0].message).toBeDefined();
      if (entry.fixed !== undefined) {
        const fixed = await pith(["check", "main.pith", "--json"], entry.fixed);
        expect(fixed.stdout.trim(), "the fixed example").toBe("[]");
        expect(fixed.exitCode).toBe(0);
      }
    });
  }
});
