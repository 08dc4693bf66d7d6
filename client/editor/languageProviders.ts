// Quick fixes for Pith, from quickFixes.ts, for the diagnostics that name
// their own repair. Completion, hover and navigation are the compiler's
// (queryProviders.ts).
import type * as Monaco from "monaco-editor/editor";
import { PITH_LANGUAGE_ID } from "./pithLanguage";
import { quickFixes } from "./quickFixes";

export function registerProviders(monaco: typeof Monaco): Monaco.IDisposable[] {
  return [
    monaco.languages.registerCodeActionProvider(PITH_LANGUAGE_ID, {
      provideCodeActions(model, _range, context) {
        const actions = context.markers.flatMap((marker) =>
          quickFixes({
            // The marker's code is the diagnostic's, with its page as the link target (CodeEditor.tsx).
            code: typeof marker.code === "string" ? marker.code : marker.code?.value,
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
