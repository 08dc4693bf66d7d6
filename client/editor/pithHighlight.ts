// A small tokenizer for the early editor's highlighting: keywords, literals,
// types, strings, comments and numbers, with the word lists of the Monaco
// language (pithLanguage.ts). It is not the Monarch grammar: it colours a
// program for the second or so before Monaco arrives.
import { KEYWORDS, LITERALS, TYPES } from "./pithLanguage";

export type TokenKind =
  | "keyword"
  | "constant"
  | "type"
  | "string"
  | "comment"
  | "number"
  | "text"
  // Brackets coloured by nesting depth, as Monaco's bracket pair colourisation does.
  | "bracket1"
  | "bracket2"
  | "bracket3";

export interface Token {
  kind: TokenKind;
  text: string;
}

/** What a line starts inside: a block comment opened on an earlier line or not, and how deep in brackets. */
export interface LineState {
  comment: boolean;
  depth: number;
}

const BRACKET_KINDS: TokenKind[] = ["bracket1", "bracket2", "bracket3"];

const WORDS = new Map<string, TokenKind>([
  ...KEYWORDS.map((w): [string, TokenKind] => [w, "keyword"]),
  ...LITERALS.map((w): [string, TokenKind] => [w, "constant"]),
  ...TYPES.map((w): [string, TokenKind] => [w, "type"]),
]);

// Alternatives in order: block comment (closed or running to the end of the
// line), line comment, string (escapes; an unclosed one runs to the end),
// character, number, word.
const TOKEN =
  /(\/\*[\s\S]*?(?:\*\/|$))|(\/\/.*)|("(?:[^"\\]|\\.)*(?:"|$))|('(?:[^'\\]|\\.)')|(\b\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?\b|\b0[xXbB][0-9a-fA-F_]+\b)|([A-Za-z_][A-Za-z0-9_]*)/g;

/** Splits one line into coloured tokens; `state` says whether it starts inside a block comment. */
export function tokenizeLine(line: string, state: LineState): { tokens: Token[]; next: LineState } {
  const token = new RegExp(TOKEN); // its own position: an interpolation tokenizes its code with a nested call
  const tokens: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    if (!text) return;
    const last = tokens.at(-1);
    if (last && last.kind === kind && !kind.startsWith("bracket")) last.text += text;
    else tokens.push({ kind, text });
  };
  let depth = state.depth;
  // Code between tokens: plain text but for its brackets.
  const code = (text: string) => {
    let plain = "";
    for (const c of text) {
      const opens = "{([".includes(c);
      if (!opens && !"})]".includes(c)) {
        plain += c;
        continue;
      }
      if (!opens) depth--;
      if (depth < 0) {
        depth = 0;
        plain += c;
        continue;
      }
      push("text", plain);
      plain = "";
      push(BRACKET_KINDS[depth % 3], c);
      if (opens) depth++;
    }
    push("text", plain);
  };
  // A string, with each interpolation `{expression}` coloured as code between
  // its braces, as the Monaco language does (`\{` is an escape, not one).
  const stringToken = (text: string) => {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === "\\") {
        i++;
        continue;
      }
      if (text[i] !== "{") continue;
      let end = i + 1;
      for (let nest = 0; end < text.length && (text[end] !== "}" || nest > 0); end++) {
        if (text[end] === "{") nest++;
        else if (text[end] === "}") nest--;
      }
      push("string", text.slice(start, i));
      code("{");
      const inner = tokenizeLine(text.slice(i + 1, end), { comment: false, depth });
      for (const t of inner.tokens) push(t.kind, t.text);
      depth = inner.next.depth;
      if (end < text.length) code("}");
      i = end;
      start = end + 1;
    }
    push("string", text.slice(start));
  };
  let from = 0;
  if (state.comment) {
    const end = line.indexOf("*/");
    if (end < 0) return { tokens: line ? [{ kind: "comment", text: line }] : [], next: state };
    push("comment", line.slice(0, end + 2));
    from = end + 2;
  }
  let openComment = false;
  token.lastIndex = from;
  for (let m = token.exec(line); m; m = token.exec(line)) {
    code(line.slice(from, m.index));
    const [text, block, comment, string, char, number] = m;
    if (block !== undefined) {
      push("comment", text);
      if (!text.endsWith("*/") || text.length < 4) openComment = true;
    } else if (comment !== undefined) push("comment", text);
    else if (string !== undefined) stringToken(text);
    else if (char !== undefined) push("string", text);
    else if (number !== undefined) push("number", text);
    // As in the Monarch grammar, a capitalised name is a type.
    else push(WORDS.get(text) ?? (/^[A-Z]/.test(text) ? "type" : "text"), text);
    from = m.index + text.length;
  }
  code(line.slice(from));
  return { tokens, next: { comment: openComment, depth } };
}

/** Tokens of every line of a program, block comments carried across lines. */
export function tokenizeLines(source: string): Token[][] {
  let state: LineState = { comment: false, depth: 0 };
  return source.split("\n").map((line) => {
    const { tokens, next } = tokenizeLine(line, state);
    state = next;
    return tokens;
  });
}
