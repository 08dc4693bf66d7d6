// The compiler's language service for the editor: one `query` run of
// compiler.wasm in the compiler worker per question, answered from the
// program's checked tree (wasm/queryJson.ts has the answers' shapes).
import { type QueryAnswers, type QueryKind, queryArgs } from "../../wasm/queryJson";
import { queryWorkspace } from "../editor/workspaceFiles";
import { compilerWorker } from "./compilerClient";

export type { QueryAnswers, QueryKind };

/**
 * Asks `what` about `source` (the file the editor shows, beside the
 * workspace's other files, which its imports read) at a 1-based line and
 * column (characters); `newName` for rename.
 */
export async function querySource<K extends QueryKind>(
  source: string,
  what: K,
  line: number,
  col: number,
  newName?: string,
): Promise<QueryAnswers[K]> {
  const { file, modules } = queryWorkspace();
  const run = await compilerWorker().run(queryArgs(file, what, line, col, newName), { ...modules, [file]: source });
  if (run.exitCode !== 0) throw new Error(`the compiler failed (exit ${run.exitCode}): ${run.stderr.trim()}`);
  return JSON.parse(run.stdout) as QueryAnswers[K];
}
