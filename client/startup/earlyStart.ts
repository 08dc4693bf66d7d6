// Imported first by main.tsx: starts the compiler (its worker and
// compiler.wasm) before React and the app evaluate. The editor chunk
// (Monaco) is already on its way: index.html preloads it.
import { startCompiler } from "../compiler/useCompilerVersion";

void startCompiler();
