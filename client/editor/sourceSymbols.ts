// The program's own declarations for hover: each `fn`, `struct`, `enum` and
// `const` with its declaration line as the signature and the `//` comment
// lines right above it as its doc. Read from the text (the compiler's check
// gives diagnostics only), so it also works while the program has errors.

export interface SourceSymbol {
  name: string;
  signature: string;
  doc: string;
  /** 1-based line of the declaration. */
  line: number;
}

const DECLARATION = /^\s*(?:pub\s+)?(fn|struct|enum|const)\s+([A-Za-z_][A-Za-z0-9_]*)/;

export function sourceSymbols(source: string): SourceSymbol[] {
  const lines = source.split("\n");
  const symbols: SourceSymbol[] = [];
  lines.forEach((text, index) => {
    const match = DECLARATION.exec(text);
    if (!match) return;
    const doc: string[] = [];
    for (let above = index - 1; above >= 0; above--) {
      const comment = /^\s*\/\/\/?\s?(.*)$/.exec(lines[above]);
      if (!comment) break;
      doc.unshift(comment[1]);
    }
    const signature = text.replace(/\s*(?:\{.*)?$/, "").trim();
    symbols.push({ name: match[2], signature, doc: doc.join("\n"), line: index + 1 });
  });
  return symbols;
}
