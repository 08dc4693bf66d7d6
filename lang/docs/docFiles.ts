// A code block of the docs whose first line is `// util.pith` is a file of a
// program of several files (lang/README.md, "Programs of several files"): the
// tests that compile the docs' blocks give every block those files beside it.

/** The blocks that name their file, by file name (main.pith, the entry, excepted). */
export function namedFiles(blocks: string[]): Record<string, string> {
  return Object.fromEntries(
    blocks.flatMap((code) => {
      const name = /^\/\/ (\w+\.pith)\n/.exec(code)?.[1];
      return name && name !== "main.pith" ? [[name, code]] : [];
    }),
  );
}
