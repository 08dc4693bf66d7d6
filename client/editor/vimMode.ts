// Vim keybindings (monaco-vim), in a chunk of their own: only a user who turns
// the setting on downloads them.
import { initVimMode } from "monaco-vim";
import type { EditorApi } from "./editorApi";

export function startVim(editor: EditorApi, status: HTMLElement): { dispose(): void } {
  return initVimMode(editor, status);
}
