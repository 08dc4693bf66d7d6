// Completion and hover for Pith: keywords, the prelude, and standard-library
// names with their signatures and doc comments (from stdlibSymbols.ts); hover
// also shows the program's own functions, structs, enums and constants.
// After `math.` only that module's names are offered. Quick fixes come from
// quickFixes.ts, for the diagnostics that name their own repair.
import type * as Monaco from "monaco-editor/editor";
import { KEYWORDS, LITERALS, PITH_LANGUAGE_ID, TYPES } from "./pithLanguage";
import { quickFixes } from "./quickFixes";
import { sourceSymbols } from "./sourceSymbols";
import { type StdSymbol, stdlib } from "./stdlibSymbols";

function documentation(symbol: StdSymbol): Monaco.IMarkdownString {
  const where = symbol.module ? `std.${symbol.module}` : "prelude";
  return { value: `\`\`\`pith\n${symbol.signature}\n\`\`\`\n${symbol.doc}\n\n*${where}*` };
}

export function registerProviders(monaco: typeof Monaco): Monaco.IDisposable[] {
  const { CompletionItemKind, CompletionItemInsertTextRule } = monaco.languages;
  return [
    monaco.languages.registerCompletionItemProvider(PITH_LANGUAGE_ID, {
      triggerCharacters: ["."],
      provideCompletionItems(model, position) {
        const word = model.getWordUntilPosition(position);
        const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
        const before = model.getLineContent(position.lineNumber).slice(0, word.startColumn - 1);
        const qualifier = /([A-Za-z_][A-Za-z0-9_]*)\.$/.exec(before)?.[1];
        const stdlibNames = stdlib().symbols.filter((s) => (qualifier ? s.module === qualifier : s.module === ""));
        const symbols = stdlibNames.map((s) => ({
          label: s.name,
          kind: s.kind === "function" ? CompletionItemKind.Function : CompletionItemKind.Constant,
          detail: s.signature,
          documentation: documentation(s),
          insertText: s.kind === "function" ? `${s.name}($0)` : s.name,
          insertTextRules: CompletionItemInsertTextRule.InsertAsSnippet,
          range,
        }));
        if (qualifier) return { suggestions: symbols };
        const words = [
          ...KEYWORDS.map((k) => ({ label: k, kind: CompletionItemKind.Keyword })),
          ...LITERALS.map((k) => ({ label: k, kind: CompletionItemKind.Constant })),
          ...TYPES.map((k) => ({ label: k, kind: CompletionItemKind.TypeParameter })),
          ...stdlib().modules.map((m) => ({ label: m.name, kind: CompletionItemKind.Module, detail: m.path })),
        ].map((w) => ({ ...w, insertText: w.label, range }));
        return { suggestions: [...symbols, ...words] };
      },
    }),
    monaco.languages.registerHoverProvider(PITH_LANGUAGE_ID, {
      provideHover(model, position) {
        const word = model.getWordAtPosition(position);
        if (!word) return null;
        const before = model.getLineContent(position.lineNumber).slice(0, word.startColumn - 1);
        const qualifier = /([A-Za-z_][A-Za-z0-9_]*)\.$/.exec(before)?.[1] ?? "";
        const symbol =
          stdlib().symbols.find((s) => s.name === word.word && s.module === qualifier) ??
          (qualifier ? undefined : stdlib().symbols.find((s) => s.name === word.word && s.module === ""));
        const module = stdlib().modules.find((m) => m.name === word.word);
        const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
        // The program's own declarations come first: they shadow prelude names.
        const own = qualifier ? undefined : sourceSymbols(model.getValue()).find((s) => s.name === word.word);
        if (own) {
          const doc = own.doc ? `${own.doc}\n\n` : "";
          return { range, contents: [{ value: `\`\`\`pith\n${own.signature}\n\`\`\`\n${doc}*line ${own.line}*` }] };
        }
        if (!symbol && !module) return null;
        if (symbol) return { range, contents: [documentation(symbol)] };
        return { range, contents: [{ value: `**${module?.path}**\n\n${module?.doc}` }] };
      },
    }),
    monaco.languages.registerCodeActionProvider(PITH_LANGUAGE_ID, {
      provideCodeActions(model, _range, context) {
        const actions = context.markers.flatMap((marker) =>
          quickFixes({
            message: marker.message,
            line: marker.startLineNumber,
            col: marker.startColumn,
            endLine: marker.endLineNumber,
            endCol: marker.endColumn,
            lineText: model.getLineContent(marker.startLineNumber),
          }).map((fix) => ({
            title: fix.title,
            kind: "quickfix",
            isPreferred: true,
            diagnostics: [marker],
            edit: {
              edits: [
                {
                  resource: model.uri,
                  versionId: model.getVersionId(),
                  textEdit: { range: new monaco.Range(fix.line, fix.col, fix.line, fix.endCol), text: fix.text },
                },
              ],
            },
          })),
        );
        return { actions, dispose() {} };
      },
    }),
  ];
}
