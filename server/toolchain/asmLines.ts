// The source line of each instruction in clang's assembly, for the
// assembly view's line mapping. The IR carries line tables when asked for
// (`pith build -g`, wasm/src/backend/llvm/debug.ts), clang turns them into
// `.file` and `.loc` directives, and this reads them back: each instruction
// belongs to the last `.loc` before it. The directives, the DWARF sections
// and the labels only they use are then dropped, so the text reads like the
// assembly without line tables.

export interface SourceLine {
  file: string;
  line: number;
}

export interface MappedAsm {
  /** The assembly without the line-table directives and debug sections. */
  asm: string;
  /** For each line of `asm`: the source line its instruction came from, or null (labels, directives, code with no line). */
  lines: (SourceLine | null)[];
}

/** `.file 2 "dir" "name"` (DWARF 5 may add an md5) or `.file 2 "name"`; the unnumbered `.file "x.ll"` names the unit. */
const FILE = /^\s*\.file\s+(\d+)\s+"((?:[^"\\]|\\.)*)"(?:\s+"((?:[^"\\]|\\.)*)")?/;
const LOC = /^\s*\.loc\s+(\d+)\s+(\d+)/;
const SECTION = /^\s*\.(section|text|data|bss|rodata)\b(.*)$/;
/** Labels clang makes for the line tables' address ranges; any the code itself names are kept. */
const TEMP_LABEL = /^(\.?Ltmp\d+):\s*$/;

const isDebugSection = (line: string) => /debug|DWARF/.test(line);

/** An instruction line: indented, and neither a directive nor a comment. */
function isInstruction(line: string): boolean {
  if (!/^\s/.test(line)) return false;
  const text = line.trim();
  return text !== "" && !text.startsWith(".") && !/^(\/\/|#|;|@)/.test(text);
}

export function mapAsmLines(text: string): MappedAsm {
  const files = new Map<number, string>();
  let current: SourceLine | null = null;
  let inDebug = false;
  const kept: { text: string; at: SourceLine | null }[] = [];
  for (const line of text.split("\n")) {
    const section = SECTION.exec(line);
    if (section) inDebug = isDebugSection(line);
    if (inDebug) continue;
    const file = FILE.exec(line);
    if (file) {
      const [, id, first, second] = file;
      files.set(Number(id), second === undefined ? first : first ? `${first}/${second}` : second);
      continue;
    }
    const loc = LOC.exec(line);
    if (loc) {
      const lineNo = Number(loc[2]);
      const name = files.get(Number(loc[1]));
      current = lineNo > 0 && name !== undefined ? { file: name, line: lineNo } : null;
      continue;
    }
    kept.push({ text: line, at: isInstruction(line) ? current : null });
  }
  const named = new Set<string>();
  for (const k of kept) if (!TEMP_LABEL.test(k.text)) for (const m of k.text.matchAll(/\.?Ltmp\d+/g)) named.add(m[0]);
  const out = kept.filter((k) => {
    const temp = TEMP_LABEL.exec(k.text);
    return !temp || named.has(temp[1]);
  });
  return { asm: out.map((k) => k.text).join("\n"), lines: out.map((k) => k.at) };
}
