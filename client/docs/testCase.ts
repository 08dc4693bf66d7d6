// A test of the language's corpus as the Library opens it: the program and
// what it must do (lang/tests/README.md: <name>.stdout, .stdin and .exit
// beside <name>.pith, each absent meaning empty, or exit 0).

export interface TestCase {
  /** The test's path in the corpus, e.g. "basics/comments". */
  path: string;
  source: string;
  stdout: string;
  stdin: string;
  exit: number;
}

async function companion(path: string, extension: string): Promise<string | undefined> {
  const response = await fetch(`/tests/${path}${extension}`);
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`the server answered ${response.status} for ${path}${extension}`);
  const body = (await response.json()) as { source?: string };
  return body.source ?? "";
}

/** Fetches the test's program and expectations from the server. */
export async function fetchTestCase(path: string): Promise<TestCase> {
  const name = path.replace(/\.pith$/, "");
  const [source, stdout, stdin, exit] = await Promise.all([
    companion(name, ".pith"),
    companion(name, ".stdout"),
    companion(name, ".stdin"),
    companion(name, ".exit"),
  ]);
  if (source === undefined) throw new Error(`the server has no test ${name}`);
  return { path: name, source, stdout: stdout ?? "", stdin: stdin ?? "", exit: Number(exit?.trim() || "0") };
}

/** The file name a test opens under: its own name, made unique among the open files. */
export function testFileName(path: string, taken: string[]): string {
  const base = (path.split("/").pop() ?? "test").replace(/[^A-Za-z0-9_]/g, "_");
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}.pith` : `${base}_${n}.pith`;
    if (!taken.includes(name)) return name;
  }
}
