// A highlight.js language definition for Pith, enough to colour the code
// blocks of the rendered documents: keywords and literals from the lexer
// (wasm/src/syntax/token.ts), primitive types, comments (block comments
// nest), strings with {interpolation}, numbers and function names.
import type { HLJSApi, Language } from "highlight.js";

export function pithLanguage(hljs: HLJSApi): Language {
  const blockComment = hljs.COMMENT(/\/\*/, /\*\//, { contains: ["self"] });
  return {
    name: "Pith",
    aliases: ["pith"],
    keywords: {
      keyword:
        "as break const continue else enum extern fn for if impl import in let loop match pub return self struct var while",
      literal: "true false",
      type: "i8 i16 i32 i64 u8 u16 u32 u64 f32 f64 bool str char Option Result Map",
      built_in: "print println eprintln panic assert len push pop Some None Ok Err",
    },
    contains: [
      hljs.C_LINE_COMMENT_MODE,
      blockComment,
      {
        scope: "string",
        begin: '"',
        end: '"',
        contains: [
          { scope: "char.escape", match: /\\(u\{[0-9A-Fa-f]+\}|.)/ },
          { scope: "subst", begin: /\{/, end: /\}/ },
        ],
      },
      { scope: "number", match: /\b(0x[0-9A-Fa-f_]+|0b[01_]+|\d[\d_]*(\.\d[\d_]*)?([eE][+-]?\d+)?)\b/ },
      { scope: "title.function", match: /\b[a-z_][A-Za-z0-9_]*(?=\s*\()/ },
    ],
  };
}
