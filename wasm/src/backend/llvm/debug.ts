// Line tables for the native views (`build --emit ll -g`): each function gets
// a DISubprogram and each instruction the DILocation of the statement it
// belongs to, taken from the IR's `file:line:col` statement marks. Nothing
// else (no types, no variables): that is all clang needs to write `.loc`
// directives, which the playground maps back to source lines. Without -g
// none of this is emitted, so ordinary builds are unchanged byte for byte.

/** Debug metadata numbers start here, far above the TBAA nodes (tbaa.ts), so the two never meet. */
const BASE: i32 = 1000000;

/** A `file:line:col` mark split into its parts; the file name may itself hold colons. */
export class Position {
  constructor(public file: string, public line: i32, public col: i32) {}
}

export function parsePosition(loc: string): Position | null {
  const c = loc.lastIndexOf(":");
  if (c <= 0) return null;
  const l = loc.lastIndexOf(":", c - 1);
  if (l <= 0) return null;
  const line = I32.parseInt(loc.substring(l + 1, c));
  const col = I32.parseInt(loc.substring(c + 1));
  if (line <= 0) return null;
  return new Position(loc.substring(0, l), line, col > 0 ? col : 0);
}

function quoted(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    if (ch == 34 || ch == 92 || ch < 32 || ch > 126) {
      const hex = ch.toString(16).toUpperCase();
      out += "\\" + (hex.length < 2 ? "0" + hex : hex.slice(-2));
    } else out += String.fromCharCode(ch);
  }
  return "\"" + out + "\"";
}

export class DebugInfo {
  lines: string[] = [];
  next: i32 = BASE;
  files: Map<string, i32> = new Map();
  locations: Map<string, i32> = new Map();
  unit: i32;
  signature: i32;
  flags: i32;

  constructor(public entryFile: string) {
    this.unit = this.next++;
    this.signature = this.next++;
    this.flags = this.next++;
    const file = this.file(entryFile);
    this.lines.push(
      "!" + this.unit.toString() + " = distinct !DICompileUnit(language: DW_LANG_C99, file: !" + file.toString() +
      ", producer: \"pith\", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)",
    );
    this.lines.push("!" + this.signature.toString() + " = !DISubroutineType(types: !{})");
    this.lines.push("!" + this.flags.toString() + " = !{i32 2, !\"Debug Info Version\", i32 3}");
  }

  file(name: string): i32 {
    if (this.files.has(name)) return this.files.get(name);
    const id = this.next++;
    this.files.set(name, id);
    this.lines.push("!" + id.toString() + " = !DIFile(filename: " + quoted(name) + ", directory: \"\")");
    return id;
  }

  /** The function's DISubprogram, in the file and at the line of its declaration (line 0 when it has none). */
  subprogram(name: string, at: Position | null, fallbackFile: string): i32 {
    const file = this.file(at !== null ? at.file : fallbackFile);
    const line = at !== null ? at.line : 0;
    const id = this.next++;
    this.lines.push(
      "!" + id.toString() + " = distinct !DISubprogram(name: " + quoted(name) + ", scope: !" + file.toString() +
      ", file: !" + file.toString() + ", line: " + line.toString() + ", type: !" + this.signature.toString() +
      ", scopeLine: " + line.toString() + ", spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !" +
      this.unit.toString() + ")",
    );
    return id;
  }

  /** The attachment for an instruction at `at`, in the function whose subprogram is `scope`. */
  location(scope: i32, at: Position): string {
    const key = scope.toString() + ":" + at.line.toString() + ":" + at.col.toString();
    if (!this.locations.has(key)) {
      const id = this.next++;
      this.locations.set(key, id);
      this.lines.push(
        "!" + id.toString() + " = !DILocation(line: " + at.line.toString() + ", column: " + at.col.toString() +
        ", scope: !" + scope.toString() + ")",
      );
    }
    return ", !dbg !" + this.locations.get(key).toString();
  }

  /** The module's closing metadata: the compile unit's roots and the version flag LLVM requires. */
  metadata(): string[] {
    const out: string[] = [];
    out.push("!llvm.dbg.cu = !{!" + this.unit.toString() + "}");
    out.push("!llvm.module.flags = !{!" + this.flags.toString() + "}");
    for (let i = 0; i < this.lines.length; i++) out.push(this.lines[i]);
    return out;
  }
}
