// The compiler's phases read on their own (issue 33): no class in wasm/src
// extends another with behaviour. A chain of classes split over files, each
// replacing placeholder methods of the one before, made no file readable
// alone, and a misspelt override silently fell back to the base's
// placeholder. A phase is a plain state class plus free functions instead.
// The one exception is data: the syntax tree's node classes (`LitExpr
// extends Expr extends Node`) are a tagged union of records, so a subclass
// is allowed when neither it nor any class above it declares a method.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import * as asc from "assemblyscript";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./sourceFiles";

const ROOT = join(import.meta.dirname, "../..");
const SRC = join(ROOT, "wasm/src");

interface ClassInfo {
  file: string;
  base: string | null;
  methods: string[];
}

// Parsed with AssemblyScript's own parser: the compiler is AssemblyScript
// (decorators on functions, i32 and friends), and the project's TypeScript
// is the native compiler, which has no JavaScript API.
// NodeKind is an ambient const enum in the package's types, which tsc's
// isolatedModules forbids reading as a value; the runtime object has it.
const NodeKind: Record<string, number> = Reflect.get(asc as object, "NodeKind");

function classes(): Map<string, ClassInfo> {
  const found = new Map<string, ClassInfo>();
  const program = asc.newProgram(asc.newOptions());
  const paths = new Map<string, string>();
  for (const path of tsFiles(SRC)) {
    const name = relative(ROOT, path);
    paths.set(name.replace(/\.ts$/, ""), name);
    asc.parse(program, readFileSync(path, "utf8"), name, true);
  }
  for (const source of program.sources) {
    const file = paths.get(source.normalizedPath.replace(/\.ts$/, ""));
    if (file === undefined) continue;
    for (const statement of source.statements) {
      if (statement.kind !== NodeKind.ClassDeclaration) continue;
      const decl = statement as asc.ClassDeclaration;
      const methods = decl.members
        .filter((m) => m.kind === NodeKind.MethodDeclaration && m.name.text !== "constructor")
        .map((m) => m.name.text);
      found.set(decl.name.text, { file, base: decl.extendsType?.name.identifier.text ?? null, methods });
    }
  }
  return found;
}

describe("class chains in the compiler", () => {
  const all = classes();

  it("finds the compiler's classes", () => {
    // The syntax tree alone has over thirty; an empty map means the walk broke.
    expect(all.size).toBeGreaterThan(30);
  });

  it("no class extends another of the project's classes unless both are data", () => {
    const chains: string[] = [];
    for (const [name, info] of all) {
      if (info.base === null || !all.has(info.base)) continue;
      const withMethods: string[] = [];
      for (let c: string | null = name; c !== null && all.has(c); c = all.get(c)?.base ?? null) {
        const methods = all.get(c)?.methods ?? [];
        if (methods.length > 0) withMethods.push(`${c} (${methods.slice(0, 3).join(", ")})`);
      }
      if (withMethods.length > 0)
        chains.push(`${info.file}: ${name} extends ${info.base}; methods in ${withMethods.join(", ")}`);
    }
    expect(chains).toEqual([]);
  });
});
