// The shapes of `compiler.wasm query` answers, as the editor, the MCP tool,
// the CLI's users and the tests read them (positions are 1-based, columns in
// characters). The questions are the compiler's QUERY_KINDS
// (wasm/src/query/query.ts); query.test.ts checks this copy against them.
export const QUERY_KINDS = ["complete", "signature", "hover", "definition", "references", "rename", "symbols"] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface QueryRange {
  /** "main.pith" for the user's file, "std/math.pith" for a standard-library module. */
  file: string;
  line: number;
  col: number;
  end_line: number;
  end_col: number;
}

export interface CompletionItem {
  label: string;
  /** keyword, local, parameter, function, method, field, variant, struct, enum, constant, module, type */
  kind: string;
  detail: string;
  doc: string;
}

export interface SignatureHelp {
  label: string;
  doc: string;
  params: string[];
  active: number;
}

export interface HoverInfo extends QueryRange {
  kind: string;
  signature: string;
  type: string;
  doc: string;
}

export interface OutlineSymbol extends QueryRange {
  name: string;
  kind: string;
  detail: string;
  name_line: number;
  name_col: number;
  name_end_col: number;
  children: OutlineSymbol[];
}

export type RenameResult = { name: string; edits: QueryRange[] } | { error: string };

export interface QueryAnswers {
  complete: { items: CompletionItem[] };
  signature: SignatureHelp | null;
  hover: HoverInfo | null;
  definition: QueryRange[];
  references: QueryRange[];
  rename: RenameResult;
  symbols: OutlineSymbol[];
}

/** The compiler's arguments for one question about `file`. */
export function queryArgs(file: string, what: QueryKind, line: number, col: number, newName?: string): string[] {
  const args = ["query", file, what, "--at", `${line}:${col}`];
  if (newName !== undefined) args.push("--name", newName);
  return args;
}
