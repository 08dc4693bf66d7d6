// Imported first by main.tsx: starts the page's two longest loads, the editor
// chunk (Monaco) and the compiler (its worker and compiler.wasm), before
// React and the app evaluate, so they proceed side by side.
import "../editor/editorChunk";
import { startCompiler } from "../compiler/useCompilerVersion";

void startCompiler();
