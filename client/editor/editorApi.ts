// The Monaco editor instance as the playground's modules hold it. Its own
// file, so the modules that act on the editor (Vim keys, formatting, the hand
// over from the early editor) name it without importing CodeEditor, which
// imports the Vim chunk.
import type * as monaco from "monaco-editor/editor";

export type EditorApi = monaco.editor.IStandaloneCodeEditor;
