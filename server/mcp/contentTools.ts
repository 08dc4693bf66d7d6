// The tools that let a model learn Pith from its own files: list and read
// the examples, the standard library and the conformance tests, and read the
// grammar, README, roadmap and gotchas.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { type ContentKind, type DocumentName, listContent, readContent, readDocument } from "../playground/content";

const EntrySchema = z.object({
  name: z.string().describe("Pass this to the matching lang_read_* tool"),
  path: z.string(),
  bytes: z.number().int(),
});

const FileSchema = z.object({ name: z.string(), source: z.string(), bytes: z.number().int() });

const DocumentSchema = z.object({ document: z.string(), text: z.string() });
const ListSchema = z.object({ files: z.array(EntrySchema) });

interface CollectionTools {
  collection: ContentKind;
  list: string;
  read: string;
  listDescription: string;
  readDescription: string;
  nameExample: string;
}

const COLLECTIONS: CollectionTools[] = [
  {
    collection: "examples",
    list: "lang_list_examples",
    read: "lang_read_example",
    listDescription:
      "List the complete example programs shipped with Pith (games, parsers, numeric code). Use it to find idiomatic, compiling code to imitate before writing a program. Returns {files:[{name, path, bytes}]}.",
    readDescription:
      "Read one example program's source. Examples compile and run on every target, so they are the safest reference for syntax and style. Returns {name, source, bytes}.",
    nameExample: "game_of_life",
  },
  {
    collection: "stdlib",
    list: "lang_list_stdlib",
    read: "lang_read_stdlib",
    listDescription:
      "List the standard-library modules written in Pith (imported as `import std.<name>`). Use it to see which functions exist before calling one. Returns {files:[{name, path, bytes}]}.",
    readDescription:
      "Read one standard-library module's source, to learn its exact function names and signatures. Returns {name, source, bytes}.",
    nameExample: "math",
  },
  {
    collection: "tests",
    list: "lang_list_tests",
    read: "lang_read_test",
    listDescription:
      "List the language conformance tests (small programs, one behaviour each, grouped in folders such as strings/ or closures/). Use it to find a minimal program showing one feature. Returns {files:[{name, path, bytes}]}.",
    readDescription:
      "Read one conformance test program (name as listed, e.g. 'strings/slicing'). Each demonstrates one rule of the language precisely. Returns {name, source, bytes}.",
    nameExample: "strings/slicing",
  },
];

// Built once: a server is created per request, and zod schemas are its cost.
const READ_INPUTS = new Map(
  COLLECTIONS.map((c) => [
    c.read,
    z.object({
      name: z.string().min(1).describe(`The name from ${c.list}, e.g. '${c.nameExample}' (.pith optional)`),
    }),
  ]),
);

const DOCUMENTS: { name: DocumentName; tool: string; description: string }[] = [
  {
    name: "grammar",
    tool: "lang_read_grammar",
    description:
      "Read Pith's complete grammar (EBNF). Use it when unsure whether a construct is valid syntax. Returns {document, text}.",
  },
  {
    name: "readme",
    tool: "lang_read_readme",
    description:
      "Read 'Pith in one page': the whole language by example, for readers who know Rust or Swift. Read this first before writing Pith. Returns {document, text}.",
  },
  {
    name: "semantics",
    tool: "lang_read_semantics",
    description:
      "Read the precise semantics: typing rules, runtime behaviour (overflow, panics, printing) and the table of every compile error message with what causes it. Use it when the README is not exact enough. Returns {document, text}.",
  },
  {
    name: "roadmap",
    tool: "lang_read_roadmap",
    description: "Read the roadmap: what is planned and not implemented yet. Returns {document, text}.",
  },
  {
    name: "gotchas",
    tool: "lang_read_gotchas",
    description:
      "Read the list of things that surprise people coming from Rust, Swift, TypeScript or C (var not let mut, Enum.Variant, no implicit numeric conversion, ...). Read it when a compile error is puzzling. Returns {document, text}.",
  },
  {
    name: "habits",
    tool: "lang_read_habits",
    description:
      "Read the table of habits from Rust, Go, TypeScript, Python, Swift and Kotlin (let mut, x++, ===, null, .unwrap(), impl Trait for, println!, ...), each with the Pith spelling and its error code. Returns {document, text}.",
  },
];

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

function json(value: Record<string, unknown>) {
  return { content: [{ type: "text" as const, text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

export function registerContentTools(server: McpServer): void {
  for (const c of COLLECTIONS) {
    server.registerTool(
      c.list,
      { description: c.listDescription, outputSchema: ListSchema, annotations: readOnly },
      async () => json({ files: await listContent(c.collection) }),
    );
    server.registerTool(
      c.read,
      {
        description: c.readDescription,
        inputSchema: READ_INPUTS.get(c.read),
        outputSchema: FileSchema,
        annotations: readOnly,
      },
      async ({ name }) => {
        const file = await readContent(c.collection, name);
        return {
          content: [{ type: "text" as const, text: file.source }],
          structuredContent: { name: file.name, source: file.source, bytes: file.bytes },
        };
      },
    );
  }
  for (const d of DOCUMENTS) {
    server.registerTool(
      d.tool,
      { description: d.description, outputSchema: DocumentSchema, annotations: readOnly },
      async () => {
        const text = await readDocument(d.name);
        return { content: [{ type: "text" as const, text }], structuredContent: { document: d.name, text } };
      },
    );
  }
}
