// The seam between the Pith compiler and the native toolchain. The route
// glue will run compiler.wasm `build <file> --emit ll` here and hand the IR
// to buildNative; until the compiler has its LLVM backend this reports that
// plainly instead of pretending.
import type { HostModuleDiagnostic } from "./hostModules";

export interface CompileToLlRequest {
  source: string;
  filename: string;
  target: string;
  opt: string;
}

export interface CompileToLlResult {
  ll: string | null;
  /** Compiler diagnostics (file:line:col messages) when ll is null. */
  errors: string[];
  /** Host modules the program imports, for rejectHostModules. */
  imports: string[];
  hostModuleErrors?: HostModuleDiagnostic[];
}

export type CompileToLl = (request: CompileToLlRequest) => Promise<CompileToLlResult>;

export const compileToLl: CompileToLl = async () => ({
  ll: null,
  errors: ["the Pith compiler cannot emit LLVM IR yet (`build --emit ll` is not implemented)"],
  imports: [],
});
