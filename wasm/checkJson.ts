// The shape of one diagnostic in `compiler.wasm check --json` output, as
// the editor, the MCP tools and the tests read it (positions are 1-based).
export interface CompilerDiagnostic {
  file: string;
  line: number;
  col: number;
  end_line: number;
  end_col: number;
  severity: string;
  message: string;
}
