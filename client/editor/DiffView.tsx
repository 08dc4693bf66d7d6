// Two views of the program side by side, their differences marked: Monaco's
// diff editor, read-only (the views' -O0 against -O2, one target against another).
import { DiffEditor } from "@monaco-editor/react";
import { PITH_DARK_THEME } from "./darkTheme";
import { EDITOR_FONT, EDITOR_FONT_SIZE, EDITOR_LINE_HEIGHT } from "./editorMetrics";
import "./monacoSetup";

export interface DiffViewProps {
  original: string;
  modified: string;
  language: string;
  dark: boolean;
  ariaLabel: string;
}

export function DiffView({ original, modified, language, dark, ariaLabel }: DiffViewProps) {
  return (
    <section className="diff-view" data-testid="diff-view" aria-label={ariaLabel}>
      <DiffEditor
        original={original}
        modified={modified}
        language={language}
        theme={dark ? PITH_DARK_THEME : "vs"}
        options={{
          readOnly: true,
          originalEditable: false,
          renderSideBySide: true,
          automaticLayout: true,
          fontFamily: EDITOR_FONT,
          fontSize: EDITOR_FONT_SIZE,
          lineHeight: EDITOR_LINE_HEIGHT,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          // Views of compiler output: column-aligned comments, not indented blocks.
          guides: { indentation: false },
        }}
      />
    </section>
  );
}
