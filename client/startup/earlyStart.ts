// Imported first by main.tsx: asks the compiler (its worker, which
// index.html already started, and compiler.wasm) for its version before React
// and the app evaluate. The editor chunk (Monaco) comes later, once the page
// is editable (editor/useMonacoWhenQuiet.ts).
import { startCompiler } from "../compiler/useCompilerVersion";

void startCompiler();
