// Monaco, bundled: the core API plus only the editor features the playground
// uses (no TypeScript/CSS/HTML workers), handed to @monaco-editor/react so it
// never fetches Monaco from a CDN. Loaded lazily with the editor chunk.
import { loader } from "@monaco-editor/react";
import * as monaco from "monaco-editor/editor";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import "monaco-editor/features/bracketMatching/register";
import "monaco-editor/features/clipboard/register";
import "monaco-editor/features/codeAction/register";
import "monaco-editor/features/comment/register";
import "monaco-editor/features/contextmenu/register";
import "monaco-editor/features/cursorUndo/register";
import "monaco-editor/features/find/register";
import "monaco-editor/features/folding/register";
import "monaco-editor/features/format/register";
import "monaco-editor/features/gotoError/register";
// Go to line: Ctrl+G, and "Go to Line/Column..." in the F1 palette.
import "monaco-editor/features/gotoLine/register";
import "monaco-editor/features/hover/register";
import "monaco-editor/features/indentation/register";
import "monaco-editor/features/linesOperations/register";
import "monaco-editor/features/multicursor/register";
import "monaco-editor/features/quickCommand/register";
import "monaco-editor/features/smartSelect/register";
import "monaco-editor/features/snippet/register";
import "monaco-editor/features/suggest/register";
import "monaco-editor/features/toggleTabFocusMode/register";
// features/suggest/register brings only inline completions: the suggest
// widget itself (Ctrl+Space, editor.action.triggerSuggest) is this contribution.
import "monaco-editor/editor/contrib/suggest/browser/suggestController";
import "monaco-editor/features/parameterHints/register";
import "monaco-editor/features/gotoSymbol/register";
import "monaco-editor/features/referenceSearch/register";
import "monaco-editor/features/rename/register";
import "monaco-editor/features/documentSymbols/register";
import "monaco-editor/features/quickOutline/register";
import "monaco-editor/features/wordHighlighter/register";
import "monaco-editor/features/wordOperations/register";
import { PITH_DARK_THEME, pithDarkTheme } from "./darkTheme";
import { registerProviders } from "./languageProviders";
import { OUTPUT_LANGUAGES } from "./outputLanguages";
import { repairQuickInputAria } from "./paletteAria";
import { languageConfiguration, monarchTokens, PITH_LANGUAGE_ID } from "./pithLanguage";
import { registerQueryProviders } from "./queryProviders";

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

monaco.languages.register({ id: PITH_LANGUAGE_ID, extensions: [".pith"], aliases: ["Pith"] });
monaco.languages.setLanguageConfiguration(PITH_LANGUAGE_ID, languageConfiguration);
monaco.languages.setMonarchTokensProvider(PITH_LANGUAGE_ID, monarchTokens);
registerProviders(monaco);
for (const { id, tokens } of OUTPUT_LANGUAGES) {
  monaco.languages.register({ id });
  monaco.languages.setMonarchTokensProvider(id, tokens);
}
registerQueryProviders(monaco);
monaco.editor.defineTheme(PITH_DARK_THEME, pithDarkTheme);
repairQuickInputAria();
loader.config({ monaco });
performance.mark("pith:monaco-loaded");

export { monaco };
