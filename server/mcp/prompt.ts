// The prompt `lang_coding_assistant`: everything a model needs to write
// correct Pith on the first try, in one message: the language by example,
// the grammar, the gotchas, two canonical programs and a working method.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { readContent, readDocument } from "../playground/content";

/** Programs that compile on every target and between them show most of the language. */
const CANONICAL_EXAMPLES = ["primes", "calculator"];

const METHOD = `How to work:
1. Write the whole program in one file with \`fn main()\` (or \`fn main() -> i32\`).
2. Call lang_check on it; fix every diagnostic (each carries a code and a hint; lang_explain_error explains any code).
3. Repeat until lang_check says ok, then build with lang_build_wasm (or lang_build_native / lang_build_windows / lang_build_macos / lang_build_target) and give the user the download URL.
Rules that trip models most: \`var\` not \`let mut\`; \`Enum.Variant\` not \`Enum::Variant\`; no implicit numeric conversions (use \`as\`); no references or macros; one value per print (interpolate: \`println("{a} {b}")\`); continue a long expression by ending the line with the operator.`;

export function registerPrompt(server: McpServer): void {
  server.registerPrompt(
    "lang_coding_assistant",
    {
      title: "Pith coding assistant",
      description:
        "Teaches the Pith language in one message (by-example guide, grammar, gotchas, two canonical programs, and how to check and build), optionally followed by the user's task.",
      argsSchema: { task: z.string().optional().describe("What the program should do") },
    },
    async ({ task }) => {
      const [readme, grammar, gotchas, ...examples] = await Promise.all([
        readDocument("readme"),
        readDocument("grammar"),
        readDocument("gotchas"),
        ...CANONICAL_EXAMPLES.map((name) => readContent("examples", name)),
      ]);
      const text = [
        "You write programs in Pith, a small statically typed language with Rust/Swift-like syntax that compiles to WebAssembly and native code. Everything you need is below.",
        METHOD,
        `# The language by example\n\n${readme}`,
        `# Grammar (EBNF)\n\n\`\`\`ebnf\n${grammar}\`\`\``,
        `# Gotchas\n\n${gotchas}`,
        ...examples.map((e) => `# Example: ${e.name}\n\n\`\`\`pith\n${e.source}\`\`\``),
        task ? `# Your task\n\n${task}` : "Wait for the user's task, then write the program.",
      ].join("\n\n");
      return {
        description: "Pith language primer",
        messages: [{ role: "user" as const, content: { type: "text" as const, text } }],
      };
    },
  );
}
