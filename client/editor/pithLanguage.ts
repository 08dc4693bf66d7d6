// The Pith language for Monaco: Monarch tokens, brackets, comments and
// indentation rules.
import type { languages } from "monaco-editor/editor";
import {
  KEYWORDS as LEXER_KEYWORDS,
  LITERAL_KEYWORDS,
  PRELUDE_TYPES,
  PRELUDE_VARIANTS,
  PRIMITIVE_TYPES,
  STD_TYPES,
} from "../../wasm/src/syntax/lexicon";

export const PITH_LANGUAGE_ID = "pith";

// The compiler's own lists (wasm/src/syntax/lexicon.ts, which its lexer reads):
// keywords that are not values, the values, and every type name a program
// writes without declaring it, with the prelude's variants.
export const KEYWORDS = LEXER_KEYWORDS.filter((w) => !LITERAL_KEYWORDS.includes(w) && w !== "_");
export const LITERALS = [...LITERAL_KEYWORDS];
export const TYPES = [...PRIMITIVE_TYPES, ...PRELUDE_TYPES, ...STD_TYPES, ...PRELUDE_VARIANTS];

export const languageConfiguration: languages.LanguageConfiguration = {
  comments: { lineComment: "//", blockComment: ["/*", "*/"] },
  brackets: [
    ["{", "}"],
    ["[", "]"],
    ["(", ")"],
  ],
  autoClosingPairs: [
    { open: "{", close: "}" },
    { open: "[", close: "]" },
    { open: "(", close: ")" },
    // Not in a comment either: a lone quote there would be closed, and Enter
    // would carry the closer to the start of the next line.
    { open: '"', close: '"', notIn: ["string", "comment"] },
  ],
  surroundingPairs: [
    { open: "{", close: "}" },
    { open: "[", close: "]" },
    { open: "(", close: ")" },
    { open: '"', close: '"' },
  ],
  indentationRules: {
    increaseIndentPattern: /^.*(\{[^}"']*|\([^)"']*|\[[^\]"']*)$/,
    decreaseIndentPattern: /^\s*[}\])].*$/,
  },
  folding: { markers: { start: /^\s*\/\/\s*#?region\b/, end: /^\s*\/\/\s*#?endregion\b/ } },
  wordPattern: /[A-Za-z_][A-Za-z0-9_]*/,
};

export const monarchTokens: languages.IMonarchLanguage = {
  defaultToken: "",
  keywords: KEYWORDS,
  literals: LITERALS,
  typeKeywords: TYPES,
  operators: [
    "=",
    ">",
    "<",
    "!",
    "~",
    "?",
    ":",
    "==",
    "<=",
    ">=",
    "!=",
    "&&",
    "||",
    "+",
    "-",
    "*",
    "/",
    "&",
    "|",
    "^",
    "%",
    "<<",
    ">>",
    "+=",
    "-=",
    "*=",
    "/=",
    "&=",
    "|=",
    "^=",
    "%=",
    "<<=",
    ">>=",
    "->",
    "=>",
    "..",
    "..=",
    "::",
  ],
  symbols: /[=><!~?:&|+\-*/^%.]+/,
  tokenizer: {
    root: [
      [/[A-Z][A-Za-z0-9_]*/, { cases: { "@typeKeywords": "type", "@default": "type.identifier" } }],
      [
        /[a-z_][A-Za-z0-9_]*/,
        {
          cases: {
            "@keywords": "keyword",
            "@literals": "constant",
            "@typeKeywords": "type",
            "@default": "identifier",
          },
        },
      ],
      { include: "@whitespace" },
      [/[{}()[\]]/, "@brackets"],
      [/@symbols/, { cases: { "@operators": "operator", "@default": "" } }],
      [/\d[\d_]*\.\d[\d_]*([eE][+-]?\d+)?/, "number.float"],
      [/0[xX][0-9a-fA-F_]+/, "number.hex"],
      [/0[bB][01_]+/, "number.binary"],
      [/\d[\d_]*/, "number"],
      [/[;,.]/, "delimiter"],
      [/'([^'\\]|\\.)'/, "string"],
      [/"/, { token: "string.quote", next: "@string" }],
    ],
    whitespace: [
      [/[ \t\r\n]+/, ""],
      [/\/\*/, "comment", "@comment"],
      [/\/\/.*$/, "comment"],
    ],
    comment: [
      [/[^/*]+/, "comment"],
      [/\*\//, "comment", "@pop"],
      [/[/*]/, "comment"],
    ],
    string: [
      [/[^\\"{]+/, "string"],
      [/\\./, "string.escape"],
      [/\{/, { token: "delimiter.bracket", next: "@interpolation" }],
      [/"/, { token: "string.quote", next: "@pop" }],
    ],
    interpolation: [[/\}/, { token: "delimiter.bracket", next: "@pop" }], { include: "root" }],
  },
};
