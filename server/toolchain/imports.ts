// Finds a Pith program's `import` declarations without compiling it, so a
// native build can reject host modules (canvas, audio, http) with a message
// that names the module, the target and the place, before running clang.
// Comments (`//`, nested `/* */`) and string literals are skipped, so an
// import mentioned in a comment or a string is not one.

export interface ImportSite {
  path: string;
  line: number;
  col: number;
}

export function findImports(source: string): ImportSite[] {
  const sites: ImportSite[] = [];
  let line = 1;
  let lineStart = 0;
  let atStatementStart = true;
  let i = 0;
  const advanceNewline = () => {
    line += 1;
    lineStart = i + 1;
    atStatementStart = true;
  };
  while (i < source.length) {
    const ch = source[i];
    if (ch === "\n") {
      advanceNewline();
      i += 1;
    } else if (ch === " " || ch === "\t" || ch === "\r" || ch === ";") {
      if (ch === ";") atStatementStart = true;
      i += 1;
    } else if (source.startsWith("//", i)) {
      while (i < source.length && source[i] !== "\n") i += 1;
    } else if (source.startsWith("/*", i)) {
      let depth = 0;
      do {
        if (source.startsWith("/*", i)) {
          depth += 1;
          i += 2;
        } else if (source.startsWith("*/", i)) {
          depth -= 1;
          i += 2;
        } else {
          if (source[i] === "\n") advanceNewline();
          i += 1;
        }
      } while (depth > 0 && i < source.length);
    } else if (ch === '"') {
      i += 1;
      while (i < source.length && source[i] !== '"') {
        if (source[i] === "\\") i += 1;
        else if (source[i] === "\n") advanceNewline();
        i += 1;
      }
      i += 1;
      atStatementStart = false;
    } else {
      const match = /^import[ \t]+([A-Za-z_][A-Za-z0-9_]*(?:[ \t]*\.[ \t]*[A-Za-z_][A-Za-z0-9_]*)*)/.exec(
        source.slice(i, i + 256),
      );
      if (atStatementStart && match) {
        sites.push({ path: match[1].replace(/[ \t]/g, ""), line, col: i - lineStart + 1 });
        i += match[0].length;
      } else {
        const word = /^[A-Za-z0-9_]+/.exec(source.slice(i, i + 64));
        i += word ? word[0].length : 1;
      }
      atStatementStart = false;
    }
  }
  return sites;
}
