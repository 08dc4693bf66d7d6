// Monaco's language features for Pith, each answered by the compiler's
// query mode in the compiler worker (client/compiler/query.ts): completion
// (`.` triggers it), signature help (`(` and `,`), hover, go to definition
// (into the standard library, shown read-only), find references, rename and
// the outline. Monaco binds the usual keys: Ctrl+Space, Ctrl+Shift+Space,
// F12, Shift+F12, F2, Ctrl+Shift+O.
import type * as Monaco from "monaco-editor/editor";
import type { CompletionItem, QueryRange } from "../../wasm/queryJson";
import { querySource } from "../compiler/query";
import { PITH_LANGUAGE_ID } from "./pithLanguage";
import { openReadOnly, STDLIB_SCHEME } from "./stdlibOpener";
import { internalNames, stdlib } from "./stdlibSymbols";
import { openWorkspaceFile, queryWorkspace, WORKSPACE_SCHEME } from "./workspaceFiles";

type Api = typeof Monaco;

function completionKind(monaco: Api, kind: string): Monaco.languages.CompletionItemKind {
  const K = monaco.languages.CompletionItemKind;
  const kinds: Record<string, Monaco.languages.CompletionItemKind> = {
    keyword: K.Keyword,
    local: K.Variable,
    parameter: K.Variable,
    function: K.Function,
    method: K.Method,
    field: K.Field,
    variant: K.EnumMember,
    struct: K.Struct,
    enum: K.Enum,
    constant: K.Constant,
    module: K.Module,
    type: K.TypeParameter,
  };
  return kinds[kind] ?? K.Text;
}

function symbolKind(monaco: Api, kind: string): Monaco.languages.SymbolKind {
  const S = monaco.languages.SymbolKind;
  const kinds: Record<string, Monaco.languages.SymbolKind> = {
    function: S.Function,
    method: S.Method,
    struct: S.Struct,
    enum: S.Enum,
    field: S.Field,
    variant: S.EnumMember,
    constant: S.Constant,
    impl: S.Class,
  };
  return kinds[kind] ?? S.Variable;
}

/** The source of a standard-library file as the compiler names it ("std/math.pith"). */
function stdlibSource(file: string): string | undefined {
  const path = file.replace(/\.pith$/, "").replaceAll("/", ".");
  return stdlib().modules.find((m) => m.path === path)?.source;
}

function code(text: string): string {
  return `\`\`\`pith\n${text}\n\`\`\``;
}

function rangeOf(monaco: Api, r: QueryRange): Monaco.Range {
  return new monaco.Range(r.line, r.col, r.end_line, r.end_col);
}

/**
 * The model a query range is in: the edited file, another file of the
 * workspace (a model of its own, refreshed from the workspace's text, which
 * the page opens in its tab), or a standard-library module (created read-only
 * on first use).
 */
function uriOf(monaco: Api, model: Monaco.editor.ITextModel, r: QueryRange): Monaco.Uri | undefined {
  const { file, modules } = queryWorkspace();
  if (r.file === file) return model.uri;
  if (Object.hasOwn(modules, r.file)) {
    const uri = monaco.Uri.from({ scheme: WORKSPACE_SCHEME, path: `/${r.file}` });
    const existing = monaco.editor.getModel(uri);
    if (!existing) monaco.editor.createModel(modules[r.file], PITH_LANGUAGE_ID, uri);
    else if (existing.getValue() !== modules[r.file]) existing.setValue(modules[r.file]);
    return uri;
  }
  if (!r.file.startsWith("std/")) return model.uri;
  const uri = monaco.Uri.from({ scheme: STDLIB_SCHEME, path: `/${r.file}` });
  if (!monaco.editor.getModel(uri)) {
    const text = stdlibSource(r.file);
    if (text === undefined) return undefined;
    monaco.editor.createModel(text, PITH_LANGUAGE_ID, uri);
  }
  return uri;
}

function locations(monaco: Api, model: Monaco.editor.ITextModel, ranges: QueryRange[]): Monaco.languages.Location[] {
  return ranges.flatMap((r) => {
    const uri = uriOf(monaco, model, r);
    return uri ? [{ uri, range: rangeOf(monaco, r) }] : [];
  });
}

function item(monaco: Api, c: CompletionItem, range: Monaco.IRange): Monaco.languages.CompletionItem {
  return {
    label: { label: c.label, description: c.kind === "keyword" ? undefined : c.kind },
    kind: completionKind(monaco, c.kind),
    detail: c.detail || undefined,
    documentation: c.doc ? { value: c.doc } : undefined,
    insertText: c.label,
    // Locals first, then the program's and the library's names, keywords last.
    sortText: `${c.kind === "local" || c.kind === "parameter" || c.kind === "field" || c.kind === "variant" ? 0 : c.kind === "keyword" ? 2 : 1}${c.label}`,
    range,
  };
}

export function registerQueryProviders(monaco: Api): Monaco.IDisposable[] {
  const lang = PITH_LANGUAGE_ID;
  return [
    monaco.languages.registerCompletionItemProvider(lang, {
      triggerCharacters: ["."],
      async provideCompletionItems(model, position) {
        const word = model.getWordUntilPosition(position);
        const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
        const answer = await querySource(model.getValue(), "complete", position.lineNumber, position.column);
        // After `math.`, only the module's public names: its `// internal` helpers are not for programs.
        const before = model.getLineContent(position.lineNumber).slice(0, word.startColumn - 1);
        const module = /([A-Za-z_][A-Za-z0-9_]*)\.$/.exec(before)?.[1];
        const hidden = module ? internalNames(module) : new Set<string>();
        return { suggestions: answer.items.filter((c) => !hidden.has(c.label)).map((c) => item(monaco, c, range)) };
      },
    }),
    monaco.languages.registerSignatureHelpProvider(lang, {
      signatureHelpTriggerCharacters: ["(", ","],
      signatureHelpRetriggerCharacters: [","],
      async provideSignatureHelp(model, position) {
        const help = await querySource(model.getValue(), "signature", position.lineNumber, position.column);
        if (!help) return null;
        return {
          value: {
            signatures: [
              {
                label: help.label,
                documentation: help.doc ? { value: help.doc } : undefined,
                parameters: help.params.map((label) => ({ label })),
              },
            ],
            activeSignature: 0,
            activeParameter: Math.min(help.active, Math.max(help.params.length - 1, 0)),
          },
          dispose() {},
        };
      },
    }),
    monaco.languages.registerHoverProvider(lang, {
      async provideHover(model, position) {
        const h = await querySource(model.getValue(), "hover", position.lineNumber, position.column);
        if (!h) return null;
        const head = h.signature ? code(h.signature) : code(`: ${h.type}`);
        // A name whose declaration leaves its type unsaid (a function used as a value, a field) shows the inferred one.
        const typed = h.type && h.signature && !h.signature.includes(h.type) ? `\n\ntype: \`${h.type}\`` : "";
        const where = h.kind === "expression" ? "" : `\n\n*${h.kind}*`;
        return {
          range: rangeOf(monaco, h),
          contents: [{ value: `${head}${typed}${h.doc ? `\n\n${h.doc}` : ""}${where}` }],
        };
      },
    }),
    monaco.languages.registerDefinitionProvider(lang, {
      async provideDefinition(model, position) {
        const found = await querySource(model.getValue(), "definition", position.lineNumber, position.column);
        return locations(monaco, model, found);
      },
    }),
    monaco.languages.registerReferenceProvider(lang, {
      async provideReferences(model, position) {
        const found = await querySource(model.getValue(), "references", position.lineNumber, position.column);
        return locations(monaco, model, found);
      },
    }),
    monaco.languages.registerRenameProvider(lang, {
      async provideRenameEdits(model, position, newName) {
        const versionId = model.getVersionId();
        const result = await querySource(model.getValue(), "rename", position.lineNumber, position.column, newName);
        if ("error" in result) return { edits: [], rejectReason: result.error };
        // Only the shown file's text is the editor's to change: a name used in other files too is refused, not half renamed.
        const { file } = queryWorkspace();
        const elsewhere = [...new Set(result.edits.map((r) => r.file).filter((f) => f !== file))];
        if (elsewhere.length > 0)
          return {
            edits: [],
            rejectReason: `'${result.name}' would also change ${elsewhere.join(", ")}: rename across files is not supported yet`,
          };
        return {
          edits: result.edits.map((r) => ({
            resource: model.uri,
            versionId,
            textEdit: { range: rangeOf(monaco, r), text: result.name },
          })),
        };
      },
      async resolveRenameLocation(model, position) {
        const found = await querySource(model.getValue(), "definition", position.lineNumber, position.column);
        const word = model.getWordAtPosition(position);
        if (found.length === 0 || !word)
          return { range: new monaco.Range(1, 1, 1, 1), text: "", rejectReason: "nothing to rename here" };
        if (found[0].file.startsWith("std/"))
          return {
            range: new monaco.Range(1, 1, 1, 1),
            text: "",
            rejectReason: `'${word.word}' is declared in the standard library`,
          };
        return {
          range: new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn),
          text: word.word,
        };
      },
    }),
    monaco.languages.registerDocumentSymbolProvider(lang, {
      displayName: "Pith",
      async provideDocumentSymbols(model) {
        const symbols = await querySource(model.getValue(), "symbols", 1, 1);
        const convert = (s: (typeof symbols)[number]): Monaco.languages.DocumentSymbol => ({
          name: s.name,
          detail: s.detail,
          kind: symbolKind(monaco, s.kind),
          tags: [],
          range: rangeOf(monaco, s),
          selectionRange: new monaco.Range(s.name_line, s.name_col, s.name_line, s.name_end_col),
          children: s.children.map(convert),
        });
        return symbols.map(convert);
      },
    }),
    // A definition in the standard library opens in the page's read-only view; one in another file, its tab.
    monaco.editor.registerEditorOpener({
      openCodeEditor(_source, resource, selectionOrPosition) {
        const line =
          selectionOrPosition && "startLineNumber" in selectionOrPosition
            ? selectionOrPosition.startLineNumber
            : (selectionOrPosition?.lineNumber ?? 1);
        const file = resource.path.replace(/^\//, "");
        // A definition in another file of the program opens that file's tab.
        if (resource.scheme === WORKSPACE_SCHEME) return openWorkspaceFile(file, line);
        if (resource.scheme !== STDLIB_SCHEME) return false;
        const text = stdlibSource(file);
        return text !== undefined && openReadOnly(file, text, line);
      },
    }),
  ];
}
