// Imported first by main.tsx: asks the compiler (its worker, which
// index.html already started, and compiler.wasm) for its version and
// IndexedDB for the saved work before React and the app evaluate. The editor chunk (Monaco) comes later, once the page
// is editable (editor/useMonacoWhenQuiet.ts).
import { startCompiler } from "../compiler/useCompilerVersion";
import { savedWorkspace } from "../persistence/workspace";

void startCompiler();
void savedWorkspace();
